#!/usr/bin/env python3
"""Scores `strokescope infer` on renders of known models (scripts/bench-infer.sh).

Usage: infer_compare.py BINARY TRUE_MODEL SETS PERIOD INFERRED_MODEL ROTATING FRAME_INTERVAL

Curves. Both models are evaluated with `strokescope model --format json`: the true one over one
whole period (2 ms steps, in its eleventh cycle, so that a cumulative rotation has built up), the
inferred one over two of its periods at 1 ms steps, read between samples by linear interpolation
(its error is far below 0.01 deg at these steps). Each end's on-screen angle is taken from the
fractions, `path start + rotation + 360 * strokeStart/End`, so it is defined in every frame (an
empty ring has two coinciding ends) and the comparison does not depend on how a frame is drawn.
The recording's start is arbitrary, so the inferred model is shifted in time to line up best: a
2 ms grid over one period, then golden-section refinement of the shift around the five best grid
points (continuous, so the figure measures the models and not the grid). For a turning ring the
angle is free too (the median offset): its rotation's phase is arbitrary as well. The case's curve
error is the p95, over the period, of the larger of the two ends' angle differences.

Timing. Per property of the true model's stroke group, its knots (every piece's begin and end,
and the cycle boundary) are compared with the inferred model's knots of the same property, after
the best shift and modulo the period: the largest distance from a true knot to the nearest
inferred knot. The named timing functions: every true moving piece with a named timing (linear
included) must have an inferred piece of the same name whose begin and end are within one frame
interval of its own.

Prints: p95 (deg), shift (s), inferred cycle (s), largest knot distance (s), named timing
recovered (yes / no / n/a), tab-separated.
"""
import json, math, subprocess, sys


