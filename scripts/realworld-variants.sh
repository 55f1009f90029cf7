#!/usr/bin/env bash
# Scores `strokescope inspect` on variants of the real-world GIFs that look like recordings the
# collection does not hold, with the collection's own score.py against its truth moved and
# scaled to match:
#   h264     each GIF converted into an H.264 movie (libx264 through the ffmpeg CLI, CRF 18,
#            preset medium, 4:2:0; every frame kept at its own time; odd sides padded to even
#            with white on the right and bottom, so every pixel keeps its place): a screen
#            recording of the same picture (compression noise, smeared chroma, a movie's
#            narrowed conversion and luma-watched late rings); the GIFs' own truth;
#   phone    each recording on a phone-like screen: a status bar whose clock changes every
#            second above it, a home indicator below, margins (scripts/realworld/variants.py);
#   2x       each recording scaled up twice (bilinear), as a 2x screen shows a view drawn at 1x
#            (scripts/realworld/variants.py);
#   2x-h264  the 2x variant converted into H.264 movies as h264 converts the GIFs.
# variants.py re-quantises frames with Pillow (an adaptive palette per frame); a frame whose
# quantised picture repeats the one before is merged into it and the truth's indices follow.
# The movies keep the GIFs' names: strokescope tells a movie by its bytes.
# One pass per variant, as a user runs it: `inspect FILE --format json`, no options, no model.
# Writes all four, stamped, to docs/results/realworld-variants.md (scripts/lib/results.sh); a run
# with --only or another --realworld folder goes to out/results/ instead.
# Exits 1 when a variant is WRONG (or missing), as score.py does.
#
# Usage: scripts/realworld-variants.sh [--no-build] [--bin PATH] [--keep DIR] [--realworld DIR] [--only NAME] [--no-record]
#   --no-build       use the existing .build/release/strokescope
#   --bin PATH       score this strokescope binary (implies --no-build)
#   --keep DIR       keep the variants and score.py's JSON in DIR
#   --realworld DIR  the collection (default ../shared/realworld)
#   --only NAME      only the recordings whose name contains NAME (score.py's --only)
#   --no-record      write no results file
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin realworld-variants "$@"
source scripts/lib/bench-common.sh
bench_parse_options realworld -- "$@"
[ -z "$only" ] || results_partial "--only $only: some recordings only"
[ "$realworld" = "../shared/realworld" ] || results_partial "--realworld $realworld: another collection than ../shared/realworld"
python3 -c "import PIL" 2>/dev/null || { echo "realworld-variants.sh: Pillow is needed (pip install pillow)" >&2; exit 69; }
command -v ffmpeg >/dev/null || { echo "realworld-variants.sh: the ffmpeg CLI is needed (apt-get install ffmpeg)" >&2; exit 69; }
bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir realworld-variants h264 phone 2x 2x-h264 h264.json phone.json 2x.json 2x-h264.json
R="$realworld"
[ -f "$R/score.py" ] && [ -f "$R/expected-frames.json" ] ||
    { echo "error: $R has no score.py and expected-frames.json" >&2; exit 66; }

python3 - "$R/expected-frames.json" "$only" > "$work/names.txt" <<'PY'
import json, sys
only = sys.argv[2]
for name in json.load(open(sys.argv[1]))["cases"]:
    if not only or only in name:
        print(name)
PY

# h264 FROM TO: every recording of names.txt in FROM converted into an H.264 movie of the same
# name in TO. passthrough: every GIF frame becomes one movie frame at its own time (none dropped
# or repeated), so the truth's frame indices hold.
h264() {
    local name
    while IFS= read -r name; do
        mkdir -p "$(dirname "$2/$name")"
        ffmpeg -nostdin -hide_banner -loglevel error -y -i "$1/$name" -vsync passthrough \
            -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:white" -c:v libx264 -preset medium -crf 18 \
            -pix_fmt yuv420p -f mp4 "$2/$name" ||
            { echo "realworld-variants.sh: ffmpeg could not convert $1/$name" >&2; exit 70; }
    done < "$work/names.txt"
}

