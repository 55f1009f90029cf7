#!/usr/bin/env bash
# Fuzzes every input path with libFuzzer and AddressSanitizer (LeakSanitizer included), then
# replays every file under ../shared/conformance/ through the GIF target under the sanitizer.
#
# Targets (scripts/fuzz/Sources, a package of their own so the main package never needs
# -sanitize=fuzzer): fuzz-gif (arbitrary bytes → decode, composite, `info`, `inspect`),
# fuzz-model (arbitrary text → expression parser, model loader, evaluation, `model`), fuzz-fit
# (a model and a GIF from one input → `fit`, `check`), fuzz-numeric (the bundled models with up
# to four numeric fields set to extreme or arbitrary values → `render`, `fit`), fuzz-movie
# (arbitrary bytes as a QuickTime/MPEG-4 movie, written to a scratch file → probe, timestamp scan,
# decode, `info`, `inspect`; FFmpeg's C libraries, loaded with dlopen, are the system's and not
# instrumented: the fuzzer steers by StrokeScope's Swift code alone, and AddressSanitizer checks
# none of FFmpeg's own loads and stores, only its calls to malloc, free, memcpy and the like).
# Each runs with low limits (see FuzzSupport.swift) and treats any exit code outside
# CLI-CONTRACT.md as a crash. Seeds come from fixtures/ (fixtures/movies/ and
# fixtures/movie-inputs/ for fuzz-movie) and ../shared/conformance/. A crash, leak, timeout
# (> 10 s per input) or sanitizer report is saved under out/fuzz/artifacts/TARGET/ and makes
# the script exit 1 (timeouts: 10 s per input, 60 s for fuzz-fit and fuzz-numeric;
# slow-unit-* files are only noted); turn each into a regression test (Tests/StrokeScopeCLITests/FuzzRegressionTests.swift, inputs in
# Tests/StrokeScopeCLITests/FuzzInputs/).
#
# Writes docs/results/fuzz.md (scripts/lib/results.sh): a row per target and the replay. A run
# under 600 s per target is marked "short run" in the stamp; a run of one --target or without the
# replay is not the record and goes to out/results/fuzz.md instead.
#
# Usage: scripts/fuzz.sh [SECONDS] [--target NAME] [--no-replay] [--no-record]
#   SECONDS      run time per target (default 60; the issue's target is 600)
#   --target     only this target (fuzz-gif, fuzz-model, fuzz-fit, fuzz-numeric or fuzz-movie)
#   --no-replay  skip the conformance replay
#   --no-record  write no results file
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin fuzz "$@"

seconds=60
only=""
replay=1
while [ $# -gt 0 ]; do
    case "$1" in
        --target) [ $# -ge 2 ] || { echo "error: --target needs a name" >&2; exit 64; }; only="$2"; shift ;;
        --no-replay) replay=0 ;;
        --no-record) results_no_record ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        [0-9]*) seconds="$1" ;;
        *) echo "error: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done

[ "$seconds" -ge 600 ] || results_short "$seconds s of fuzzing per target; the issue's target, and the record, is 600 s"
[ -z "$only" ] || results_partial "--target $only: one target only"
[ "$replay" = 1 ] || results_partial "--no-replay: without the conformance replay"

source scripts/lib/install-deps.sh
install_deps

echo "building the fuzz targets (release, -sanitize=fuzzer,address) ..." >&2
# SwiftPM keeps a path dependency's file list in the build manifest and does not notice a file
# added to the main package since the last build; a fresh manifest sees it (objects are reused).
rm -f scripts/fuzz/.build/release.yaml
swift build --package-path scripts/fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
bin="scripts/fuzz/.build/release"

out="out/fuzz"
mkdir -p "$out"
conformance="../shared/conformance"

