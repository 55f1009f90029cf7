#!/usr/bin/env bash
# Decoder conformance sweep: every GIF of the shared conformance suites through strokescope,
# compared frame by frame with the suites' expected outputs, an independent decode (this
# sweep's parser + Pillow's LZW + a separately written browser compositor), Pillow as it is
# and ImageMagick. See docs/CONFORMANCE.md for what is compared and how files are classified.
#
#   scripts/conformance.sh [--suite DIR] [--no-build] [--bin PATH] [--no-record] [compare.py options ...]
#
#   --suite DIR     the conformance directory (default: $STROKESCOPE_CONFORMANCE, else
#                   <parent of the repository>/shared/conformance)
#   --no-build      use the existing .build/release/strokescope
#   --bin PATH      sweep this strokescope binary (implies --no-build)
#   --no-record     write no results file
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
# 4. Writes docs/results/conformance.md (scripts/lib/results.sh): the stamp, the verdicts, the
#    files that are not identical, then every row. A run on a subset (--only), without the
#    ImageMagick reference (--no-magick), with another --documented list or on another suite
#    than the default is not the record: it goes to out/results/conformance.md instead.
set -euo pipefail

caller_dir=$PWD
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/lib/results.sh"
results_begin conformance "$@"
DEFAULT_SUITE=$(dirname "$ROOT")/shared/conformance
SUITE=${STROKESCOPE_CONFORMANCE:-$DEFAULT_SUITE}
BUILD=1
STROKESCOPE=""
JSON=""
PASS=()
while (($#)); do
    case $1 in
        --suite) SUITE=${2:?--suite needs a directory}; shift ;;
        --no-build) BUILD=0 ;;
        --bin) STROKESCOPE=${2:?--bin needs a path}; BUILD=0; shift ;;
        --no-record) results_no_record ;;
        --only) results_partial "--only: a subset of the files"; PASS+=("$1" "${2:?--only needs a glob}"); shift ;;
        --no-magick) results_partial "--no-magick: without the ImageMagick reference"; PASS+=("$1") ;;
        --documented) results_partial "--documented: another list of documented differences"; PASS+=("$1" "${2:?--documented needs a file}"); shift ;;
        --json) JSON=${2:?--json needs a file}; PASS+=("$1" "$JSON"); shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) PASS+=("$1") ;;
    esac
    shift
done
if [ ! -d "$SUITE" ]; then
    echo "conformance.sh: no conformance directory at $SUITE (use --suite DIR)" >&2
    exit 66
fi
[ "$(cd "$SUITE" && pwd -P)" = "$(cd "$DEFAULT_SUITE" 2>/dev/null && pwd -P)" ] ||
    results_partial "suite $SUITE: not the shared conformance suite"

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
if [ "$BUILD" = 1 ]; then
    echo "== building strokescope (release)" >&2
    swift build -c release --product strokescope >&2
    STROKESCOPE=$(swift build -c release --show-bin-path)/strokescope
    results_binary "$STROKESCOPE" built
elif [ -z "$STROKESCOPE" ]; then
    STROKESCOPE=$ROOT/.build/release/strokescope
    results_binary "$STROKESCOPE" no-build
else
    case "$STROKESCOPE" in /*) ;; *) STROKESCOPE=$caller_dir/$STROKESCOPE ;; esac
    results_binary "$STROKESCOPE" given
fi
[ -x "$STROKESCOPE" ] || { echo "conformance.sh: $STROKESCOPE missing (build it or drop --no-build)" >&2; exit 66; }

# --- 3. Sweep -------------------------------------------------------------------------------

work=$(mktemp -d "${TMPDIR:-/tmp}/conformance.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -n "$JSON" ] || { JSON=$work/results.json; PASS+=(--json "$JSON"); }
echo "== sweeping $SUITE" >&2
status=0
python3 "$ROOT/scripts/conformance/compare.py" --suite "$SUITE" --strokescope "$STROKESCOPE" "${PASS[@]}" |
    tee "$work/sweep.txt" || status=$?

# --- 4. Results -----------------------------------------------------------------------------

if [ -f "$JSON" ] && grep -q '^conformance: ' "$work/sweep.txt"; then
    python3 - "$JSON" "$work/sweep.txt" "$status" "$(cd "$SUITE" && pwd)" > "$work/body.md" <<'PY'
import json, sys
results, sweep, status, suite = json.load(open(sys.argv[1])), open(sys.argv[2]).read().splitlines(), sys.argv[3], sys.argv[4]
# the references' messages name files by absolute path: shown relative to the suite instead
cell = lambda v: str(v).replace(suite + "/", "").replace("|", "\\|").replace("\n", " ")
print("## Verdicts\n")
for line in sweep:
    if line.startswith(("identical ", "conformance: ", "note: ")):
        print(f"- {line}")
print(f"- exit status {status} ({'no crash and no undocumented difference' if status == '0' else 'a crash or an undocumented difference'})")
others = [r for r in results if r.get("verdict") not in ("identical", "rejected")]
print(f"\n## Files that are not identical ({len(others)})\n")
if others:
    print("| file | frames | verdict | detail |")
    print("|---|---:|---|---|")
    for r in others:
        print(f"| {cell(r['file'])} | {cell(r.get('frames', ''))} | {r['verdict']} | {cell(r.get('detail', ''))} |")
else:
    print("None.")
table = [l.replace(suite + "/", "") for l in sweep if l.strip() and not l.startswith(("identical ", "conformance: ", "note: "))]
print(f"\n## Every file ({len(results)}), as the sweep prints it\n")
print("```")
print("\n".join(table))
print("```")
PY
    results_write "Decoder conformance (scripts/conformance.sh)" "$work/body.md" <<'EOF'
Every GIF of the shared conformance suites (`../shared/conformance`: pygif, wuffs, Pillow,
image-gif, giflib, libnsgif and others) through `strokescope frames` and
`strokescope info --format json`, compared frame by frame, with the delays and the loop count,
against every reference available for the file: **suite** (the suite's own expected output),
**model** (an independent decode: this sweep's block parser, Pillow's LZW and a separately
written compositor of StrokeScope's documented policies), **pillow** (Pillow as it is) and
**magick** (ImageMagick `-coalesce`). Fully transparent pixels compare equal whatever their
colour channels; every other pixel must match exactly. docs/CONFORMANCE.md has the details.

Verdicts: **identical** (every reference matches), **rejected** (exit 65 with one error line
where no reference decodes the file either; counted with the identical files), **documented**
(every difference is listed, with its reason, in scripts/conformance/documented.tsv),
**crash** (exit code other than 0/65, a signal, a timeout, or stray stderr) and **different**
(any difference not listed).

Target: no crash and no undocumented difference (the script exits 1 otherwise); the last line
`conformance: N/M files identical, K documented differences, C crashes` is the headline.
EOF
fi
exit "$status"
