#!/usr/bin/env bash
# Measures `strokescope fit` and `inspect` on movies against the targets of issue 23, on renders
# with known truth.
#
# scripts/accuracy/movie_compare.py plan writes a deterministic suite over four bundled models
# (loading spinner with D pinned, Material spinner, payment ring + tick, the autoreversing
# pulse), each rendered at 2x with `render -o MOVIE --truth` as H.264 in MP4 and HEVC in
# QuickTime, at a constant 60 Hz and 120 Hz, at a variable rate (--vfr with three held pictures
# left out), and at 60 Hz with the GIF suites' faults (capture jitter +-2 ms, late and early
# frames, dropped frames, repeated pictures kept) and a clock running 10 % fast. Each movie's
# packet timestamps are read with ffprobe; then `fit MOVIE --model M --format json` and
# `inspect MOVIE --model M --format json` run on it, and movie_compare.py report compares with
# the truth: timestamps exact, phase error (ms), rate error (%), arc ends p95 (deg), timing
# source. Targets: phase <= 1 ms, rate <= 0.05 %, arc ends p95 <= 0.3 deg on every case.
# Exits 1 when a target fails or a case cannot be measured (a reading side that refuses movies
# fails every fit and inspect case, and the report says so).
#
# --via-gif is a prototype of the reading side for a build that cannot read movies yet: every
# movie is decoded by ffmpeg into a GIF (256 colours, no dithering) and that GIF is measured.
# The arc ends then show what 4:2:0 chroma and compression do to the stroke ends; phase and rate
# go through centisecond delays and are not held to their targets. A partial run (not the record).
#
# Writes docs/results/bench-movie.md (scripts/lib/results.sh): the stamp, what is measured and
# the targets, then the report. --quick, --only and --via-gif runs go to out/results/ instead.
#
# Usage: scripts/bench-movie.sh [--quick] [--only REGEX] [--via-gif] [--keep DIR] [--jobs N]
#                               [--no-build] [--bin PATH] [--no-record]
#   --quick     spinner and payment, both codecs, 60 Hz constant, variable and jittered
#   --only RE   only the cases whose id (MODEL-CODEC-TIMING) matches this extended regex
#   --via-gif   measure through an ffmpeg GIF transcode (see above)
#   --keep DIR  work in DIR and keep the movies, truth, timestamps, fit and inspect JSON there
#   --jobs N    cases run in parallel (default: the number of cores)
#   --no-build  use the existing .build/release/strokescope
#   --bin PATH  measure this strokescope binary (implies --no-build)
#   --no-record write no results file
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin bench-movie "$@"

source scripts/lib/bench-common.sh
bench_parse_options "jobs=$(nproc 2>/dev/null || echo 2)" --quick --via-gif -- "$@"
quick=$([ "$opt_quick" = 0 ] || echo --quick)
via_gif=$opt_via_gif
[ -n "$quick" ] && results_partial "--quick: a handful of cases"
[ -n "$only" ] && results_partial "--only $only"
[ "$via_gif" = 1 ] && results_partial "--via-gif: measured through ffmpeg GIF transcodes, a prototype of the reading side"
command -v ffprobe >/dev/null || { echo "error: ffprobe is needed (apt-get install ffmpeg)" >&2; exit 69; }
[ "$via_gif" = 0 ] || command -v ffmpeg >/dev/null || { echo "error: --via-gif needs ffmpeg" >&2; exit 69; }

bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir bench-movie out
mkdir -p "$work/out"

python3 scripts/accuracy/movie_compare.py plan --dir "$work" $quick >&2
if [ -n "$only" ]; then
    grep -E "^[^	]*($only)" "$work/cases.tsv" > "$work/cases.only" || true
    mv "$work/cases.only" "$work/cases.tsv"
    python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
ids = {line.split("\t")[0] for line in open(work + "/cases.tsv")}
cases = [c for c in json.load(open(work + "/cases.json")) if c["id"] in ids]
json.dump(cases, open(work + "/cases.json", "w"), indent=1)
PY
fi

