#!/usr/bin/env bash
# Movie speed and memory benchmark: `strokescope fit` on an HEVC screen recording against
# `ffmpeg -i FILE -f null -` (FFmpeg decoding the same file and nothing else).
#
#   scripts/bench-movie-speed.sh [--runs N] [--dir DIR] [--no-build] [--bin PATH] [--no-record]
#
# 1. Builds strokescope in release (unless --no-build, or --bin PATH: time that binary).
# 2. Makes the recordings in DIR (default /tmp/strokescope-movie-bench; existing files are
#    reused): fixtures/models/loading-spinner.json drawn by `strokescope render --fps 60 --scale 3`
#    (300×300 px) for 10.5 s (seven whole 1.5 s cycles, so that copies join seamlessly), split
#    into PNG frames by `strokescope frames`, padded onto a white 1170×2532 canvas (an iPhone's
#    screen) and encoded with libx265 at 60 fps (ultrafast preset, yuv420p, BT.709): the first
#    600 frames into spinner-10s.mov, the whole clip stream-copied six times over and cut at
#    60 s into spinner-60s.mov (about 3600 frames). Nothing is committed.
# 3. Times, alternating, `ffmpeg -i FILE -f null -` and `strokescope fit FILE --model
#    loading-spinner.json` on each file: best wall clock of N runs (default 3), CPU time, and peak
#    RSS (/usr/bin/time).
# 4. Checks the targets (exit 1 when one is missed):
#      - fit takes at most 1.5× ffmpeg's wall clock on the 10 s file;
#      - fit's peak memory at 60 s is within 20 MB of its peak at 10 s (flat in the frame count).
# 5. Writes the table, stamped, to docs/results/bench-movie-speed.md (scripts/lib/results.sh).
set -euo pipefail

caller_dir="$PWD"
cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib/results.sh
results_begin bench-movie-speed "$@"
source scripts/lib/bench-common.sh
bench_parse_options -keep -only --runs=3 --dir=/tmp/strokescope-movie-bench -- "$@"
WORK=$opt_dir
RUNS=$opt_runs
RATIO_TARGET=1.5
MEMORY_TARGET_MB=20

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "error: --runs needs a whole number ≥ 1" >&2; exit 64; }
((RUNS >= 3)) || results_short "best of $RUNS run(s); the record takes the best of 3"
command -v ffmpeg >/dev/null || { echo "bench-movie-speed.sh: the ffmpeg CLI is needed (apt-get install ffmpeg)" >&2; exit 69; }
[ -x /usr/bin/time ] || { echo "bench-movie-speed.sh: /usr/bin/time is needed (apt-get install time)" >&2; exit 69; }

if [ "$build" = 1 ]; then
    source scripts/lib/install-deps.sh
    install_deps
fi
bench_prepare_binary
STROKESCOPE=$bin
MODEL=$ROOT/fixtures/models/loading-spinner.json
results_binary "$STROKESCOPE" "$(bench_binary_how)"
mkdir -p "$WORK"

ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
if [ ! -s "$WORK/spinner-10s.mov" ] || [ ! -s "$WORK/spinner-60s.mov" ]; then
    echo "== making the recordings in $WORK" >&2
    "$STROKESCOPE" render "$MODEL" -o "$WORK/clip.gif" --fps 60 --scale 3 --duration 10.5 --force --quiet >/dev/null
    "$STROKESCOPE" frames "$WORK/clip.gif" -o "$WORK/frames" --force --quiet >/dev/null
    ff -framerate 60 -i "$WORK/frames/frame-%04d.png" -vf "pad=1170:2532:435:1116:white" \
        -c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -pix_fmt yuv420p \
        -colorspace bt709 -color_primaries bt709 -color_trc bt709 -video_track_timescale 600 "$WORK/clip.mov"
    # The first 600 frames encoded on their own (a stream copy cut at 10 s keeps the frames the
    # decoder still needs past the cut).
    ff -framerate 60 -i "$WORK/frames/frame-%04d.png" -frames:v 600 -vf "pad=1170:2532:435:1116:white" \
        -c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -pix_fmt yuv420p \
        -colorspace bt709 -color_primaries bt709 -color_trc bt709 -video_track_timescale 600 "$WORK/spinner-10s.mov"
    for _ in 1 2 3 4 5 6; do echo "file 'clip.mov'"; done > "$WORK/six.txt"
    ff -f concat -safe 0 -i "$WORK/six.txt" -t 60 -c copy "$WORK/spinner-60s.mov"
    rm -rf "$WORK/frames" "$WORK/clip.gif"
fi

# measure NAME COMMAND...: appends "wall cpu peakKB" of one run to $WORK/NAME.runs.
measure() {
    local name=$1
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time.out" "$@" >/dev/null 2>"$WORK/stderr.out" || {
        echo "bench-movie-speed.sh: failed: $*" >&2; cat "$WORK/stderr.out" >&2; exit 1; }
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$WORK/time.out" >> "$WORK/$name.runs"
}
best() { sort -n "$WORK/$1.runs" | head -1; }   # the run with the best wall clock
peak() { awk 'BEGIN { m = 0 } { if ($3 > m) m = $3 } END { print m }' "$WORK/$1.runs"; }

