#!/usr/bin/env bash
# Fits the code-transcribed model of each real-world GIF that has one (../shared/realworld, see its
# MANIFEST.md; 14 GIFs) with `strokescope fit --format json`, then the variant runs that check the
# verdicts, and prints the figures of docs/REALWORLD.md, "Fit on the real-world recordings".
#
# Prints two Markdown tables (rows, then variants), one line per run: the command (from the
# repository root, R=../shared/realworld, M=$R/models, `--format json` added), fit's exit code,
# then
#   rate       fit.rate, ⚠ when fit printed its rate warning, UNDET when not determined;
#   phase      fit.phase (model seconds), UNDET when not determined;
#   variables  each fitted variable, ± its standard error or UNDET;
#   angle      fit.rmsAngleError / fit.maxAngleError (rings only, outliers left out), then
#              [median / p90 of the per-frame ring angleError over all frames, n frames];
#   open path  per-frame |strokeEndError| of open paths (ticks; 1 % of the path = 1°), median /
#              p90 / max over the frames where the measurement or the model shows a part drawn
#              (state arc: the stroke in motion), n frames;
#   timing     fit.rmsTimingError / fit.maxTimingError in ms of model time, "edge" when the
#              maximum is the per-frame search window (±4 frame intervals, 16/3 × flagTiming);
#   flags      counts over all frames; compared: fit.framesCompared / frames.
# A run that fails prints its exit code and error message instead. For the rows whose default run
# fails (no ring to place the model on), the default run is listed too. Last, per run: the frames
# flagged late, early, outlier or dropped, and the frames whose measured state (arc, full, empty)
# differs from the model's, per layer.
#
# Writes the same tables to docs/results/realworld-fit.md (scripts/lib/results.sh), stamped; a run
# with --only or another --realworld folder is not the record and goes to out/results/ instead.
#
# Usage: scripts/realworld-fit.sh [--no-build] [--bin PATH] [--keep DIR] [--realworld DIR] [--only REGEX] [--no-record]
# (--only selects runs by their id, the first column.)
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin realworld-fit "$@"
source scripts/lib/bench-common.sh
bench_parse_options realworld -- "$@"
[ -z "$only" ] || results_partial "--only $only: some runs only"
[ "$realworld" = "../shared/realworld" ] || results_partial "--realworld $realworld: another collection than ../shared/realworld"
bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir realworld-fit out models
mkdir -p "$work/out" "$work/models"
R="$realworld"
M="$R/models"

# Scratch model: KDCircularActivityIndicator as committed (strokeStart to 0.5, not the GIF's 1.0;
# manifest lesson 3).
python3 - "$M/kdcircularactivityindicator.json" "$work/models/kd-as-committed.json" <<'PY'
import json, sys
model = json.load(open(sys.argv[1]))
child = model["layers"][0]["animations"][0]["animations"][1]
assert child["keyPath"] == "strokeStart" and child["toValue"] == 1.0
child["toValue"] = 0.5
json.dump(model, open(sys.argv[2], "w"), indent=1)
PY

# id, table (row or variant), GIF (relative to the realworld folder), model ($M/... or a scratch
# model under $W/), options (or -).
cases() {
    cat <<'EOF'
1	row	nspavlo-materialactivityindicator.gif	$M/nspavlo-materialactivityindicator.json	-
2	row	kdcircularactivityindicator.gif	$M/kdcircularactivityindicator.json	-
3	row	esites-materialdesignspinner.gif	$M/esites-materialdesignspinner.json	-
4	row	derived/nvactivityindicatorview-demo-cell32-circleStrokeSpin-crop.gif	$M/nvactivityindicatorview-demo-cell32-circleStrokeSpin-crop.json	-
5	row	m13-ringindeterminate.gif	$M/m13-ringindeterminate.json	-
6-default	row	progresshud-001-progress-then-succeed.gif	$M/progresshud-001-progress-then-succeed.json	-
6	row	progresshud-001-progress-then-succeed.gif	$M/progresshud-001-progress-then-succeed.json	--circle 78.2,81.8,43.2
7	row	progresshud-013-succeed-tick.gif	$M/progresshud-013-succeed-tick.json	-
8	row	progresshud-014-failed-x.gif	$M/progresshud-014-failed-x.json	-
9	row	progresshud-015-added-plus.gif	$M/progresshud-015-added-plus.json	-
10	row	icdmaterialactivityindicator.gif	$M/icdmaterialactivityindicator.json	-
11	row	mrprogress-activityindicator.gif	$M/mrprogress-activityindicator.json	-
12-default	row	bemcheckbox-one-stroke.gif	$M/bemcheckbox-one-stroke.json	-
12	row	bemcheckbox-one-stroke.gif	$M/bemcheckbox-one-stroke.json	--circle 144.4,143.8,68.5
14-default	row	circularspinner-taglia3.gif	$M/circularspinner-taglia3.json	-
14	row	circularspinner-taglia3.gif	$M/circularspinner-taglia3.json	--circle 135.1,240.1,108
15	row	sarmaterialdesignspinner.gif	$M/sarmaterialdesignspinner.json	-
v1-nspavlo-fps	variant	nspavlo-materialactivityindicator.gif	$M/nspavlo-materialactivityindicator.json	--fps 36.7
v2-kd-as-committed	variant	kdcircularactivityindicator.gif	$W/kd-as-committed.json	-
v3-esites-fps	variant	esites-materialdesignspinner.gif	$M/esites-materialdesignspinner.json	--fps 17.33
v4-icd-fps	variant	icdmaterialactivityindicator.gif	$M/icdmaterialactivityindicator.json	--fps 17.14
v5-bem-rate1	variant	bemcheckbox-one-stroke.gif	$M/bemcheckbox-one-stroke.json	--circle 144.4,143.8,68.5 --rate 1
v6-bem-rate1-d05	variant	bemcheckbox-one-stroke.gif	$M/bemcheckbox-one-stroke.json	--circle 144.4,143.8,68.5 --rate 1 --set animationDuration=0.5
v7-phud001-tickdelay	variant	progresshud-001-progress-then-succeed.gif	$M/progresshud-001-progress-then-succeed.json	--circle 78.2,81.8,43.2 --set tickDelay=0.25
v8-phud013-scale	variant	progresshud-013-succeed-tick.gif	$M/progresshud-013-succeed-tick.json	--scale 1.41 --origin 35.65,39.2
v9-phud014-scale	variant	progresshud-014-failed-x.gif	$M/progresshud-014-failed-x.json	--scale 1.41 --origin 37.9,41.9
v10-phud015-scale	variant	progresshud-015-added-plus.gif	$M/progresshud-015-added-plus.json	--scale 1.406 --origin 38.3,41.3
EOF
}

