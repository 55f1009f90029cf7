#!/usr/bin/env bash
# Installs missing system packages, builds strokescope (release) and runs the main job on a
# bundled fixture: fit the payment-success model to a rendered recording of it and print the
# per-frame table and the summary. Also writes a contact sheet of the recording's frames.
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
"$bin" fit "$fixture" --model "$model"
"$bin" frames "$fixture" --sheet "$out/payment-sheet.png" --force
echo "open $out/payment-sheet.png to see every frame with its index and start time"
