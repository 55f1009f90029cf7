#!/usr/bin/env bash
# Infers a model from each real-world GIF that has a code-transcribed model (../shared/realworld,
# see its MANIFEST.md) and fits both models to the GIF with `strokescope fit` (phase and rate
# free, the same placement options for both), so that the frames say which one they support
# (docs/REALWORLD.md, "Infer on the real-world recordings").
#
# Prints a Markdown table, one row per GIF: infer's exit code, the inferred model (cycle,
# rotation, advance, pieces, as infer's report gives them; times are GIF seconds), then for the
# code model and the inferred model `fit`'s rate, RMS / max angle error (°, outliers left out, as
# `fit` reports them) and frames compared, and which model fits the frames better (lower RMS
# angle error, when both compare at least half the frames the other does).
#
# Writes the same table to docs/results/realworld-infer.md (scripts/lib/results.sh), stamped; a
# run with --only or another --realworld folder is not the record and goes to out/results/.
#
# Usage: scripts/realworld-infer.sh [--no-build] [--bin PATH] [--keep DIR] [--realworld DIR] [--only REGEX] [--no-record]
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")/.."
source scripts/lib/results.sh
results_begin realworld-infer "$@"
source scripts/lib/bench-common.sh
bench_parse_options realworld -- "$@"
[ -z "$only" ] || results_partial "--only $only: some GIFs only"
[ "$realworld" = "../shared/realworld" ] || results_partial "--realworld $realworld: another collection than ../shared/realworld"
bench_prepare_binary
results_binary "$bin" "$(bench_binary_how)"
bench_workdir realworld-infer out
mkdir -p "$work/out"
R="$realworld"
M="$R/models"

# GIF (relative to the realworld folder), model file, placement options (or -).
cases() {
    cat <<EOF
nspavlo-materialactivityindicator.gif	nspavlo-materialactivityindicator.json	-
kdcircularactivityindicator.gif	kdcircularactivityindicator.json	-
esites-materialdesignspinner.gif	esites-materialdesignspinner.json	-
sarmaterialdesignspinner.gif	sarmaterialdesignspinner.json	-
derived/nvactivityindicatorview-demo-cell32-circleStrokeSpin-crop.gif	nvactivityindicatorview-demo-cell32-circleStrokeSpin-crop.json	-
icdmaterialactivityindicator.gif	icdmaterialactivityindicator.json	-
m13-ringindeterminate.gif	m13-ringindeterminate.json	-
mrprogress-activityindicator.gif	mrprogress-activityindicator.json	-
circularspinner-taglia3.gif	circularspinner-taglia3.json	--circle 135.1,240.1,108
progresshud-001-progress-then-succeed.gif	progresshud-001-progress-then-succeed.json	--circle 78.2,81.8,43.2
bemcheckbox-one-stroke.gif	bemcheckbox-one-stroke.json	--circle 144.4,143.8,68.5
EOF
}

# `fit` of one model as "rate|rms|max|compared|total", or "-" when it fails.
fit_figures() {  # gif model options...
    local gif="$1" model="$2"
    shift 2
    "$bin" fit "$gif" --model "$model" --format json "$@" 2>/dev/null | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except Exception:
    print("-"); sys.exit()
f = d.get("fit", d)
def g(k):
    v = f.get(k)
    return "-" if v is None else v
print("%s|%s|%s|%s|%s" % (g("rate"), g("rmsAngleError"), g("maxAngleError"), g("framesCompared"), len(d.get("frames", []))))
' || echo "-"
}

table() {
printf "| GIF | infer (exit) | inferred model (GIF seconds) | code model: rate; RMS / max (°); frames | inferred model: rate; RMS / max (°); frames | frames support |\n"
printf "|---|---|---|---|---|---|\n"
cases | { if [ -n "$only" ]; then grep -E "^($only)" || true; else cat; fi; } | while IFS=$'\t' read -r gif model options; do
    name="$(basename "$gif" .gif)"
    opts=()
    [ "$options" != "-" ] && read -r -a opts <<< "$options"
    out="$work/out/$name.inferred.json"
    code=0
    "$bin" infer "$R/$gif" -o "$out" --force --quiet "${opts[@]}" > "$work/out/$name.report.txt" 2> "$work/out/$name.err.txt" || code=$?
    codefit="$(fit_figures "$R/$gif" "$M/$model" "${opts[@]}")"
    inferredfit="-"
    [ -f "$out" ] && inferredfit="$(fit_figures "$R/$gif" "$out" "${opts[@]}")"
    python3 - "$name" "$code" "$work/out/$name.report.txt" "$work/out/$name.err.txt" "$codefit" "$inferredfit" <<'PY'
import sys
name, code, report, err, codefit, inferredfit = sys.argv[1:]
lines = open(report).read().splitlines()
def field(key):
    for l in lines:
        if l.startswith(key + ":"):
            return l.split(":", 1)[1].strip()
    return None
if lines and field("cycle (s)"):
    parts = ["cycle " + field("cycle (s)") + " s", "rotation " + field("rotation")]
    if field("advance per cycle (°)"):
        parts.append("advance " + field("advance per cycle (°)") + "°/cycle")
    parts.append("strokeStart " + field("strokeStart"))
    parts.append("strokeEnd " + field("strokeEnd"))
    inferred = "; ".join(parts)
else:
    message = open(err).read().strip().splitlines()
    inferred = "– " + (message[-1].split(": ", 1)[-1] if message else "no output")
def cell(figures):
    if figures == "-":
        return "–", None, 0
    rate, rms, mx, compared, total = figures.split("|")
    if rms == "-":
        return f"{float(rate):.3f}; no arc compared; 0/{total}", None, 0
    return f"{float(rate):.3f}; {float(rms):.2f} / {float(mx):.2f}; {compared}/{total}", float(rms), int(compared)
c, crms, cn = cell(codefit)
i, irms, inn = cell(inferredfit)
if crms is None or irms is None:
    verdict = "–"
elif min(cn, inn) < 0.5 * max(cn, inn):
    verdict = "code" if cn > inn else "inferred"
    verdict += " (the other compares too few frames)"
else:
    verdict = "inferred" if irms < crms else "code"
    verdict += f" ({min(crms, irms):.2f}° vs {max(crms, irms):.2f}°)"
print(f"| {name} | {code} | {inferred} | {c} | {i} | {verdict} |")
PY
done
}

table | tee "$work/table.md"
results_write "Infer on the real-world recordings (scripts/realworld-infer.sh)" "$work/table.md" <<'EOF'
`strokescope infer` on each real-world GIF that has a model transcribed from its source code
(`../shared/realworld`, see its MANIFEST.md), then `strokescope fit` of both the code model and
the inferred model to the same GIF (phase and rate free, the same placement options), so that the
frames say which one they support.

Columns: **infer (exit)** infer's exit code; **inferred model** the cycle, rotation, advance per
cycle and the strokeStart / strokeEnd pieces of infer's report, in GIF seconds; for each model,
`fit`'s **rate** (model seconds per GIF second: the code model's is the GIF's time scale, the
inferred model's should be about 1), **RMS / max** angle error in degrees (`fit`'s
`rmsAngleError` / `maxAngleError`, outliers left out) and **frames** compared of all frames;
**frames support** the model with the lower RMS (when both compare at least half the frames the
other does).

No pass/fail target: an inferred model as good as the code's (an RMS close to or under the code
model's) is the aim; docs/REALWORLD.md discusses the rows.
EOF