header() {
    printf "| id | command | exit | rate | phase (s) | variables | angle RMS / max (°) [median / p90, all frames] | open path: strokeEnd error median / p90 / max (%% of path) | timing RMS / max (ms) | flags | compared |\n"
    printf "|---|---|---|---|---|---|---|---|---|---|---|\n"
}

# One table line from a run's JSON (or its error message).
row() {  # id command exit json err
    python3 - "$@" <<'PY'
import json, math, sys, collections
rid, command, code, path, errpath = sys.argv[1:]
def pct(values, p):
    if not values:
        return None
    values = sorted(values)
    k = (len(values) - 1) * p
    i = int(math.floor(k))
    j = min(i + 1, len(values) - 1)
    return values[i] + (values[j] - values[i]) * (k - i)
try:
    d = json.load(open(path))
except Exception:
    lines = [l for l in open(errpath).read().splitlines() if l.startswith("error:")]
    message = lines[-1].split(": ", 2)[-1] if lines else "no output"
    print(f"| {rid} | `{command}` | {code} | – {message} | – | – | – | – | – | – | – |")
    sys.exit()
f = d["fit"]
params = {p["name"]: p for p in f["parameters"]}
def undet(name):
    p = params.get(name)
    return "" if p is None or p["determined"] else " UNDET"
warned = any("the fitted rate is" in w for w in d.get("warnings", []))
rate = f"{f['rate']:.4f}" + (" (pinned)" if f.get("ratePinned") else "") + (" ⚠" if warned else "") + undet("rate")
phase = f"{f['phase']:.3f}" + undet("phase")
variables = []
for name, value in f.get("variables", {}).items():
    p = params.get(name)
    if p is None:
        variables.append(f"{name} {value:.3f} (set)")
    elif not p["determined"]:
        variables.append(f"{name} {value:.3f} UNDET")
    elif p.get("standardError") is not None:
        variables.append(f"{name} {value:.3f} ± {p['standardError']:.2g}")
    else:
        variables.append(f"{name} {value:.3f}")
angles, opens = [], []
for frame in d["frames"]:
    for layer in frame["layers"]:
        if layer.get("angleError") is not None:
            angles.append(layer["angleError"])
        if layer.get("strokeEndError") is not None:
            model = layer.get("model") or {}
            if layer.get("state") == "arc" or model.get("state") == "arc":
                opens.append(abs(layer["strokeEndError"]) * 100)
if f.get("rmsAngleError") is None:
    angle = "– / –"
else:
    angle = f"{f['rmsAngleError']:.2f} / {f['maxAngleError']:.2f}"
if angles:
    angle += f" [{pct(angles, 0.5):.2f} / {pct(angles, 0.9):.2f}, n {len(angles)}]"
opencell = "–" if not opens else f"{pct(opens, 0.5):.2f} / {pct(opens, 0.9):.2f} / {max(opens):.2f}, n {len(opens)}"
if f.get("rmsTimingError") is None:
    timing = "– / –"
else:
    timing = f"{f['rmsTimingError'] * 1000:.1f} / {f['maxTimingError'] * 1000:.1f}"
    if f.get("flagTiming") and abs(f["maxTimingError"] - 16 / 3 * f["flagTiming"]) < 0.0005:
        timing += " (edge)"
flags = collections.Counter(x for frame in d["frames"] for x in frame["flags"])
flagcell = ", ".join(f"{k} {v}" for k, v in flags.most_common()) or "none"
compared = f"{f['framesCompared']}/{len(d['frames'])}"
print(f"| {rid} | `{command}` | {code} | {rate} | {phase} | {'; '.join(variables) or '–'} | {angle} | {opencell} | {timing} | {flagcell} | {compared} |")
def ranges(indices):
    out, start, prev = [], None, None
    for i in indices + [None]:
        if start is not None and (i is None or i != prev + 1):
            out.append(str(start) if start == prev else f"{start}–{prev}")
            start = None
        if i is not None and start is None:
            start = i
        prev = i
    return ", ".join(out)
detail = []
for flag in ("late", "early", "outlier", "dropped"):
    frames = [fr["index"] for fr in d["frames"] if flag in fr["flags"]]
    if frames:
        detail.append(f"{flag} {ranges(frames)}")
mismatch = collections.defaultdict(list)
for fr in d["frames"]:
    for layer in fr["layers"]:
        model = (layer.get("model") or {}).get("state")
        if model and layer.get("state") not in (model, "unknown"):
            mismatch[(layer["name"], layer.get("state"), model)].append(fr["index"])
for (name, measured, model), frames in mismatch.items():
    detail.append(f"{name} {measured} where the model is {model}: {ranges(frames)}")
open(sys.argv[5] + ".detail", "w").write(f"- {rid}: " + ("; ".join(detail) or "nothing flagged") + "\n")
PY
}

