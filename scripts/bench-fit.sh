#!/usr/bin/env bash
# Measures `strokescope fit` against the targets of issues 6 and 21, on renders with known truth.
#
# scripts/accuracy/fit_compare.py plan writes a deterministic suite (no randomness except the
# renderer's seeded --jitter and the noisy recorder's seeded delays) over the three fixture models
# (loading spinner with D pinned by --set, Material spinner, payment ring + tick), each rendered
# with `render --truth` at about 40-60 px ring radius. Section issue6:
#   clean      rates 0.1, 0.55, 0.9, 1.0, 1.1 (30+ frames over at least one period): phase,
#              rate and success-moment errors, and no flags expected
#   jitter     +-2 ms capture jitter at rate 1: phase and rate
#   late       --late F:S with |S| = 1, 1.5 and 2 frame intervals, both signs, 11-12 frames
#              per case, every rate: recall / precision of the late/early flags (a frame
#              captured S late shows model time +rate*S, so the fit should say `early` with
#              timingError -rate*S) and the timing magnitude (+-3 ms)
#   dup        --duplicate: flagged `duplicate`?
#   drop       --drop F together with --delays holding 0 at F, so the stored delay stays one
#              interval while the picture jumps two (plain --drop merges the delay into the
#              frame before and keeps the GIF's timing right: run as a diagnostic only)
#   diagnostics: the spinner with D fitted (rate and D trade off), the payment model at 1x,
#              two consecutive drops, and plain --drop (delay merged)
# Section recorder (issue 21, "the recording's clock"): recordings quantised by the common
# recorder patterns, clean and with faults, over the three models and
# fixtures/models/pulse-autoreverse.json (turning points and a hold):
#   rec-clock    carried clocks, clean: --fps 60 (2/1/2 cs), 30 (3/4/3), 24 (4/4/5/4/4/4),
#                50 and 25 (exact 2 and 4 cs): timing source `clock` at 1/fps expected
#                (`delays` or `clock` for 50 and 25 fps)
#   rec-nominal  uniform delays that misstate the clock (--fps 60 --delays 2 or 3, --fps 30
#                --delays 3): source `delays` (or `clock`) at the stored delay, rate
#                R x (1/fps) / stored delay
#   rec-noisy    a steady 3 or 4 cs capture stored with jittered (+-6 ms) timestamps rounded to
#                the centisecond (2-4 cs): source `clock` at the capture interval
#   rec-pulse    the pulse at 60 and 30 Hz, clean, and with a duplicate in motion
#   rec-late, rec-dup, rec-hold (--drop: delay merged, a hold), rec-skip (--drop, the stored
#                delays those of the recording without the frame): faults on 60 Hz, 30 Hz and
#                25 fps; rec-mixed: late frames and duplicates on 24 Hz, 50 fps, nominal and
#                noisy delays
#   targets: timing source and interval right on every case; phase <= 5 ms (recording time)
#   and rate <= 0.2 % on every case, faults included; RMS timing error < 1 ms on the clean
#   60 Hz 2/1/2 cs cases; precision and recall of the late/early/duplicate/dropped flags
#   >= 95 %; no such flag on the clean cases (quantised clocks, turning points, holds);
#   hitchTimeRatio < 1 ms/s on the clean cases and > 1 ms/s on those with duplicates or late
#   frames; hitchTime one interval (+-2 ms) after a hold. Fields the binary does not report
#   are "missing", a failed target.
# then fit_compare.py report prints the tables and one PASS/FAIL line per target. Finally the
# speed target: `fit` on a 600-frame 600x600 GIF against its decode pass (`info --format
# json`), best of 3, run alone after the suite (with `inspect` and a pinned fit as breakdown).
# Exits 1 when a target fails.
#
# Writes docs/results/bench-fit.md (scripts/lib/results.sh): the stamp, what is measured and the
# targets, then the report. A --quick or --only run is not the record: it goes to
# out/results/bench-fit.md. The speed part is wall clock: record it on an otherwise idle machine.
#
# Usage: scripts/bench-fit.sh [--quick] [--only GROUP[,GROUP]] [--keep DIR] [--no-build] [--jobs N]
#                             [--bin PATH] [--no-record]
#   --quick     a handful of cases of each section and one timing run (about half a minute)
#   --only G,.. only these sections (issue6, recorder, speed) or case groups (clean, jitter,
#               late, dup, drop, diag-freeD, diag-1x, diag-drop2, diag-dropmerged, rec-clock,
#               rec-nominal, rec-noisy, rec-pulse, rec-late, rec-dup, rec-hold, rec-skip,
#               rec-mixed); the speed part runs only when `speed` is named. A partial run.
#               E.g. --only recorder: the issue-21 section alone
#   --keep DIR  work in DIR and keep the GIFs, truth and fit JSON, report.md, frames.csv,
#               recorder-frames.csv and speed.tsv there; otherwise a temporary directory is
#               removed at the end
#   --no-build  use the existing .build/release/strokescope
#   --jobs N    cases run in parallel (default: the number of cores); timing always runs alone
#   --bin PATH  measure this strokescope binary (implies --no-build)
#   --no-record write no results file
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin bench-fit "$@"

