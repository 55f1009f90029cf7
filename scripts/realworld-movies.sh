#!/usr/bin/env bash
# Scores `strokescope inspect` on the real-world recordings as screen recordings: each GIF of
# ../shared/realworld is converted into an H.264 movie (libx264 through the ffmpeg CLI, CRF 18,
# preset medium, 4:2:0, its frames and their timestamps kept one for one, sides padded to even
# with white on the right and bottom, so that every pixel keeps its place) and scored by the
# collection's own score.py against the same per-frame truth as the GIFs (its --gifs option
# points it at the movies, which keep the GIFs' names: strokescope tells a movie by its bytes).
# One pass, as a user runs it: `inspect FILE --format json`, no options, no model.
#
# What it measures: the movie path on real content (compression noise, chroma smeared by 4:2:0
# subsampling, a movie's conversion narrowed to the measured area, rings found after the
# sample on the movie's luma) against the GIF verdicts of scripts/realworld.sh.
# Writes the table, stamped, to docs/results/realworld-movies.md (scripts/lib/results.sh); a
# run with --only or another --realworld folder goes to out/results/ instead.
# Exits 1 when a movie is WRONG (or missing), as score.py does.
#
# Usage: scripts/realworld-movies.sh [--no-build] [--bin PATH] [--keep DIR] [--realworld DIR] [--only NAME] [--no-record]
#   --no-build       use the existing .build/release/strokescope
#   --bin PATH       score this strokescope binary (implies --no-build)
#   --keep DIR       keep the movies and score.py's JSON in DIR
#   --realworld DIR  the collection (default ../shared/realworld)
#   --only NAME      only the recordings whose name contains NAME (score.py's --only)
#   --no-record      write no results file
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin realworld-movies "$@"
source scripts/lib/bench-common.sh
bench_parse_options realworld -- "$@"
[ -z "$only" ] || results_partial "--only $only: some recordings only"
[ "$realworld" = "../shared/realworld" ] || results_partial "--realworld $realworld: another collection than ../shared/realworld"
command -v ffmpeg >/dev/null || { echo "realworld-movies.sh: the ffmpeg CLI is needed (apt-get install ffmpeg)" >&2; exit 69; }
bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir realworld-movies movies plain.json plain.txt
R="$realworld"
[ -f "$R/score.py" ] && [ -f "$R/expected-frames.json" ] ||
    { echo "error: $R has no score.py and expected-frames.json" >&2; exit 66; }

echo "== converting the GIFs into H.264 movies in $work/movies" >&2
python3 - "$R/expected-frames.json" "$only" > "$work/names.txt" <<'PY'
import json, sys
only = sys.argv[2]
for name in json.load(open(sys.argv[1]))["cases"]:
    if not only or only in name:
        print(name)
PY
while IFS= read -r name; do
    mkdir -p "$(dirname "$work/movies/$name")"
    # passthrough: every GIF frame becomes one movie frame at its own time (none dropped or
    # repeated), so the truth's frame indices hold.
    ffmpeg -nostdin -hide_banner -loglevel error -y -i "$R/$name" -vsync passthrough \
        -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:white" -c:v libx264 -preset medium -crf 18 \
        -pix_fmt yuv420p -f mp4 "$work/movies/$name" ||
        { echo "realworld-movies.sh: ffmpeg could not convert $R/$name" >&2; exit 70; }
done < "$work/names.txt"

args=(--gifs "$work/movies")
[ -n "$only" ] && args+=(--only "$only")
status=0
echo "== score.py ${args[*]}" >&2
python3 "$R/score.py" "$bin" "$R" "${args[@]}" --json-out "$work/plain.json" | tee "$work/plain.txt" || status=$?

python3 - "$work" "$R/expected-frames.json" > "$work/body.md" <<'PY'
import json, os, sys
work, truth = sys.argv[1], json.load(open(sys.argv[2]))
d = json.load(open(os.path.join(work, "plain.json")))
cell = lambda v: str(v).replace("|", "\\|").replace("\n", " ")
print("## Summary\n")
print(f"{cell(d['summary'])}\n")
print("## Per recording\n")
print("Class and score.py's reason; s = seconds `inspect` took.\n")
print("| recording | expect | class | why | s |")
print("|---|---|---|---|---:|")
for r in d["results"]:
    c = r["class"]
    print(f"| {cell(r['case'].replace('.gif', ''))} | {truth['cases'].get(r['case'], {}).get('expect', '')} "
          f"| {'**' + c + '**' if c == 'WRONG' else c} | {cell(r['why'])} | {r.get('seconds', '')} |")
PY
if [ -n "$keep" ]; then
    echo "kept: $work (movies/, plain.json)" >&2
fi
results_write "inspect on the real-world recordings as H.264 movies (scripts/realworld-movies.sh)" "$work/body.md" <<EOF
\`strokescope inspect\` on the real-world recordings of \`../shared/realworld\` turned into screen
recordings: each GIF converted into an H.264 MP4 by $(ffmpeg -hide_banner -version | head -1 | cut -d' ' -f1-3)
(libx264, CRF 18, preset medium, yuv420p; every frame kept at its own time; odd sides padded
to even with white on the right and bottom), scored by the collection's \`score.py\` against the
same \`expected-frames.json\` as the GIFs (scripts/realworld.sh; the classes are described
there). One pass, no options and no model.

Target: nothing WRONG (score.py and this script exit 1 otherwise); the same verdicts as the GIFs.
EOF
exit "$status"