# Seed corpora, rebuilt each run (the fuzzer adds what it finds to a separate working corpus).
seeds="$out/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/fuzz-gif" "$seeds/fuzz-model" "$seeds/fuzz-fit" "$seeds/fuzz-numeric" "$seeds/fuzz-movie"
cp fixtures/gif/*.gif "$seeds/fuzz-gif/"
find fixtures/render -name '*.gif' -size -64k -exec cp {} "$seeds/fuzz-gif/" \;
if [ -d "$conformance" ]; then
    # Small ones only (the fuzzer mutates better from short inputs), named by content hash.
    find "$conformance" -name '*.gif' -size -64k -exec sh -c 'for f; do cp "$f" "$0/$(md5sum <"$f" | cut -c1-16).gif"; done' "$seeds/fuzz-gif" {} +
fi
cp fixtures/models/*.json "$seeds/fuzz-model/"
# The project's small movies (a few KiB each): the fixtures and the damaged inputs.
find fixtures/movies fixtures/movie-inputs -maxdepth 1 \( -name '*.mov' -o -name '*.mp4' -o -name '*.m4v' \) \
    -exec cp {} "$seeds/fuzz-movie/" \;
# fuzz-numeric's inputs are choices, not files: each model untouched, then one extreme per model.
python3 - "$seeds/fuzz-numeric" <<'PY'
import os, sys
out = sys.argv[1]
for model in range(6):
    open(os.path.join(out, "model-%d" % model), "wb").write(bytes([model]))
    for value in range(13):
        open(os.path.join(out, "model-%d-value-%02d" % (model, value)), "wb").write(
            bytes([model, 7 * value + model, 0, 0]) + value.to_bytes(8, "little"))
PY
python3 - "$seeds/fuzz-fit" <<'PY'
import glob, os, struct, sys
out = sys.argv[1]
models = sorted(glob.glob("fixtures/models/*.json"))
gifs = sorted(glob.glob("fixtures/render/*.gif"))
for i, gif in enumerate(gifs):
    model = next((m for m in models if os.path.basename(m).split("-")[0] in os.path.basename(gif)), models[0])
    text = open(model, "rb").read()
    with open(os.path.join(out, "pair-%02d" % i), "wb") as f:
        f.write(struct.pack("<H", len(text)) + text + open(gif, "rb").read())
PY

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
status=0
rows="$out/results-rows.md"
: > "$rows"
declare -A WHAT=(
    [fuzz-gif]="decode, composite, \`info\`, \`inspect\`; half the inputs through the decoding thread"
    [fuzz-model]="expressions, model loader, evaluation, \`model\`"
    [fuzz-fit]="\`fit\`, \`check\`; half the inputs through the decoding thread"
    [fuzz-numeric]="the bundled models' numbers set to extreme or arbitrary values → \`render\`, \`fit\`"
    [fuzz-movie]="a movie: probe, timestamp scan, decode, \`info\`, \`inspect\`; FFmpeg not instrumented"
)
for target in fuzz-gif fuzz-model fuzz-fit fuzz-numeric fuzz-movie; do
    [ -z "$only" ] || [ "$only" = "$target" ] || continue
    corpus="$out/corpus/$target"
    artifacts="$out/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    echo "fuzzing $target for ${seconds}s ..." >&2
    log="$out/$target.log"
    target_start=$(date +%s)
    set +e
    # A hang is an input that takes over 10 s (60 s for fit, whose search runs about 25 times
    # slower under the instrumentation than in a release build).
    timeout_s=10
    [ "$target" = fuzz-fit ] && timeout_s=60
    [ "$target" = fuzz-numeric ] && timeout_s=60
    "$bin/$target" "$corpus" "$seeds/$target" -max_total_time="$seconds" -timeout="$timeout_s" -rss_limit_mb=2048 \
        -max_len=262144 -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1
    code=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    took=$(( $(date +%s) - target_start ))
    # libFuzzer also keeps inputs slower than 10 s as slow-unit-*: noted, not failures (the
    # timeout above is what a hang is).
    found=$(find "$artifacts" -type f ! -name 'slow-unit-*' | wc -l)
    slow=$(find "$artifacts" -type f -name 'slow-unit-*' | wc -l)
    slowest=$(grep -o 'slowest_unit_time_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    if [ "$code" -ne 0 ] || [ "$found" -gt 0 ]; then
        echo "$target: FAILED (exit $code, $found artifact(s) in $artifacts; see $log)"
        echo "| \`$target\` (${WHAT[$target]}) | ${seconds} s (${took} s with loading) | $runs | **FAILED** (exit $code, $found artifact(s) in $artifacts) |" >> "$rows"
        status=1
    else
        echo "$target: ${seconds}s, $runs inputs, no crash, hang, leak or sanitizer report (slowest input ${slowest}s; $slow kept as slow-unit)"
        echo "| \`$target\` (${WHAT[$target]}) | ${seconds} s (${took} s with loading) | $runs | no crash, hang, leak or sanitizer report (slowest input ${slowest} s; $slow file(s) in $artifacts kept as slow-unit) |" >> "$rows"
    fi
done

if [ "$replay" -eq 1 ] && [ -d "$conformance" ] && { [ -z "$only" ] || [ "$only" = "fuzz-gif" ]; }; then
    # Every conformance file once through the GIF target (libFuzzer runs files given by name once).
    list="$out/conformance-files.txt"
    find "$conformance" -type f -name '*.gif' | sort >"$list"
    total=$(wc -l <"$list")
    log="$out/conformance-replay.log"
    set +e
    xargs -a "$list" -d '\n' "$bin/fuzz-gif" -timeout=10 -rss_limit_mb=2048 >"$log" 2>&1
    code=$?
    set -e
    ran=$(grep -c '^Running: ' "$log" || true)
    if [ "$code" -ne 0 ]; then
        echo "conformance replay: FAILED (exit $code after $ran of $total files; see $log)"
        echo "| conformance replay through \`fuzz-gif\` | - | $ran of $total files | **FAILED** (exit $code) |" >> "$rows"
        status=1
    else
        echo "conformance replay: $ran of $total files clean under AddressSanitizer"
        echo "| conformance replay through \`fuzz-gif\` | - | $ran of $total files | clean under AddressSanitizer |" >> "$rows"
    fi
fi

{
    echo "## Results"
    echo
    echo "| target | time | inputs run | result |"
    echo "| --- | --- | --- | --- |"
    cat "$rows"
    echo
    echo "Verdict: $([ "$status" = 0 ] && echo "PASS: no crash, hang, leak or sanitizer report" || echo "FAIL: see the rows above")."
} > "$out/results-body.md"
results_write "Fuzzing (scripts/fuzz.sh)" "$out/results-body.md" <<'EOF'
Five libFuzzer targets built with `-sanitize=fuzzer,address` (AddressSanitizer with
LeakSanitizer) from scripts/fuzz/, each run for the stated time from seeds out of fixtures/ and
the conformance suite's small GIFs: `fuzz-gif` (arbitrary bytes), `fuzz-model` (arbitrary text)
`fuzz-fit` (a model and a GIF from one input), `fuzz-numeric` (the bundled models with up to
four numeric fields set to extreme or arbitrary values, through `render` and `fit`) and
`fuzz-movie` (arbitrary bytes as a QuickTime/MPEG-4 movie, seeded from fixtures/movies/ and
fixtures/movie-inputs/; FFmpeg's libraries are loaded with dlopen and not instrumented, so
coverage and the sanitizer cover StrokeScope's side of the movie path only). An exit code
outside CLI-CONTRACT.md counts as a crash; an input over 10 s (60 s for `fuzz-fit` and
`fuzz-numeric`) is a hang. Then every GIF under
`../shared/conformance/` is replayed once through `fuzz-gif` under the sanitizer.

"inputs run" is libFuzzer's count of executed units (it depends on how busy the machine is);
"kept as slow-unit" counts the files of that kind in the artifacts folder, earlier runs'
included. Target (issue 9): 600 s per target with no crash, hang, leak or sanitizer report, and
a clean replay; the script exits 1 otherwise.
EOF
exit $status