# One case: render the movie with its truth, read its timestamps, then fit and inspect it (or
# the GIF ffmpeg decodes it into). Failures are left for movie_compare.py to report.
run_case() {
    local id="$1" model="$2" ext="$3" rargs="$4" fargs="$5" o="$work/out/$1"
    local rc=0 measured
    # shellcheck disable=SC2086
    "$bin" render "$model" -o "$o$ext" --truth "$o.truth.json" --force --quiet $rargs \
        >/dev/null 2>"$o.render.err" || rc=$?
    [ "$rc" = 0 ] || { rm -f "$o.truth.json"; return 0; }
    ffprobe -v error -select_streams v:0 -show_entries packet=pts,duration -of csv=p=0 "$o$ext" </dev/null > "$o.pts.csv" 2>/dev/null || rm -f "$o.pts.csv"
    measured="$o$ext"
    if [ "$via_gif" = 1 ]; then
        ffmpeg -nostdin -v error -y -i "$o$ext" -fps_mode passthrough \
            -vf "split[a][b];[a]palettegen=max_colors=256:stats_mode=full:reserve_transparent=0[p];[b][p]paletteuse=dither=none" \
            "$o.gif" </dev/null 2>"$o.transcode.err" || { echo "ffmpeg could not transcode" > "$o.fit.err"; cp "$o.fit.err" "$o.inspect.err"; return 0; }
        measured="$o.gif"
    fi
    rc=0
    # shellcheck disable=SC2086
    "$bin" fit "$measured" --model "$model" --format json --jobs 1 $fargs >"$o.fit.json" 2>"$o.fit.err" || rc=$?
    # exit 1 is a threshold verdict, not a failure to measure
    [ "$rc" = 0 ] || [ "$rc" = 1 ] || rm -f "$o.fit.json"
    rc=0
    "$bin" inspect "$measured" --model "$model" --format json --jobs 1 >"$o.inspect.json" 2>"$o.inspect.err" || rc=$?
    [ "$rc" = 0 ] || rm -f "$o.inspect.json"
}

start=$(date +%s)
n=$(bench_run_cases run_case)
echo "rendered and measured $n cases in $(( $(date +%s) - start )) s ($jobs jobs)" >&2

status=0
python3 scripts/accuracy/movie_compare.py report --dir "$work" $([ "$via_gif" = 1 ] && echo --via-gif) > "$work/report.md" || status=$?
cat "$work/report.md"
results_note "Suite: $n cases ($jobs jobs). Encoders: $(ffprobe -version 2>/dev/null | grep -o 'libavcodec *[0-9]*\. *[0-9]*\. *[0-9]*' | tr -s ' ' | head -1). Exit status $status."
results_write "Movie accuracy (scripts/bench-movie.sh)" "$work/report.md" <<'ABOUT'
How exactly `strokescope render` writes movies and how closely `fit` and `inspect` read them
back (issue 23), against the exact truth `render --truth` writes. Every case is a bundled model
at 2x, written as H.264 (MP4) and HEVC (QuickTime) at CRF 16, 4:2:0, BT.709, on a 90 kHz clock:
a constant 60 or 120 Hz, a variable rate (held pictures left out, `--vfr`), 60 Hz with capture
jitter, late and early frames, dropped frames or repeated pictures, and a clock 10 % fast.

- **Timestamps exact**: every packet's timestamp and duration in the movie (ffprobe) equal the
  truth's `pts` and `delay`.
- **Phase error** (ms of recording time): `fit`'s phase against the truth's line
  `modelTime = phase + rate × time` (the median over frames that are not repeats), modulo the
  period over which the picture repeats.
- **Rate error** (%): `fit`'s rate against the render's `--rate`.
- **Arc ends** (°): `inspect --model` against the truth, each start and end angle where both say
  `arc`; p95 per case.

Targets (issue 23): timestamps exact; phase ≤ 1 ms, rate ≤ 0.05 %, arc ends p95 ≤ 0.3° on every
case; `fit` reports the timing source `timestamps`. The script exits 1 when a target fails.
ABOUT
if [ -n "$keep" ]; then
    echo "kept: $work (report.md, cases.json, out/)" >&2
fi
exit "$status"