quick=""
only=""
keep=""
jobs="$(nproc 2>/dev/null || echo 2)"
build=1
bin="$PWD/.build/release/strokescope"
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick="--quick" ;;
        --keep) [ $# -ge 2 ] || { echo "error: --keep needs a directory" >&2; exit 64; }; keep="$2"; shift ;;
        --no-build) build=0 ;;
        --jobs) [ $# -ge 2 ] || { echo "error: --jobs needs a number" >&2; exit 64; }; jobs="$2"; shift ;;
        --bin) [ $# -ge 2 ] || { echo "error: --bin needs a path" >&2; exit 64; }; bin="$2"; build=0; shift ;;
        --only) [ $# -ge 2 ] || { echo "error: --only needs GROUP[,GROUP]" >&2; exit 64; }; only="$2"; shift ;;
        --no-record) results_no_record ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done

[ -n "$quick" ] && results_partial "--quick: a handful of cases and one timing run"
[ -n "$only" ] && results_partial "--only $only"
# the speed part runs unless --only leaves it out
speed=1
if [ -n "$only" ]; then
    case ",$only," in *,speed,*) ;; *) speed=0 ;; esac
fi

source scripts/lib/bench-common.sh
bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir bench-fit out speed
mkdir -p "$work/out" "$work/speed"

python3 scripts/accuracy/fit_compare.py plan --dir "$work" $quick ${only:+--only "$only"} >&2

# One case: render with truth, then fit. Exit codes go to OUT.*.rc; a missing output is
# reported by fit_compare.py, not fatal here.
run_case() {
    local id="$1" model="$2" rargs="$3" fargs="$4" o="$work/out/$1"
    local rc=0
    # shellcheck disable=SC2086
    "$bin" render "$model" -o "$o.gif" --truth "$o.truth.json" --force --quiet $rargs \
        >/dev/null 2>"$o.render.err" || rc=$?
    echo "$rc" > "$o.render.rc"
    [ "$rc" = 0 ] || return 0
    rc=0
    # shellcheck disable=SC2086
    "$bin" fit "$o.gif" --model "$model" $fargs --format json >"$o.fit.json" 2>"$o.fit.err" || rc=$?
    echo "$rc" > "$o.fit.rc"
    [ "$rc" = 0 ] || [ "$rc" = 1 ] || rm -f "$o.fit.json"
    [ -n "$keep" ] || rm -f "$o.gif"
}

start=$(date +%s)
n=$(bench_run_cases run_case)
echo "rendered and fitted $n cases in $(( $(date +%s) - start )) s ($jobs jobs)" >&2

# ---- speed: fit against the decode pass, 600 frames of 600x600, alone on the machine ----
repeats=3
[ -n "$quick" ] && repeats=1
# best-of-N wall time of a command: prints "BEST<tab>ALL RUNS" (seconds)
best_of() {
    local best="" t0 t1 dt i runs=""
    for ((i = 0; i < repeats; i++)); do
        t0=$EPOCHREALTIME
        "$@" >/dev/null 2>&1 || { echo "error: failed: $*" >&2; return 1; }
        t1=$EPOCHREALTIME
        dt=$(python3 -c "print('%.3f' % ($t1 - $t0))")
        runs="$runs${runs:+ }$dt"
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $dt < $best else 1)"; then
            best=$dt
        fi
    done
    printf '%s\t%s' "$best" "$runs"
}
speed_tsv="$work/speed.tsv"
: > "$speed_tsv"
s="$work/speed"
if [ "$speed" = 1 ]; then
    # loading spinner: 6 px per point, ring radius 120 px, line 24 px, 600 frames of 3 cs
    "$bin" render fixtures/models/loading-spinner.json -o "$s/spinner-600.gif" --force --quiet \
        --scale 6 --size 600x600 --delay-cs 3 --duration 18 >/dev/null
    gifs="spinner-600"
    if [ -z "$quick" ]; then
        # payment: 4 px per point, ring radius 120 px; ring spins 2.5 cycles, then the tick
        "$bin" render fixtures/models/payment-success.json -o "$s/payment-600.gif" --force --quiet \
            --scale 4 --size 600x600 --origin -300,-300 --set success=10 --delay-cs 2 --duration 12 >/dev/null
        gifs="$gifs payment-600"
    fi
    for g in $gifs; do
        gif="$s/$g.gif"
        case "$g" in
            spinner*) model=fixtures/models/loading-spinner.json; pin="--rate 1 --set D=1.5" ;;
            payment*) model=fixtures/models/payment-success.json; pin="--rate 1 --set success=10" ;;
        esac
        printf '%s\tinfo\t%s\n' "$g" "$(best_of "$bin" info "$gif" --format json)" >> "$speed_tsv"
        printf '%s\tfit\t%s\n' "$g" "$(best_of "$bin" fit "$gif" --model "$model" --format json)" >> "$speed_tsv"
        printf '%s\tinspect (diagnostic)\t%s\n' "$g" "$(best_of "$bin" inspect "$gif" --format json)" >> "$speed_tsv"
        # shellcheck disable=SC2086
        printf '%s\tfit %s (diagnostic)\t%s\n' "$g" "$pin" "$(best_of "$bin" fit "$gif" --model "$model" $pin --format json)" >> "$speed_tsv"
        echo "timed $g" >&2
    done
