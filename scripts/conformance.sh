#!/usr/bin/env bash
# Decoder conformance sweep: every GIF of the shared conformance suites through strokescope,
# compared frame by frame with the suites' expected outputs, an independent decode (this
# sweep's parser + Pillow's LZW + a separately written browser compositor), Pillow as it is
# and ImageMagick. See docs/CONFORMANCE.md for what is compared and how files are classified.
#
#   scripts/conformance.sh [--suite DIR] [compare.py options ...]
#
#   --suite DIR     the conformance directory (default: $STROKESCOPE_CONFORMANCE, else
#                   <parent of the repository>/shared/conformance)
#   other options   passed to scripts/conformance/compare.py: --only GLOB (repeatable),
#                   --jobs N, --timeout SECONDS (default 120), --no-magick,
#                   --magick-timeout SECONDS (default 300), --json FILE,
#                   --width N
#
# 1. Installs what is missing: the build packages (libgif-dev, libpng-dev, pkg-config),
#    ImageMagick (Debian `imagemagick`) and Pillow for the python3 on PATH (`pip install
#    pillow`, or Debian `python3-pil` where pip cannot install). As root it installs them
#    (apt-get update first); otherwise it prints the exact command and stops.
# 2. Builds strokescope in release.
# 3. Runs compare.py, which prints one row per file and ends with
#      conformance: N/M files identical, K documented differences, C crashes
#    and exits non-zero on any crash or undocumented difference.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SUITE=${STROKESCOPE_CONFORMANCE:-$(dirname "$ROOT")/shared/conformance}
PASS=()
while (($#)); do
    case $1 in
        --suite) SUITE=${2:?--suite needs a directory}; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) PASS+=("$1") ;;
    esac
    shift
done
if [ ! -d "$SUITE" ]; then
    echo "conformance.sh: no conformance directory at $SUITE (use --suite DIR)" >&2
    exit 66
fi

# --- 1. Tools -------------------------------------------------------------------------------

source "$ROOT/scripts/lib/install-deps.sh"
install_deps imagemagick

if ! command -v python3 >/dev/null 2>&1; then
    install_deps python3
fi
if ! python3 -c 'import PIL' >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: Pillow is missing for $(command -v python3)" >&2
        echo "run: python3 -m pip install pillow   (or: sudo apt-get update && sudo apt-get install -y python3-pil)" >&2
        exit 1
    fi
    echo "installing Pillow ..." >&2
    if ! python3 -m pip install --quiet pillow >&2; then
        # A Debian-managed python3 refuses pip installs; its own package works there.
        install_deps python3-pil
    fi
    python3 -c 'import PIL' || { echo "conformance.sh: Pillow still cannot be imported" >&2; exit 1; }
fi

# --- 2. Build -------------------------------------------------------------------------------

cd "$ROOT"
echo "== building strokescope (release)" >&2
swift build -c release --product strokescope >&2
STROKESCOPE=$(swift build -c release --show-bin-path)/strokescope

# --- 3. Sweep -------------------------------------------------------------------------------

echo "== sweeping $SUITE" >&2
exec python3 "$ROOT/scripts/conformance/compare.py" --suite "$SUITE" --strokescope "$STROKESCOPE" "${PASS[@]}"
