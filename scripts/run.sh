#!/usr/bin/env bash
# Installs missing system packages, builds strokescope (release) and runs the main job on a
# bundled fixture: fit the payment-success model to a rendered recording of it and print the
# per-frame table and the summary. Also writes the HTML report, the plot, the overlay GIF and a
# contact sheet with the fitted model drawn on every frame (into $STROKESCOPE_OUT, default out/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh
install_deps
swift build -c release --product strokescope
bin=.build/release/strokescope
fixture=fixtures/render/payment-1x-4cs-256.gif
model=fixtures/models/payment-success.json
out=${STROKESCOPE_OUT:-out}
mkdir -p "$out"
"$bin" fit "$fixture" --model "$model" --html "$out/payment-report.html" --svg "$out/payment-plot.svg" \
    --overlay "$out/payment-overlay.gif" --force
"$bin" frames "$fixture" --sheet "$out/payment-sheet.png" --model "$model" --force --quiet
echo "open $out/payment-report.html (verdict, plot, every frame, the table), or $out/payment-sheet.png"
echo "(every frame with the fitted model in magenta, the measured start in blue and end in orange)"
