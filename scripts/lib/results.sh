#!/usr/bin/env bash
# Writes a measuring script's results to docs/results/NAME.md (the latest run only), stamped the
# same way by every script. Sourced; the calling script runs from the repository root or not, it
# does not matter (paths below are taken from this file's place).
#
#   results_begin NAME "$@"    first thing in the script, with its own arguments: the stamp's
#                              command, commit, date, machine and the start of the run time
#   results_partial REASON     the run measures less than the full default suite (--quick, a
#                              subset, another seed or input folder): the file goes to
#                              out/results/NAME.md and docs/results/NAME.md is left as it is
#   results_short REASON       the run covers everything but shorter than the record's defaults
#                              (fewer runs, fewer fuzzing seconds): it is written to
#                              docs/results/ and its stamp says so
#   results_no_record          (the scripts' --no-record) write no file at all
#   results_note TEXT          a line of its own under the stamp (a Markdown paragraph)
#   results_binary PATH HOW    notes the strokescope binary measured; HOW: built (by this run,
#                              from this checkout), no-build (an existing build, not rebuilt) or
#                              given (--bin: built elsewhere)
#   results_write TITLE BODY_FILE < ABOUT
#                              writes the file: "# TITLE", the stamp, the notes, ABOUT (stdin:
#                              what the figures mean and the targets), then BODY_FILE (the tables)
#
# The policy (docs/results/README.md): docs/results/ holds one full run of each script, never
# edited by hand; partial runs never overwrite it.

results_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

results_begin() {
    results_name="$1"
    shift
    results_command="scripts/$results_name.sh"
    local a
    for a in "$@"; do
        case "$a" in
            *\'*) results_command+=" $(printf '%q' "$a")" ;;
            *[!A-Za-z0-9_./:=,+@%-]*|'') results_command+=" '$a'" ;;
            *) results_command+=" $a" ;;
        esac
    done
    results_start=$(date +%s)
    results_partial_reason=""
    results_short_reason=""
    results_record=1
    results_notes=()
    # The commit measured: HEAD, and whether the checkout differs from it (docs/results/ itself
    # left out: an earlier run's file there changes nothing that is measured).
    if results_commit=$(git -C "$results_root" rev-parse --short HEAD 2>/dev/null); then
        if [ -n "$(git -C "$results_root" status --porcelain --untracked-files=normal -- . ':(exclude)docs/results' 2>/dev/null)" ]; then
            results_commit+="+uncommitted changes"
        fi
    else
        results_commit="unknown (not a git checkout)"
    fi
    results_date=$(date -u '+%Y-%m-%d %H:%M UTC')
    results_machine="$(nproc 2>/dev/null || echo '?') cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)"
    results_busy="?"
    case " $* " in *" -h "*|*" --help "*) return 0 ;; esac
    results_busy=$(results_cpu_busy)
}

results_partial() { results_partial_reason="${results_partial_reason:+$results_partial_reason; }$1"; }
results_short() { results_short_reason="${results_short_reason:+$results_short_reason; }$1"; }
results_no_record() { results_record=0; }
results_note() { results_notes+=("$1"); }

results_binary() {  # PATH built|no-build|given
    local path="$1" how="$2" shown version sum
    shown="${path#"$results_root"/}"
    version=$("$path" --version 2>/dev/null | head -1 || true)
    sum=$(sha256sum "$path" 2>/dev/null | cut -c1-12 || true)
    case "$how" in
        built) how="release build made by this run from this checkout" ;;
        no-build) how="existing build used as it was (--no-build; not rebuilt by this run)" ;;
        given) how="given with --bin: built elsewhere, so the commit above is the scripts', not necessarily the binary's" ;;
    esac
    results_note "Binary measured: \`$shown\` (${version:-version unknown}, sha256 ${sum:-?}…), $how."
}

# How busy the CPUs were over one second before the run (percent; /proc/stat, as bench_cpu_busy).
results_cpu_busy() {
    local total0 idle0 total1 idle1
    read -r total0 idle0 <<< "$(awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6 }' /proc/stat 2>/dev/null)"
    sleep 1
    read -r total1 idle1 <<< "$(awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6 }' /proc/stat 2>/dev/null)"
    awk -v t="$((${total1:-0} - ${total0:-0}))" -v i="$((${idle1:-0} - ${idle0:-0}))" 'BEGIN { printf "%d\n", (t > 0 ? 100 * (t - i) / t : 0) }'
}

results_write() {  # TITLE BODY_FILE < ABOUT
    local title="$1" body="$2" about dir file tmp took note
    about=$(cat)
    if [ "$results_record" != 1 ]; then
        echo "results: not recorded (--no-record)" >&2
        return 0
    fi
    if [ -n "$results_partial_reason" ]; then
        dir="$results_root/out/results"
    else
        dir="$results_root/docs/results"
    fi
    mkdir -p "$dir"
    file="$dir/$results_name.md"
    tmp="$file.partial.$$"
    took=$(( $(date +%s) - results_start ))
    {
        echo "# $title"
        echo
        echo "Made by \`$results_command\` at commit $results_commit on $results_date, $results_machine."
        echo "The run took $(results_duration "$took"); the CPUs were ${results_busy}% busy in the second before it began."
        if [ -n "$results_partial_reason" ]; then
            echo
            echo "**Partial run** ($results_partial_reason): not the record. It was written to out/results/, and"
            echo "docs/results/$results_name.md was left as it was."
        fi
        if [ -n "$results_short_reason" ]; then
            echo
            echo "**Short run** ($results_short_reason): every case ran, but less long or less often than a record run."
        fi
        for note in "${results_notes[@]}"; do
            echo
            echo "$note"
        done
        echo
        echo "Regenerated by the script on every run; do not edit by hand (docs/results/README.md)."
        if [ -n "$about" ]; then
            echo
            echo "## What the figures mean"
            echo
            echo "$about"
        fi
        echo
        # a body that does not start with its own heading gets one
        if ! grep -v '^[[:space:]]*$' "$body" | head -1 | grep -q '^#'; then
            echo "## Results"
            echo
        fi
        cat "$body"
    } > "$tmp"
    mv "$tmp" "$file"
    echo "results: wrote ${file#"$results_root"/}" >&2
}

results_duration() {  # SECONDS -> "N s" or "M min S s"
    if [ "$1" -lt 120 ]; then echo "$1 s"; else echo "$(($1 / 60)) min $(($1 % 60)) s"; fi
}