def evaluate(binary, model, start, end, step, sets=()):
    """Per sample: (time, start angle, end angle) in unwrapped degrees from the fractions."""
    cmd = [binary, "model", model, "--from", f"{start:.6f}", "--to", f"{end:.6f}", "--step", str(step), "--format", "json"]
    for s in sets:
        cmd += ["--set", s]
    out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    rows = []
    offsets = []
    for s in out["samples"]:
        layer = s["layers"][0]
        a = min(max(layer.get("strokeStart", 0.0), 0.0), 1.0)
        b = min(max(layer.get("strokeEnd", 1.0), 0.0), 1.0)
        rot = layer.get("rotation", 0.0)
        rows.append([s["time"], rot + 360 * a, rot + 360 * b])
        if layer.get("state") == "arc" and layer.get("startAngle") is not None:
            offsets.append(wrap(layer["startAngle"] - (rot + 360 * a)))
    # The path's start: the same for every frame of a model (median over the arc frames).
    path = sorted(offsets)[len(offsets) // 2] if offsets else 0.0
    for r in rows:
        r[1] += path
        r[2] += path
    return rows


def wrap(d):
    """`d` in [-180, 180)."""
    return ((d + 180) % 360) - 180


def interpolate(rows, t):
    """Start and end angle at time `t`, linearly between the neighbouring samples."""
    step = rows[1][0] - rows[0][0]
    i = min(max(int((t - rows[0][0]) / step), 0), len(rows) - 2)
    f = (t - rows[i][0]) / step
    a = rows[i][1] + f * wrap(rows[i + 1][1] - rows[i][1])
    b = rows[i][2] + f * wrap(rows[i + 1][2] - rows[i][2])
    return a, b


def errors(truth, inferred, shift, rotating):
    """Per true sample, the larger of the two ends' angle differences after `shift` seconds."""
    pairs = []
    t0 = truth[0][0]
    for t, a, b in truth:
        ia, ib = interpolate(inferred, t - t0 + shift)
        pairs.append((wrap(ia - a), wrap(ib - b)))
    off = 0.0
    if rotating:
        diffs = sorted(d for p in pairs for d in p)
        off = diffs[len(diffs) // 2]
    return sorted(max(abs(wrap(da - off)), abs(wrap(db - off))) for da, db in pairs)


def p95(errs):
    return errs[int(math.ceil(0.95 * len(errs))) - 1]


def best_shift(truth, inferred, period, rotating):
    grid = [k * 0.002 for k in range(int(period / 0.002) + 1)]
    scored = sorted((p95(errors(truth, inferred, s, rotating)), s) for s in grid)
    best = scored[0]
    g = (math.sqrt(5) - 1) / 2
    for _, s0 in scored[:5]:
        lo, hi = s0 - 0.002, s0 + 0.002
        f = lambda s: p95(errors(truth, inferred, s, rotating))
        c, d = hi - g * (hi - lo), lo + g * (hi - lo)
        fc, fd = f(c), f(d)
        for _ in range(14):
            if fc < fd:
                hi, d, fd = d, c, fc
                c = hi - g * (hi - lo)
                fc = f(c)
            else:
                lo, c, fc = c, d, fd
                d = lo + g * (hi - lo)
                fd = f(d)
        for v, s in ((fc, c), (fd, d)):
            if v < best[0]:
                best = (v, s)
    return best


def expression(value, variables):
    if isinstance(value, (int, float)):
        return float(value)
    return float(eval(str(value), {"__builtins__": {}}, dict(variables, pi=math.pi)))


def pieces(model_path, sets):
    """Per property of the stroke group: (period, [(begin, end, timing name or None, moving)])."""
    m = json.load(open(model_path))
    variables = {k: (v["value"] if isinstance(v, dict) else v) for k, v in m.get("variables", {}).items()}
    for s in sets:
        k, v = s.split("=")
        variables[k] = float(v)
    group = [a for a in m["layers"][0]["animations"] if a["type"] == "group"][-1]
    period = expression(group["duration"], variables)
    props = {}
    for a in group["animations"]:
        key = a["keyPath"]
        if key not in ("strokeStart", "strokeEnd"):
            continue
        begin = expression(a.get("beginTime", 0), variables)
        if a["type"] == "basic":
            d = expression(a.get("duration", period), variables)
            tf = a.get("timingFunction", "linear")
            moving = expression(a["fromValue"], variables) != expression(a["toValue"], variables)
            props.setdefault(key, []).append((begin, begin + d, tf if isinstance(tf, str) else None, moving))
        elif a["type"] == "keyframe":
            d = expression(a.get("duration", period), variables)
            times = [begin + expression(k, variables) * d for k in a["keyTimes"]]
            values = [expression(v, variables) for v in a["values"]]
            tfs = a.get("timingFunctions", ["linear"] * (len(times) - 1))
            for i in range(len(times) - 1):
                tf = tfs[i] if i < len(tfs) else "linear"
                props.setdefault(key, []).append((times[i], times[i + 1], tf if isinstance(tf, str) else None, values[i] != values[i + 1]))
    return period, props


def circular(d, period):
    d = d % period
    return min(d, period - d)


def timing_scores(truth_model, sets, inferred_model, shift, frame):
    """Largest true-knot-to-inferred-knot distance (s), and whether the named timings came back."""
    tp, truth = pieces(truth_model, sets)
    ip, inferred = pieces(inferred_model, ())
    worst, named = 0.0, None
    for key, tpieces in truth.items():
        ipieces = inferred.get(key, [])
        # Inferred phase of a true time u: u + shift (the true samples start at a cycle boundary).
        iknots = sorted({round(k % ip, 9) for p in ipieces for k in (p[0], p[1])})
        for p in tpieces:
            for k in (p[0], p[1]):
                dist = min((circular(k + shift - x, ip) for x in iknots), default=math.inf)
                worst = max(worst, dist)
            if p[2] is not None and p[3]:
                named = named if named is False else True
                match = any(q[2] == p[2] and circular(p[0] + shift - q[0], ip) <= frame and circular(p[1] + shift - q[1], ip) <= frame
                            for q in ipieces)
                if not match:
                    named = False
    return worst, ("n/a" if named is None else ("yes" if named else "no"))


if __name__ == "__main__":
    binary, truth_model, sets_text, period_text, inferred_model, rotating_text, frame_text = sys.argv[1:8]
    sets = [s for s in sets_text.split(",") if s]
    period, rotating, frame = float(period_text), rotating_text == "1", float(frame_text)
    m = json.load(open(inferred_model))
    group = [a for a in m["layers"][0]["animations"] if a["type"] == "group"][-1]
    cycle = float(group["duration"])
    truth = evaluate(binary, truth_model, 10 * period, 11 * period - 0.001, 0.002, sets)
    inferred = evaluate(binary, inferred_model, 0, 2 * cycle + 0.05, 0.001)
    err, shift = best_shift(truth, inferred, cycle, rotating)
    knots, named = timing_scores(truth_model, sets, inferred_model, shift, frame)
    print(f"{err:.3f}\t{shift:.4f}\t{cycle:g}\t{knots:.4f}\t{named}")
