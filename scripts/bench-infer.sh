#!/usr/bin/env bash
# Measures `strokescope infer` against the targets of issue 8 on renders of known models.
#
# Cases: the seed spinner (D = 1.2, 1.5, 2 s), the payment ring's loading phase (the first 5.9 s,
# before success), and the Material spinner (rotation, T = 1.333 s), at scales 1 and 2 and
# 25 fps (exact 4 cs delays). For each: render, infer (default rounding), then
# scripts/accuracy/infer_compare.py evaluates both models over one true period and prints the p95
# on-screen angle difference of the two ends (after the best time shift) and the inferred cycle.
# Prints one row per case and PASS/FAIL per target (curves p95 <= 0.5 deg; cycle within one frame
# interval, 40 ms).
#
# Usage: scripts/bench-infer.sh [--no-build] [--bin PATH] [--keep DIR]
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
keep=""
build=1
jobs=1
bin="$PWD/.build/release/strokescope"
while [ $# -gt 0 ]; do
    case "$1" in
        --keep) keep="$2"; shift ;;
        --no-build) build=0 ;;
        --bin) bin="$2"; build=0; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done
source scripts/lib/bench-common.sh
bench_prepare_binary
bench_workdir bench-infer cases
mkdir -p "$work/cases"
m=fixtures/models
fail=0
printf "case\tcurve p95 (deg)\tinferred cycle (s)\ttrue cycle (s)\tverdict\n"
run_case() {  # name model sets period rotating scale duration
    local name="$1" model="$2" sets="$3" period="$4" rotating="$5" scale="$6" duration="$7"
    local gif="$work/cases/$name.gif" out="$work/cases/$name.json"
    local setargs=()
    IFS=',' read -r -a parts <<< "$sets"
    for p in "${parts[@]}"; do [ -n "$p" ] && setargs+=(--set "$p"); done
    local tmpmodel="$work/cases/$name.model.json"
    cp "$model" "$tmpmodel"
    if [ -n "$sets" ]; then
        # Bind the variable in a copy of the model: render has no --set.
        python3 - "$tmpmodel" "$sets" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for s in sys.argv[2].split(","):
    k, v = s.split("=")
    m["variables"][k] = float(v)
json.dump(m, open(sys.argv[1], "w"))
PY
    fi
    "$bin" render "$tmpmodel" -o "$gif" --delay-cs 4 --scale "$scale" --duration "$duration" >/dev/null 2>&1
    "$bin" infer "$gif" -o "$out" --force --quiet --scale "$scale" >/dev/null 2>&1 || true
    local r
    r="$(python3 scripts/accuracy/infer_compare.py "$bin" "$tmpmodel" "" "$period" "$out" "$rotating")"
    local p95="${r%%$'\t'*}" cycle="${r##*$'\t'}"
    local ok=PASS
    python3 -c "import sys; sys.exit(0 if $p95 <= 0.5 and abs($cycle - $period) <= 0.04 else 1)" || { ok=FAIL; fail=1; }
    printf "%s\t%s\t%s\t%s\t%s\n" "$name" "$p95" "$cycle" "$period" "$ok"
}
run_case spinner-D1.2-1x $m/loading-spinner.json "D=1.2" 1.2 0 1 3
run_case spinner-D1.5-2x $m/loading-spinner.json "D=1.5" 1.5 0 2 3.5
run_case spinner-D2-1x $m/loading-spinner.json "D=2" 2 0 1 4.5
run_case payment-loading-1x $m/payment-success.json "success=100" 4 0 1 5.9
run_case material-T1.333-1x $m/material-spinner.json "" 1.333 1 1 4.5
echo "targets: curves p95 <= 0.5 deg and cycle within one frame interval (40 ms): $([ $fail = 0 ] && echo PASS || echo FAIL)"
exit $fail
