#!/usr/bin/env bash
# Shared steps of the benchmark suites (bench-accuracy.sh, bench-fit.sh, bench.sh, bench-infer.sh,
# bench-movie.sh, bench-movie-speed.sh) and the real-world scripts: the options most of them
# share (bench_parse_options), build (unless --no-build/--bin), resolve the binary, and make the
# work folder; and timing helpers (bench_time_once, bench_cpu_busy).
# Uses and sets: build, bin, keep, only, jobs, realworld, opt_* (a script's own options),
# caller_dir, work.

# Parses --keep DIR, --no-build, --bin PATH, --only REGEX, --no-record (results_no_record, from
# scripts/lib/results.sh), -h/--help, and those of --jobs N and
# --realworld DIR that the script names first; sets keep, build, bin, only, jobs, realworld
# (defaults: nothing kept, build, .build/release/strokescope, every case, 1 job,
# ../shared/realworld). Usage: bench_parse_options [jobs] [realworld] -- "$@"
# The words before -- may also be:
#   jobs=N, realworld=DIR  accept the option with another default
#   --NAME                 a flag of the script's own: opt_NAME (dashes as underscores) is 1
#                          when it is given, otherwise 0
#   --NAME=DEFAULT         an option of the script's own taking a value: opt_NAME is the value
#                          given, otherwise DEFAULT (which may be empty)
#   -keep, -bin, -only     leave that shared option out (it is then an unknown option)
# E.g. bench_parse_options "jobs=$(nproc)" --quick --runs=3 -keep -- "$@"
bench_parse_options() {
    local extras=" " word name
    keep="" build=1 only="" jobs=1 realworld="../shared/realworld" bin="$PWD/.build/release/strokescope"
    while [ "$1" != "--" ]; do
        word="$1"
        shift
        case "$word" in
            jobs=*|realworld=*) printf -v "${word%%=*}" '%s' "${word#*=}"; word="${word%%=*}" ;;
            --*=*) name="${word%%=*}"; name="${name#--}"; printf -v "opt_${name//-/_}" '%s' "${word#*=}"; word="--$name=" ;;
            --*) name="${word#--}"; printf -v "opt_${name//-/_}" '%s' 0 ;;
        esac
        extras="$extras$word "
    done
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --keep|--bin|--only|--jobs|--realworld)
                case "$1" in
                    --jobs|--realworld) [[ "$extras" == *" ${1#--} "* ]] || { echo "error: unknown option '$1'" >&2; exit 64; } ;;
                    *) [[ "$extras" != *" -${1#--} "* ]] || { echo "error: unknown option '$1'" >&2; exit 64; } ;;
                esac
                [ $# -ge 2 ] || { echo "error: $1 needs a value" >&2; exit 64; }
                case "$1" in
                    --keep) keep="$2" ;;
                    --bin) bin="$2"; build=0 ;;
                    --only) only="$2" ;;
                    --jobs) jobs="$2" ;;
                    --realworld) realworld="$2" ;;
                esac
                shift ;;
            --no-build) build=0 ;;
            --no-record) results_no_record ;;
            -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
            --*)
                name="${1#--}"
                name="opt_${name//-/_}"
                if [[ "$extras" == *" $1 "* ]]; then
                    printf -v "$name" '%s' 1
                elif [[ "$extras" == *" $1= "* ]]; then
                    [ $# -ge 2 ] || { echo "error: $1 needs a value" >&2; exit 64; }
                    printf -v "$name" '%s' "$2"
                    shift
                else
                    echo "error: unknown option '$1'" >&2; exit 64
                fi ;;
            *) echo "error: unknown option '$1'" >&2; exit 64 ;;
        esac
        shift
    done
}

# Builds strokescope in release when asked and checks that `bin` is there (absolute path).
bench_prepare_binary() {
    if [ "$build" = 1 ]; then
        swift build -c release --product strokescope >&2
    fi
    case "$bin" in /*) ;; *) bin="$caller_dir/$bin" ;; esac
    [ -x "$bin" ] || { echo "error: $bin missing (build it or drop --no-build)" >&2; exit 66; }
}

# Prints how `bin` came about, for results_binary: built (here, by this run), no-build (the
# existing .build/release/strokescope) or given (--bin PATH).
bench_binary_how() {
    if [ "$build" = 1 ]; then
        echo built
    elif [ "$bin" = "$(pwd -P)/.build/release/strokescope" ] || [ "$bin" = "$PWD/.build/release/strokescope" ]; then
        echo no-build
    else
        echo given
    fi
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

# Runs CMD once under /usr/bin/time -v (stdout to /dev/null, stderr to LOG.err) and sets
# BENCH_SECONDS (wall clock with nanosecond resolution: time -v prints only 1/100 s), BENCH_CPU
# (user + system seconds, less disturbed by other work on the machine), BENCH_PEAK_KB (maximum
# RSS) and BENCH_RC (the command's exit code; the caller decides what is a failure).
# Usage: bench_time_once LOG CMD...
bench_time_once() {
    local log="$1" start end
    shift
    start=$(date +%s%N)
    BENCH_RC=0
    /usr/bin/time -v -o "$log" "$@" > /dev/null 2> "$log.err" || BENCH_RC=$?
    end=$(date +%s%N)
    BENCH_SECONDS=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    BENCH_CPU=$(awk -F': ' '/User time|System time/ { t += $2 } END { printf "%.2f", t }' "$log")
    BENCH_PEAK_KB=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log")
}

# Prints how busy the CPUs are (percent, over one second). The load average would count the
# benchmark's own build, so sample /proc/stat instead.
bench_cpu_busy() {
    local total0 idle0 total1 idle1
    read -r total0 idle0 <<< "$(awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6 }' /proc/stat)"
    sleep 1
    read -r total1 idle1 <<< "$(awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6 }' /proc/stat)"
    awk -v t="$((total1 - total0))" -v i="$((idle1 - idle0))" 'BEGIN { printf "%d\n", (t > 0 ? 100 * (t - i) / t : 0) }'
}
