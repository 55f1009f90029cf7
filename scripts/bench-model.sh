#!/usr/bin/env bash
# Times the timing engine: the payment model evaluated at one million instants (release build).
# Target (issue 3): under 0.5 s.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product strokescope-model-bench >&2
.build/release/strokescope-model-bench fixtures/models/payment-success.json 1000000 10
