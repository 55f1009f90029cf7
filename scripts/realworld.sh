#!/usr/bin/env bash
# Scores `strokescope inspect` on the real-world GIFs (../shared/realworld) against the per-frame
# truth people read off the pictures (expected-frames.json, described in its TRUTH.md), with the
# collection's own scorer, score.py: once as it is (`inspect FILE --format json`, no options, no
# model) and once with `--with-model` (`--model` added where the case names one).
#
# score.py classifies each GIF:
#   right   every animated stroke found, >= 90 % of its judged readings right, no confident
#           phantom (refusing a GIF where nothing animates is right too);
#   honest  refused (exit 65), or a stroke not found or read `unknown`: not right, not a lie;
#   WRONG   a confident state or angle contradicting the picture in over 10 % of the readings
#           made, a confident phantom or a static track reported as a stroke, a crash or a hang.
# Prints score.py's lines and summaries, and writes both passes, stamped, to
# docs/results/realworld.md (scripts/lib/results.sh); a run with --only or another
# --realworld folder is not the record and goes to out/results/realworld.md instead.
# Exits 1 when a GIF is WRONG (or missing) in either pass, as score.py does.
#
# Usage: scripts/realworld.sh [--no-build] [--bin PATH] [--keep DIR] [--realworld DIR] [--only NAME] [--no-record]
#   --no-build       use the existing .build/release/strokescope
#   --bin PATH       score this strokescope binary (implies --no-build)
#   --keep DIR       keep score.py's JSON of both passes in DIR
#   --realworld DIR  the collection (default ../shared/realworld)
#   --only NAME      only the GIFs whose name contains NAME (score.py's --only)
#   --no-record      write no results file
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin realworld "$@"
source scripts/lib/bench-common.sh
bench_parse_options realworld -- "$@"
[ -z "$only" ] || results_partial "--only $only: some GIFs only"
[ "$realworld" = "../shared/realworld" ] || results_partial "--realworld $realworld: another collection than ../shared/realworld"
bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir realworld found.json plain.json with-model.json plain.txt with-model.txt plain.rc with-model.rc
# as given (relative to the repository root, like the other real-world scripts): score.py's
# messages then name ../shared/realworld/FILE, not this checkout's absolute path
R="$realworld"
[ -f "$R/score.py" ] && [ -f "$R/expected-frames.json" ] ||
    { echo "error: $R has no score.py and expected-frames.json" >&2; exit 66; }

status=0
for pass in plain with-model; do
    args=()
    [ "$pass" = with-model ] && args+=(--with-model)
    [ -n "$only" ] && args+=(--only "$only")
    echo "== score.py ${args[*]}" >&2
    code=0
    python3 "$R/score.py" "$bin" "$R" "${args[@]}" --json-out "$work/$pass.json" | tee "$work/$pass.txt" || code=$?
    echo "$code" > "$work/$pass.rc"
    [ "$code" = 0 ] || status=1
done

