#!/usr/bin/env bash
# Regenerates fixtures/gif/ with the project's own encoder, deterministically.
# --check: regenerate into a temporary directory and fail if any byte differs from fixtures/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/install-deps.sh
install_deps
swift build --product strokescope-fixtures
bin=.build/debug/strokescope-fixtures
if [ "${1:-}" = "--check" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    "$bin" "$tmp" >/dev/null
    status=0
    for f in "$tmp"/*.gif; do
        name=$(basename "$f")
        if cmp -s "$f" "fixtures/gif/$name"; then echo "same: $name"; else echo "DIFFERENT: $name"; status=1; fi
    done
    exit $status
fi
"$bin" fixtures/gif
