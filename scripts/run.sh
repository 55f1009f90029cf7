#!/usr/bin/env bash
# Installs missing system packages, builds strokescope (release) and runs it on a bundled
# fixture: the GIF's structure (`info`) and a contact sheet of its frames (`frames --sheet`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh
install_deps
swift build -c release --product strokescope
bin=.build/release/strokescope
fixture=fixtures/gif/rotating-arc.gif
out=${STROKESCOPE_OUT:-out}
mkdir -p "$out"
"$bin" info "$fixture"
"$bin" frames "$fixture" --sheet "$out/rotating-arc-sheet.png" --force
echo "open $out/rotating-arc-sheet.png to see every frame with its index and start time"