# What the plain run found per GIF: confident layers, tentative ones, tracks (one inspect each).
python3 - "$bin" "$R" "$work/found.json" "$only" <<'PY'
import json, os, subprocess, sys
tool, folder, out, only = sys.argv[1:5]
cases = json.load(open(os.path.join(folder, "expected-frames.json")))["cases"]
found = {}
for name in cases:
    if only and only not in name:
        continue
    p = subprocess.run([tool, "inspect", os.path.join(folder, name), "--format", "json"], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        found[name] = "nothing (exit %d)" % p.returncode
        continue
    d = json.loads(p.stdout)
    sure = [L for L in d["layers"] if L.get("confidence", 1) >= 0.5]
    unsure = [L for L in d["layers"] if L.get("confidence", 1) < 0.5]
    ring = lambda L: "r %.0f" % L["radius"] if "radius" in L else L.get("kind", "?")
    parts = []
    if sure:
        parts.append("%d stroke%s (%s)" % (len(sure), "" if len(sure) == 1 else "s", ", ".join(ring(L) for L in sure[:4]) + (", ..." if len(sure) > 4 else "")))
    if unsure:
        parts.append("%d tentative" % len(unsure))
    if d.get("tracks"):
        parts.append("%d track%s" % (len(d["tracks"]), "" if len(d["tracks"]) == 1 else "s"))
    found[name] = "; ".join(parts) or "no layer"
json.dump(found, open(out, "w"))
PY

python3 - "$work" "$R/expected-frames.json" > "$work/body.md" <<'PY'
import json, os, sys
work, truth = sys.argv[1], json.load(open(sys.argv[2]))
found = json.load(open(os.path.join(work, "found.json")))
passes = {}
for p in ("plain", "with-model"):
    path = os.path.join(work, p + ".json")
    if os.path.exists(path):
        passes[p] = json.load(open(path))
        passes[p]["rc"] = open(os.path.join(work, p + ".rc")).read().strip()
cell = lambda v: str(v).replace("|", "\\|").replace("\n", " ")
print("## Summary\n")
print("| pass | command per GIF | summary | score.py exit |")
print("|---|---|---|---:|")
shown = {"plain": "`inspect FILE --format json`", "with-model": "`inspect FILE --format json --model M` where the case names a model"}
for p, d in passes.items():
    print(f"| {p} | {shown[p]} | {cell(d['summary'])} | {d['rc']} |")
print()
print("## Per GIF\n")
print("Class and score.py's reason per pass; s = seconds `inspect` took (a busy machine makes them longer). "
      "The with-model pass differs only where the case names a model (the model column).\n")
print("Found: what the plain run reported (strokes with confidence of at least 0.5, tentative layers under it, static tracks).\n")
print("| GIF | expect | model | found | plain | why | s | with model | why | s |")
print("|---|---|---|---|---|---|---:|---|---|---:|")
rows = {}
for p, d in passes.items():
    for r in d["results"]:
        rows.setdefault(r["case"], {})[p] = r
def cls(r):
    if r is None:
        return "–"
    c = r["class"]
    return f"**{c}**" if c == "WRONG" else c
for name, by in rows.items():
    case = truth["cases"].get(name, {})
    a, b = by.get("plain"), by.get("with-model")
    print(f"| {cell(name.replace('.gif', ''))} | {case.get('expect', '')} | {'yes' if case.get('model') else ''} | {cell(found.get(name, ''))} "
          f"| {cls(a)} | {cell(a['why']) if a else ''} | {a.get('seconds', '') if a else ''} "
          f"| {cls(b)} | {cell(b['why']) if b else ''} | {b.get('seconds', '') if b else ''} |")
PY
if [ -n "$keep" ]; then
    echo "kept: $work (plain.json, with-model.json)" >&2
fi
results_write "inspect on the real-world GIFs against per-frame truth (scripts/realworld.sh)" "$work/body.md" <<'EOF'
`strokescope inspect` on the real-world GIFs of `../shared/realworld` (recordings other people
published; MANIFEST.md gives their origins), scored by the collection's own `score.py` against
`expected-frames.json`: which strokes animate, which rings are static tracks, and in eight or more
frames per GIF the state and end angles of each stroke, judged by people looking at the frames
(TRUTH.md). Two passes: `inspect FILE --format json` as it is (no options, no model), and with
`--model` where the case names one.

Per GIF, score.py's class:
- **right**: every animated stroke found (centre and radius within max(2 px, 6 % of r)), at
  least 90 % of its judged readings right (state; arc ends within 4° plus half the line width in
  degrees; open strokes' fraction within 0.05), and no confident layer that is not a stroke; a
  GIF where nothing animates is right when it is refused or nothing confident is reported;
- **honest**: refused (exit 65), or the stroke not found or read `unknown`: not right, not a lie;
- **WRONG**: a confident state or angle contradicting the picture in more than 10 % of the
  readings made, a confident phantom (or a static track reported as a stroke), a crash or a hang.
A layer with confidence under 0.5 is tentative: neither a match nor a phantom.

Target: nothing WRONG (score.py and this script exit 1 otherwise); then as many right as possible.
EOF
exit "$status"
