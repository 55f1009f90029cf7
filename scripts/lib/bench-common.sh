#!/usr/bin/env bash
# Shared steps of the benchmark suites (bench-accuracy.sh, bench-fit.sh), sourced after their
# option parsing: build (unless --no-build/--bin), resolve the binary, and make the work folder.
# Uses and sets: build, bin, keep, caller_dir, work.

# Builds strokescope in release when asked and checks that `bin` is there (absolute path).
bench_prepare_binary() {
    if [ "$build" = 1 ]; then
        swift build -c release --product strokescope >&2
    fi
    case "$bin" in /*) ;; *) bin="$caller_dir/$bin" ;; esac
    [ -x "$bin" ] || { echo "error: $bin missing (build it or drop --no-build)" >&2; exit 66; }
}

# Sets `work`: the --keep folder (emptied of the listed subfolders) or a temporary one removed at
# exit. Usage: bench_workdir NAME SUBFOLDER...
bench_workdir() {
    local name="$1"
    shift
    if [ -n "$keep" ]; then
        case "$keep" in /*) ;; *) keep="$caller_dir/$keep" ;; esac
        mkdir -p "$keep"
        work="$(cd "$keep" && pwd)"
        local sub
        for sub in "$@"; do rm -rf "${work:?}/$sub"; done
    else
        work="$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")"
        trap 'rm -rf "$work"' EXIT
    fi
}

# Runs FUNCTION once per line of $work/cases.tsv (tab-separated fields as arguments), at most
# `jobs` at a time, and prints how many ran. Usage: bench_run_cases FUNCTION
bench_run_cases() {
    local fn="$1" running=0 count=0 line
    local -a fields
    while IFS= read -r line; do
        # Split on tabs keeping empty fields (a tab is whitespace to `read`, which would merge
        # neighbouring separators): swap in a non-whitespace separator, one extra at the end.
        line="${line//$'\t'/$'\x1f'}"$'\x1f'
        IFS=$'\x1f' read -r -a fields <<< "$line"
        "$fn" "${fields[@]}" &
        running=$((running + 1))
        count=$((count + 1))
        if [ "$running" -ge "$jobs" ]; then
            wait -n || true
            running=$((running - 1))
        fi
    done < "$work/cases.tsv"
    wait
    echo "$count"
}
