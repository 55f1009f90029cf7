#!/usr/bin/env bash
# Installs missing system packages, then runs the whole test suite (Swift Testing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh
install_deps
swift build --build-tests
swift test --skip-build "$@"
