#!/usr/bin/env bash
# Regenerates fixtures/movie-inputs/ deterministically: small QuickTime/MPEG-4 recordings of the
# project's own models, drawn by `strokescope render`, taken apart into PNG frames by
# `strokescope frames`, and encoded by the `ffmpeg` CLI with one thread and bit-exact flags
# (the same bytes on every run with the same FFmpeg, x264 and x265), plus broken copies of them
# for the error paths. fixtures/movie-inputs/README.md lists each file and the command that made it.
#
#   spinner-60fps.mp4          H.264, constant 60 fps: every frame 1/60 s after the one before
#   spinner-2x-60fps-vfr.mov   HEVC in QuickTime, 2×, 60 fps with frames left out (12, 13, 40):
#                              a variable frame rate, as a simulator recording that writes a frame
#                              only when the screen changes; the quick start's movie
#   truncated-no-index.mov     the first 60 % of spinner-2x-60fps-vfr.mov: the index (moov) is
#                              written last, so a recording killed mid-way has none
#   truncated-data.mp4         spinner-60fps.mp4 with its index moved first (faststart), cut in
#                              the middle of its frames' data: early frames decode, then it ends
#   no-video.mov               a tenth of a second of sound and no video stream
#   unknown-codec.mov          spinner-2x-60fps-vfr.mov with its codec code renamed (zzzz)
# Requires: ffmpeg with libx264 and libx265 (apt-get install ffmpeg), and perl.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
root=$(pwd)
source scripts/lib/install-deps.sh
install_deps
command -v ffmpeg >/dev/null || { echo "error: the ffmpeg CLI is needed (apt-get install ffmpeg)" >&2; exit 69; }
swift build --product strokescope >&2
strokescope=$root/.build/debug/strokescope
out=$root/fixtures/movie-inputs
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Deterministic ffmpeg: one thread, no version strings or dates in the file.
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
bitexact=(-threads 1 -fflags +bitexact -flags:v +bitexact -map_metadata -1)

# frames NAME MODEL RENDER-ARGUMENTS...: PNG frames of the model at 60 fps in $work/NAME/.
frames() {
    local name=$1 model=$2
    shift 2
    "$strokescope" render "$root/fixtures/models/$model.json" -o "$work/$name.gif" --fps 60 --force --quiet "$@" >/dev/null
    "$strokescope" frames "$work/$name.gif" -o "$work/$name" --force --quiet >/dev/null
}

frames spinner loading-spinner --duration 3
ff -framerate 60 -i "$work/spinner/frame-%04d.png" "${bitexact[@]}" -c:v libx264 -preset medium -crf 20 \
    -x264-params threads=1 -pix_fmt yuv420p -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
    -video_track_timescale 600 "$out/spinner-60fps.mp4"

frames spinner2x loading-spinner --duration 1.5 --scale 2
# select drops frames 12, 13 and 40 and keeps every other frame's timestamp (passthrough).
ff -framerate 60 -i "$work/spinner2x/frame-%04d.png" "${bitexact[@]}" \
    -vf "select='not(eq(n\,12)+eq(n\,13)+eq(n\,40))'" -fps_mode passthrough \
    -c:v libx265 -preset medium -crf 24 -x265-params pools=none:frame-threads=1:log-level=error \
    -tag:v hvc1 -pix_fmt yuv420p -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
    -video_track_timescale 600 "$out/spinner-2x-60fps-vfr.mov"

size=$(wc -c < "$out/spinner-2x-60fps-vfr.mov")
head -c $((size * 6 / 10)) "$out/spinner-2x-60fps-vfr.mov" > "$out/truncated-no-index.mov"

# The HEVC sample description's code (hvc1) and its configuration box (hvcC) renamed: a codec no
# FFmpeg knows.
LC_ALL=C perl -pe 's/hvc1/zzzz/g; s/hvcC/zzzC/g' "$out/spinner-2x-60fps-vfr.mov" > "$out/unknown-codec.mov"

ff -i "$out/spinner-60fps.mp4" "${bitexact[@]}" -c copy -movflags +faststart "$work/faststart.mp4"
size=$(wc -c < "$work/faststart.mp4")
head -c $((size / 2)) "$work/faststart.mp4" > "$out/truncated-data.mp4"

ff -f lavfi -i "sine=frequency=440:sample_rate=8000:duration=0.1" "${bitexact[@]}" -c:a pcm_s16le "$out/no-video.mov"

{
    echo "# Movie fixtures"
    echo
    echo "Made by \`scripts/make-movie-input-fixtures.sh\` with $(ffmpeg -version | head -1 | cut -d' ' -f1-3) (libx264, libx265,"
    echo "one thread, bit-exact flags): the project's models rendered by \`strokescope render --fps 60\`,"
    echo "split into PNG frames by \`strokescope frames\` and encoded at 60 fps; the broken files are cut"
    echo "from the good ones. Another FFmpeg or encoder version may write other bytes; the tests check"
    echo "what the files decode to, not their bytes."
    echo
    echo "| file | bytes | what it is |"
    echo "| --- | ---: | --- |"
    echo "| spinner-60fps.mp4 | $(wc -c < "$out/spinner-60fps.mp4") | loading-spinner, 1× (100×100), 3 s (two cycles), H.264 yuv420p BT.709, constant 60 fps (180 frames, time scale 600) |"
    echo "| spinner-2x-60fps-vfr.mov | $(wc -c < "$out/spinner-2x-60fps-vfr.mov") | loading-spinner, 2× (200×200), 1.5 s, HEVC (hvc1) in QuickTime, 60 fps with frames 12, 13 and 40 left out (variable frame rate, 87 frames) |"
    echo "| truncated-no-index.mov | $(wc -c < "$out/truncated-no-index.mov") | the first 60 % of spinner-2x-60fps-vfr.mov: no index (moov box), as a recording killed mid-way |"
    echo "| truncated-data.mp4 | $(wc -c < "$out/truncated-data.mp4") | spinner-60fps.mp4 with the index first (faststart), cut at half its size: the index promises frames the data no longer holds |"
    echo "| unknown-codec.mov | $(wc -c < "$out/unknown-codec.mov") | spinner-2x-60fps-vfr.mov with its codec's four-character code changed to \`zzzz\`: a codec no decoder reads |"
    echo "| no-video.mov | $(wc -c < "$out/no-video.mov") | 0.1 s of a 440 Hz tone (PCM), no video stream |"
} > "$out/README.md"
echo "wrote fixtures/movie-inputs ($(ls "$out" | wc -l | tr -d ' ') files)"
