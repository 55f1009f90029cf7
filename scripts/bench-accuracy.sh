#!/usr/bin/env bash
# Measures how accurately `strokescope inspect` reads stroke ends and states (issue 5 targets).
#
# Generates a deterministic suite of models (scripts/accuracy/compare.py plan): spinner rings
# (radius 12-200 px, line width 1.5-8 px, scale 1-3x, butt and round caps, white / #1C1C1E /
# transparent backgrounds, 256 and 16 colours, ordered and Floyd-Steinberg dithering or none,
# full and delta frames, with and without rotation) and payment-like models with a tick. Each is
# rendered with `render --truth`, measured with `inspect --format json` (and, for the payment
# cases and every 4th ring, `inspect --model`; and, as a diagnostic that is not a target,
# `inspect --cap TRUE-CAP`), and compared frame by frame with the truth
# (compare.py report): angle error median / p95 / max and state accuracy per group, then the
# targets of issue 5, each PASS or FAIL. Exits 1 when a target fails.
#
# Usage: scripts/bench-accuracy.sh [--quick] [--keep DIR] [--jobs N] [--no-build] [--bin PATH] [--seed N]
#   --quick     a handful of cases (a few seconds)
#   --keep DIR  work in DIR and keep the models, GIFs, truth and inspect outputs, report.md and
#               frames.csv (per frame, per end) there; otherwise a temporary directory is removed
#   --jobs N    cases run in parallel (default: the number of cores)
#   --no-build  use the existing .build/release/strokescope
#   --bin PATH  measure this strokescope binary (implies --no-build)
#   --seed N    another suite (default 5)
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."

quick=""
keep=""
jobs="$(nproc 2>/dev/null || echo 2)"
build=1
bin="$PWD/.build/release/strokescope"
seed=5
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick="--quick" ;;
        --keep) [ $# -ge 2 ] || { echo "error: --keep needs a directory" >&2; exit 64; }; keep="$2"; shift ;;
        --jobs) [ $# -ge 2 ] || { echo "error: --jobs needs a number" >&2; exit 64; }; jobs="$2"; shift ;;
        --no-build) build=0 ;;
        --bin) [ $# -ge 2 ] || { echo "error: --bin needs a path" >&2; exit 64; }; bin="$2"; build=0; shift ;;
        --seed) [ $# -ge 2 ] || { echo "error: --seed needs a number" >&2; exit 64; }; seed="$2"; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done

source scripts/lib/bench-common.sh
bench_prepare_binary
bench_workdir bench-accuracy out models
mkdir -p "$work/out"

python3 scripts/accuracy/compare.py plan --dir "$work" --seed "$seed" $quick >&2

# One case: render with truth, inspect without model, and with the model when asked.
# Exit codes go to OUT.rc; a failure is reported by compare.py, not fatal here.
run_case() {
    local id="$1" model="$2" args="$3" with_model="$4" cap="$5" o="$work/out/$1"
    local rc=0
    # shellcheck disable=SC2086
    "$bin" render "$model" -o "$o.gif" --truth "$o.truth.json" --force --quiet $args \
        >/dev/null 2>"$o.render.err" || rc=$?
    echo "$rc" > "$o.render.rc"
    [ "$rc" = 0 ] || return 0
    rc=0
    "$bin" inspect "$o.gif" --format json >"$o.inspect.json" 2>"$o.inspect.err" || rc=$?
    echo "$rc" > "$o.inspect.rc"
    [ "$rc" = 0 ] || rm -f "$o.inspect.json"
    # Diagnostic: the true cap given, to tell cap judgement from end placement.
    rc=0
    "$bin" inspect "$o.gif" --cap "$cap" --format json >"$o.inspect-cap.json" 2>"$o.inspect-cap.err" || rc=$?
    echo "$rc" > "$o.inspect-cap.rc"
    [ "$rc" = 0 ] || rm -f "$o.inspect-cap.json"
    if [ "$with_model" = 1 ]; then
        rc=0
        "$bin" inspect "$o.gif" --model "$model" --format json >"$o.inspect-model.json" 2>"$o.inspect-model.err" || rc=$?
        echo "$rc" > "$o.inspect-model.rc"
        [ "$rc" = 0 ] || rm -f "$o.inspect-model.json"
    fi
}

start=$(date +%s)
n=$(bench_run_cases run_case)
echo "rendered and inspected $n cases in $(( $(date +%s) - start )) s ($jobs jobs)" >&2

status=0
python3 scripts/accuracy/compare.py report --dir "$work" || status=$?
if [ -n "$keep" ]; then
    echo "kept: $work (report.md, frames.csv, ticks.csv, out/, models/)" >&2
fi
exit "$status"
