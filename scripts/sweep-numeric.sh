#!/usr/bin/env bash
# The numeric sweep of issue 20: every numeric field of each model (the bundled ones in
# fixtures/models/, plus any MODEL.json given) set to each extreme value — 0, -0, 5e-324,
# 1e-300, -1, ±1e308, 1e19, 2^63, 1e-9 and the expressions "1/0", "0/0", "-1/0" — and run
# through `model`, `render`, `fit`, `inspect --model` and `frames --model` with a timeout (small
# fixture GIFs, one-second renders at 10 fps). A run fails when it dies by a signal, hangs,
# exits 70 or with a code CLI-CONTRACT.md does not define for it, or fails without exactly one
# `error:` line. The walk and the runs are scripts/sweep/sweep_numeric.py.
#
# Writes docs/results/sweep-numeric.md (scripts/lib/results.sh); a run with other models, fewer
# commands or a shorter timeout goes to out/results/ instead. Exits 1 when any run failed.
#
# Usage: scripts/sweep-numeric.sh [MODEL.json ...] [--only-given] [--commands LIST] [--timeout S]
#                                 [--jobs N] [--no-build] [--bin PATH] [--no-record]
#   MODEL.json     more models to sweep (a run with them is not the record); fit, inspect and
#                  frames read MODEL.gif beside it when there is one
#   --only-given   sweep only the models given, not the bundled ones
#   --commands     comma-separated subset of: model,render,fit,inspect --model,frames --model
#   --timeout S    seconds before a run counts as a hang (default 60)
#   --jobs N       runs at once (default: the number of cores)
#   --no-build     use the existing .build/release/strokescope
#   --bin PATH     use this strokescope binary (implies --no-build)
#   --no-record    write no results file
set -euo pipefail
caller_dir=$PWD
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin sweep-numeric "$@"
build=1
bin=.build/release/strokescope
how=built
timeout=60
jobs=$(nproc 2>/dev/null || echo 2)
commands="model,render,fit,inspect --model,frames --model"
bundled=1
given=()
while [ $# -gt 0 ]; do
    case "$1" in
        --only-given) bundled=0 ;;
        --commands) commands="$2"; results_partial "--commands $2"; shift ;;
        --timeout) timeout="$2"; [ "$2" -ge 60 ] || results_partial "--timeout $2"; shift ;;
        --jobs) jobs="$2"; shift ;;
        --no-build) build=0; how=no-build ;;
        --bin) bin="$2"; build=0; how=given; case "$bin" in /*) ;; *) bin="$caller_dir/$bin" ;; esac; shift ;;
        --no-record) results_no_record ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option '$1'" >&2; exit 64 ;;
        *) case "$1" in /*) given+=("$1") ;; *) given+=("$caller_dir/$1") ;; esac ;;
    esac
    shift
done
[ ${#given[@]} -eq 0 ] || results_partial "models given: ${given[*]##*/}"
[ "$bundled" = 1 ] || results_partial "--only-given: the bundled models left out"
source scripts/lib/install-deps.sh
install_deps
[ "$build" = 0 ] || swift build -c release --product strokescope >&2
[ -x "$bin" ] || { echo "error: $bin missing (build it or drop --no-build)" >&2; exit 66; }
case "$bin" in /*) results_binary "$bin" "$how" ;; *) results_binary "$PWD/$bin" "$how" ;; esac

models=()
[ "$bundled" = 0 ] || models+=(fixtures/models/*.json)
models+=("${given[@]}")
mkdir -p out
body=out/sweep-numeric-body.md
set +e
python3 scripts/sweep/sweep_numeric.py --bin "$bin" --jobs "$jobs" --timeout "$timeout" --commands "$commands" "${models[@]}" >"$body"
status=$?
set -e
[ "$status" -le 1 ] || { echo "error: the sweep itself failed (exit $status)" >&2; exit 70; }
results_write "Numeric sweep (scripts/sweep-numeric.sh)" "$body" <<'ABOUT'
Each numeric field of each model (a JSON number, or a string where an expression goes) is set
to each of 13 extreme values and the model is run through each command: `runs` = fields × 13 ×
commands. `model` samples 0–3 s every 0.1 s; `render` draws one second at 10 fps; `fit`,
`inspect --model` and `frames --model --sheet` read the fixture GIF named per model. A run is
good when it exits with a code CLI-CONTRACT.md defines (0, or 65 for a malformed model; 66, 73
and 74 are allowed for completeness) and, when it fails, prints exactly one `error:` line.
Target (issue 20): 0 crashes, 0 hangs, nothing else failing.
ABOUT
exit $status
