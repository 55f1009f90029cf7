#!/usr/bin/env bash
# Builds Examples/InspectAndFit (a separate package over the public API) and runs it on a
# render with known truth: the fitted phase must be within 1 ms of the truth (modulo the
# model's cycle, which a repeating spinner cannot tell apart) and the rate within 0.05 % of it.
# Exit 0 when both hold; run by scripts/test.sh.
# Usage: scripts/check-example.sh [-c debug|release]
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=debug
if [ "${1:-}" = "-c" ]; then configuration=${2:?-c needs debug or release}; fi
package=Examples/InspectAndFit
# Built in this package's own build folder: the example's dependency is this package, whose
# modules are then already compiled (a few seconds instead of a whole second build).
swift build -c "$configuration" --package-path "$package" --scratch-path .build
bin=.build/$configuration/inspect-and-fit
# Rendered at 1 px per point with exact 3 cs delays: model time = recording time, so the truth is
# phase 0 and rate 1; the loading spinner repeats every 1.5 s (its D).
gif=fixtures/render/spinner-1x-3cs-256.gif
model=fixtures/models/loading-spinner.json
output=$("$bin" "$gif" "$model")
echo "$output"
last=$(echo "$output" | tail -n 1)
echo "$last" | awk -v cycle=1.5 '
    $1 == "phase" && $3 == "rate" && $5 == "maxTimingError" {
        phase = $2 - cycle * int($2 / cycle + 0.5)   # nearest to 0 modulo the cycle
        ok = (phase < 0.001 && phase > -0.001) && ($4 - 1 < 0.0005 && 1 - $4 < 0.0005)
        printf "example: phase %.6f s from the truth (modulo %s s), rate %.6f: %s\n", phase, cycle, $4, ok ? "right" : "WRONG"
        exit ok ? 0 : 1
    }
    { print "example: the last line is not \"phase <s> rate <r> maxTimingError <s>\": " $0; exit 1 }'