tables() {
last=""
cases | { if [ -n "$only" ]; then grep -E "^($only)"$'\t' || true; else cat; fi; } | while IFS=$'\t' read -r id table gif model options; do
    if [ "$table" != "$last" ]; then
        [ -n "$last" ] && echo
        echo "$table"s:
        echo
        header
        last="$table"
    fi
    opts=()
    [ "$options" != "-" ] && read -r -a opts <<< "$options"
    modelpath="${model/\$M/$M}"
    modelpath="${modelpath/\$W/$work/models}"
    code=0
    "$bin" fit "$R/$gif" --model "$modelpath" --format json "${opts[@]}" > "$work/out/$id.json" 2> "$work/out/$id.err" || code=$?
    shown="fit \$R/$gif --model $model"
    [ "$options" != "-" ] && shown="$shown $options"
    row "$id" "$shown" "$code" "$work/out/$id.json" "$work/out/$id.err"
done
echo
echo "flagged frames (late, early, outlier, dropped) and frames whose measured state differs from the model's:"
echo
cases | { if [ -n "$only" ]; then grep -E "^($only)"$'\t' || true; else cat; fi; } | while IFS=$'\t' read -r id _; do
    [ -f "$work/out/$id.err.detail" ] && cat "$work/out/$id.err.detail"
done
true
}

tables | tee "$work/tables.md"
# the same text, its three labels as headings
sed -e 's/^rows:$/## Rows/' -e 's/^variants:$/## Variants/' -e 's/^flagged frames \(.*\):$/## Flagged frames \1/' \
    "$work/tables.md" > "$work/results-body.md"
results_write "Fit on the real-world recordings (scripts/realworld-fit.sh)" "$work/results-body.md" <<'EOF'
`strokescope fit --format json` of the model transcribed from each real-world GIF's source code
(`../shared/realworld`, 14 GIFs with a model in `models/`; their origins and the manifest's own
independent fit are in its MANIFEST.md), then variant runs that check the verdicts (other frame
rates, the model as committed, pinned rates, placement options). Commands are shown from the
repository root with `R=../shared/realworld`, `M=$R/models`; `--format json` is added to each.

Columns: **rate** `fit.rate` (⚠: fit printed its rate warning; UNDET: not determined);
**phase** `fit.phase` in model seconds; **variables** each fitted variable ± its standard error;
**angle** `fit.rmsAngleError` / `fit.maxAngleError` (ring layers only, outliers left out), then
[median / p90 of the per-frame ring angle error over all frames, n]; **open path** the per-frame
|strokeEndError| of ticks and other open paths in % of the path (median / p90 / max over the
frames where a part is drawn); **timing** `fit.rmsTimingError` / `fit.maxTimingError` in ms of
model time ("edge": the maximum is the search window); **flags** counts over all frames;
**compared** `fit.framesCompared` / frames.

There is no pass/fail target here: the yardstick is the manifest's independent fit of each GIF
(its rate, and its residual angle errors median / p90 / max, which include the recorders'
timing jitter). A row's rate should fall in the manifest's range, and its angle errors near the
manifest's residuals; docs/REALWORLD.md discusses each row.
EOF