fi

status=0
python3 scripts/accuracy/fit_compare.py report --dir "$work" --speed "$speed_tsv" 2> "$work/report.err" || status=$?
cat "$work/report.err" >&2
if [ -f "$work/report.md" ]; then
    timing_runs="then the timing runs alone (best of $repeats)"
    [ "$speed" = 1 ] || timing_runs="no timing runs (--only without speed)"
    results_note "Suite: $n cases ($jobs jobs), $timing_runs. Exit status $status: $(grep -v '^$' "$work/report.err" | tail -1)."
    results_write "Fit accuracy and speed (scripts/bench-fit.sh)" "$work/report.md" <<'EOF'
How `strokescope fit` recovers the timing of renders with known truth (issues 6 and 21), from a
deterministic suite (scripts/accuracy/fit_compare.py plan) over the three fixture models
(loading spinner with D pinned, Material spinner, payment ring + tick) at 40-60 px ring radius:
clean renders at rates 0.1-1.1, ±2 ms capture jitter, frames captured 1-2 intervals late or
early, duplicated frames, dropped frames; recordings quantised by the common recorder patterns
(issue 21, its own section below); then the speed of `fit` against its decode pass.

- **Phase error**: model ms (modulo the period where the picture repeats); **rate error**: %;
  **success moment**: GIF-time error of (success − phase) ÷ rate, in frame intervals.
- **Recall** of late/early flags: injected frames that carry the right flag; **precision**:
  right flags ÷ all late/early flags on the late cases and the clean renders; **timing
  magnitude**: |timingError − (−rate × S)| ≤ 3 ms on every injected frame.
- **Duplicates / drops found**: the truth's duplicated / dropped frame carries the flag.
- **Clean**: no flag other than `clampedDelay` and `unobservable` on the clean renders.
- **Speed**: best-of-N wall clock of `fit FILE --model M --format json` ÷ that of
  `info FILE --format json` (the decode pass) on 600 frames of 600×600; `inspect` and a fit with
  the rate pinned are listed as diagnostics. Wall clock: only meaningful on an idle machine.
- **Recorder patterns** (issue 21): carried clocks (60 Hz stored 2/1/2 cs, 30 Hz 3/4/3, 24 Hz
  4/4/5/4/4/4, 50 and 25 fps), nominal delays that misstate the clock, noisy timestamps over a
  steady clock, an animation with turning points and holds, and late, duplicated, held and
  skipped frames on those clocks; each case scored in the time base the fit should use (the
  section explains its measures).

Targets (issue 6), in the first table: phase error ≤ 2 ms, rate error ≤ 0.2 %, success moment
≤ 1 frame interval, late/early recall and precision ≥ 95 %, every timing magnitude within ±3 ms,
every duplicated and dropped frame found, no flags on clean renders, fit ≤ 1.5× the decode
pass. Targets (issue 21), in the recorder section's table: timing source as expected on every
case, phase ≤ 5 ms and rate ≤ 0.2 % on every case, RMS timing error < 1 ms on clean 60 Hz
2/1/2 cs captures, precision and recall of the late/early/duplicate/dropped flags ≥ 95 %, none
of them on clean recordings, hitchTimeRatio < 1 ms/s on clean recordings and > 1 ms/s on those
with duplicated or late frames. The script exits 1 when a target fails.
EOF
fi
if [ -n "$keep" ]; then
    echo "kept: $work (report.md, frames.csv, recorder-frames.csv, speed.tsv, out/, speed/)" >&2
fi
exit "$status"
