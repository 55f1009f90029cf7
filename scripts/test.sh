#!/usr/bin/env bash
# Installs missing system packages, builds and runs the library example
# (scripts/check-example.sh), then runs the whole test suite (Swift Testing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh
install_deps
swift build --build-tests
# The library example (a separate package over the public API): built and run on a render with
# known truth, before the tests so that their summary closes the run. Skipped when the tests
# are filtered (arguments given).
if [ $# -eq 0 ]; then
    scripts/check-example.sh
fi
swift test --skip-build "$@"