read -r _ _ cpu0 _ _ idle0 _ < <(head -1 /proc/stat | awk '{ print $1, $2, $2 + $3 + $4 + $5 + $6 + $7 + $8, $4, $5, $5 + $6, $8 }')
sleep 1
read -r _ _ cpu1 _ _ idle1 _ < <(head -1 /proc/stat | awk '{ print $1, $2, $2 + $3 + $4 + $5 + $6 + $7 + $8, $4, $5, $5 + $6, $8 }')
busy=$(awk -v t="$((cpu1 - cpu0))" -v i="$((idle1 - idle0))" 'BEGIN { printf "%d", (t > 0 ? 100 * (t - i) / t : 0) }')

for length in 10s 60s; do
    file=$WORK/spinner-$length.mov
    rm -f "$WORK/ffmpeg-$length.runs" "$WORK/fit-$length.runs"
    for ((r = 1; r <= RUNS; r++)); do
        echo "== $length run $r of $RUNS" >&2
        measure "ffmpeg-$length" ffmpeg -nostdin -hide_banner -loglevel error -i "$file" -f null -
        measure "fit-$length" "$STROKESCOPE" fit "$file" --model "$MODEL" --quiet
    done
done
"$STROKESCOPE" fit "$WORK/spinner-10s.mov" --model "$MODEL" --quiet > "$WORK/fit-10s.txt"

failed=0
{
    echo "| file | frames | ffmpeg (s) | fit (s) | ratio | ffmpeg CPU (s) | fit CPU (s) | ffmpeg peak (MB) | fit peak (MB) |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    for length in 10s 60s; do
        read -r fw fc _ < <(best "ffmpeg-$length")
        read -r sw sc _ < <(best "fit-$length")
        frames=$(ffprobe -v error -count_packets -select_streams v -show_entries stream=nb_read_packets -of csv=p=0 "$WORK/spinner-$length.mov")
        echo "| spinner-$length.mov (1170×2532 HEVC, 60 fps) | $frames | $fw | $sw | $(awk -v a="$sw" -v b="$fw" 'BEGIN { printf "%.2f", a / b }') | $fc | $sc | $(awk -v k="$(peak "ffmpeg-$length")" 'BEGIN { printf "%.0f", k / 1024 }') | $(awk -v k="$(peak "fit-$length")" 'BEGIN { printf "%.0f", k / 1024 }') |"
    done
} > "$WORK/table.md"

read -r fw _ _ < <(best ffmpeg-10s)
read -r sw _ _ < <(best fit-10s)
ratio=$(awk -v a="$sw" -v b="$fw" 'BEGIN { printf "%.2f", a / b }')
low=$(peak fit-10s); high=$(peak fit-60s)
delta=$(awk -v a="$high" -v b="$low" 'BEGIN { printf "%.1f", (a - b) / 1024 }')
{
    if awk -v r="$ratio" -v t="$RATIO_TARGET" 'BEGIN { exit !(r <= t) }'; then echo "- met: fit on the 10 s file takes ${ratio}× ffmpeg's time (target ≤ ${RATIO_TARGET}×)"
    else echo "- **missed**: fit on the 10 s file takes ${ratio}× ffmpeg's time (target ≤ ${RATIO_TARGET}×)"; failed=1; fi
    if awk -v d="$delta" -v t="$MEMORY_TARGET_MB" 'BEGIN { exit !(d <= t) }'; then echo "- met: fit's peak memory at 60 s is ${delta} MB above its peak at 10 s (target ≤ ${MEMORY_TARGET_MB} MB)"
    else echo "- **missed**: fit's peak memory at 60 s is ${delta} MB above its peak at 10 s (target ≤ ${MEMORY_TARGET_MB} MB)"; failed=1; fi
} > "$WORK/targets.md"
cat "$WORK/table.md" "$WORK/targets.md"

{
    echo "## Results (best of $RUNS)"
    echo
    cat "$WORK/table.md"
    echo
    echo "## Targets"
    echo
    cat "$WORK/targets.md"
    echo
    echo "## The fit on the 10 s file"
    echo
    echo '```'
    sed -n '1,/^$/p' "$WORK/fit-10s.txt"
    echo '```'
} > "$WORK/results-body.md"
results_note "CPUs ${busy}% busy in the second before the timing began; $(nproc) cores shared with other work: wall clocks are noisy, CPU times less so."
results_write "Movies: fit against ffmpeg's decode (scripts/bench-movie-speed.sh)" "$WORK/results-body.md" <<'ABOUT'
`strokescope fit FILE --model fixtures/models/loading-spinner.json` against `ffmpeg -i FILE -f
null -` (FFmpeg's decoding of the same file, with its own threads, and nothing else), on an
iPhone-sized screen recording of the loading spinner: 1170×2532 px, HEVC (libx265), 60 fps,
10 s (600 frames) and 60 s (3600 frames), made by the script from `strokescope render` output.

Columns: best wall clock of the runs (the two programs alternating), their **ratio**, CPU time
(user + system) of that run, and the peak RSS of all runs (/usr/bin/time).

Targets: fit takes at most 1.5× ffmpeg's wall clock on the 10 s file; fit's peak memory at 60 s
is within 20 MB of its peak at 10 s (memory does not grow with the number of frames).
ABOUT
if ((failed)); then echo "== a target was missed"; exit 1; fi
echo "== all targets met"