echo "== making the variants in $work (phone and 2x side by side with h264)" >&2
pids=()
for variant in phone 2x; do
    python3 scripts/realworld/variants.py "$R" "$work/$variant" "$variant" "$only" & pids+=($!)
done
h264 "$R" "$work/h264"
for pid in "${pids[@]}"; do wait "$pid" || { echo "realworld-variants.sh: variants.py failed" >&2; exit 70; }; done
h264 "$work/2x" "$work/2x-h264"

status=0
for variant in h264 phone 2x 2x-h264; do
    case $variant in
        h264) truth=$R ;;
        2x-h264) truth=$work/2x ;;
        *) truth=$work/$variant ;;
    esac
    args=(--gifs "$work/$variant" --truth "$truth/expected-frames.json")
    [ -n "$only" ] && args+=(--only "$only")
    echo "== score.py ($variant) ${args[*]}" >&2
    python3 "$R/score.py" "$bin" "$R" "${args[@]}" --json-out "$work/$variant.json" | sed "s/^/$variant  /" || status=1
done

python3 - "$work" > "$work/body.md" <<'PY'
import json, os, sys
work = sys.argv[1]
cell = lambda v: str(v).replace("|", "\\|").replace("\n", " ")
runs = {v: json.load(open(os.path.join(work, v + ".json"))) for v in ("h264", "phone", "2x", "2x-h264")}
print("## Summary\n")
print("| variant | summary |")
print("|---|---|")
for v, d in runs.items():
    print(f"| {v} | {cell(d['summary'])} |")
print("\n## Per recording\n")
print("Class and score.py's reason per variant.\n")
print("| recording | " + " | ".join(f"{v} | why" for v in runs) + " |")
print("|---|" + "---|---|" * len(runs))
rows = {}
for v, d in runs.items():
    for r in d["results"]:
        rows.setdefault(r["case"], {})[v] = r
cls = lambda r: "–" if r is None else (f"**{r['class']}**" if r["class"] == "WRONG" else r["class"])
for name, by in rows.items():
    row = [cell(name.replace('.gif', ''))]
    for v in runs:
        r = by.get(v)
        row += [cls(r), cell(r["why"]) if r else ""]
    print("| " + " | ".join(row) + " |")
PY
if [ -n "$keep" ]; then
    echo "kept: $work (h264/, phone/, 2x/, 2x-h264/ and their score.py JSON)" >&2
fi
results_write "inspect on movie, phone-screen and 2x variants of the real-world GIFs (scripts/realworld-variants.sh)" "$work/body.md" <<EOF
\`strokescope inspect\` on variants of the real-world GIFs of \`../shared/realworld\`, standing in
for recordings the collection does not hold: \`h264\` converts each GIF into an H.264 MP4 with
$(ffmpeg -hide_banner -version | head -1 | cut -d' ' -f1-3) (libx264, CRF 18, preset medium, yuv420p;
every frame kept at its own time; odd sides padded to even with white on the right and bottom),
\`phone\` puts each recording on a phone-like screen (a status bar whose clock changes every
second, a home indicator, margins), \`2x\` scales it up twice with bilinear filtering, and
\`2x-h264\` converts the 2x variant as \`h264\` converts the GIFs. \`phone\` and \`2x\` are made by
\`scripts/realworld/variants.py\`, which re-quantises frames (Pillow's adaptive palette per
frame) and merges a frame whose quantised picture repeats the one before into it, the truth's
indices following. The truth is \`expected-frames.json\` as it is (h264), moved (phone) or
scaled (2x, 2x-h264) to match; score.py's classes are those of scripts/realworld.sh. No options
and no model.

Target: nothing WRONG; the verdicts of the GIFs themselves (scripts/realworld.sh).
EOF
exit "$status"
