#!/usr/bin/env python3
"""Inspect-accuracy benchmark helper (issue 5), Python 3 standard library only.

Two sub-commands, driven by scripts/bench-accuracy.sh:

  compare.py plan   --dir WORK [--quick] [--seed N]
      Writes a deterministic suite of strokescope-model/1 files to WORK/models/ and the cases
      to WORK/cases.json and WORK/cases.tsv (one line per case: id, model file, render
      arguments separated by spaces, 1 when `inspect --model` is also run).

  compare.py report --dir WORK
      Reads every case's truth file (render --truth) and inspect output (WORK/out/ID.*.json),
      compares them frame by frame and layer by layer, prints the per-group table and the
      issue-5 target checks, writes WORK/report.md and WORK/frames.csv, and exits 1 when a
      target fails (2 on a usage or input error).

What is compared (per frame, per layer):
  - angle error: circular difference in degrees between the truth's and inspect's on-screen
    startAngle, and likewise endAngle, where both states are `arc`; each end is one sample;
  - state: truth arc/empty/full (a tick's `absent` counts as `empty`) against inspect's state.
    A truth arc whose arc length is under 1 px may read as `empty`, and one whose visible gap
    (the gap between the ends less the line width for round caps, whose two half-discs cover it)
    is under 1 px may read as `full`: such frames are "tolerated", counted apart and left out of
    the state accuracy;
  - tick: |strokeEnd(truth) - strokeEnd(inspect)| where the truth shows the tick (arc or full)
    and inspect measured it (`inspect --model` only); a tick drawn less than 1 px read as empty,
    or one within 1 px of its end read as full (or the reverse), is tolerated as above;
  - the line cap inspect judged (lineCap of its layer) against the model's;
  - with --model, also the ring's strokeStart/strokeEnd fractions (reported, not a target).
"""

import argparse
import csv
import json
import math
import os
import random
import sys

from common import load

# --------------------------------------------------------------------------------------------
# Suite generation
# --------------------------------------------------------------------------------------------

RADII_PX = [12, 16, 20, 24, 32, 48, 64, 96, 128, 160, 200]
WIDTHS_PX = [1.5, 2, 2.5, 3, 4, 5, 6, 8]
SCALES = [1, 2, 3]
CAPS = ["butt", "round"]
BACKGROUNDS = {"white": "white", "dark": "#1C1C1E", "transparent": "transparent"}
STROKES = {  # contrasting stroke colours per background
    "white": ["#007AFF", "#FF3B30", "#000000", "#34C759", "#059AE3"],
    "dark": ["#0A84FF", "#FFFFFF", "#FF9F0A", "#30D158"],
    "transparent": ["#007AFF", "#FF2D55", "#000000", "#FFFFFF"],
}
PALETTES = [("256", "none"), ("16", "none"), ("16", "ordered"), ("16", "floyd-steinberg")]
FRAME_MODES = ["full", "delta"]
RING_ANIMS = ["spinner", "spinner+rotation", "hold"]
DELAYS_CS = [2, 3, 4]
TICK_JOIN = 15.0 / 40.0   # the tick's corner as a fraction of its length (segments 15*sqrt2 and 25*sqrt2)


def balanced(rng, levels, n):
    """n values cycling through levels (each used equally often, +-1), in a seeded order."""
    out = [levels[i % len(levels)] for i in range(n)]
    rng.shuffle(out)
    return out


def fmt(x):
    return float("%.6g" % x)


def group_anim(kind, d):
    """The strokeStart/strokeEnd group of the ring, repeated forever."""
    if kind == "hold":
        # strokeEnd 0 -> 1 in 0.45 D, full until 0.6 D, then strokeStart 0 -> 1: all three states.
        children = [
            {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1,
             "duration": "0.45*D", "timingFunction": "easeInEaseOut", "fillMode": "forwards"},
            {"type": "basic", "keyPath": "strokeStart", "fromValue": 0, "toValue": 1,
             "beginTime": "0.6*D", "duration": "0.4*D", "timingFunction": "easeInEaseOut"},
        ]
    else:
        # Seed 1 of MODEL-FORMAT.md, the loading spinner.
        children = [
            {"type": "basic", "keyPath": "strokeStart", "fromValue": 0, "toValue": 0.25,
             "duration": "2*D/3", "timingFunction": "easeInEaseOut"},
            {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1,
             "duration": "2*D/3", "timingFunction": "linear"},
            {"type": "basic", "keyPath": "strokeStart", "fromValue": 0.25, "toValue": 1,
             "beginTime": "2*D/3", "duration": "D/3", "timingFunction": "easeInEaseOut"},
            {"type": "basic", "keyPath": "strokeEnd", "fromValue": 1, "toValue": 1,
             "beginTime": "2*D/3", "duration": "D/3"},
        ]
    return {"type": "group", "duration": "D", "repeatCount": "inf", "fillMode": "forwards",
            "removedOnCompletion": False, "animations": children}


def ring_case(idx, rng, axes):
    r_px, w_px, s = axes["radius"], axes["width"], axes["scale"]
    r_pt, w_pt = r_px / s, w_px / s
    side_pt = 2 * (r_pt + w_pt) + 8.0 / s          # the layer's frame; the ring sits at its centre
    c_pt = side_pt / 2
    d = round(rng.uniform(1.2, 2.0), 3)            # cycle length, s
    origin = (round(rng.uniform(0.5, 3.5), 3), round(rng.uniform(0.5, 3.5), 3))
    size = int(math.ceil(side_pt * s + max(origin) + 4))
    stroke = rng.choice(STROKES[axes["background"]])
    anims = []
    if axes["anim"] == "spinner+rotation":
        turn = rng.choice(["2*pi", "-2*pi"])
        anims.append({"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0,
                      "toValue": turn, "duration": round(rng.uniform(0.8, 2.0), 3),
                      "repeatCount": "inf"})
    anims.append(group_anim(axes["anim"], d))
    layer = {
        "name": "ring",
        "path": {"arc": {"center": [fmt(c_pt), fmt(c_pt)], "radius": fmt(r_pt),
                         "startAngle": "-pi/2", "endAngle": "3*pi/2", "clockwise": True}},
        "frame": [0, 0, fmt(side_pt), fmt(side_pt)],
        "lineWidth": fmt(w_pt), "lineCap": axes["cap"], "strokeColor": stroke,
        "animations": anims,
    }
    model = {"format": "strokescope-model/1", "name": "acc-%03d" % idx,
             "comment": "generated by scripts/accuracy/compare.py plan (inspect accuracy suite)",
             "variables": {"D": d}, "layers": [layer]}
    start = round(rng.uniform(0, d), 3)
    render = {"scale": s, "size": "%dx%d" % (size, size), "origin": "%g,%g" % origin,
              "background": BACKGROUNDS[axes["background"]], "colors": axes["colors"],
              "dither": axes["dither"], "delay-cs": axes["delay"], "duration": d, "from": start}
    return model, render, stroke


def tick_case(idx, rng, axes):
    """A payment-like model: ring that spins, freezes (speed 0 at `success`), tick drawn over it."""
    r_px, w_px, s = axes["radius"], axes["width"], axes["scale"]
    r_pt, w_pt = r_px / s, w_px / s
    side_pt = 2 * (r_pt + w_pt) + 8.0 / s
    c = side_pt / 2
    k = r_pt / 30.0                                  # the seed's tick, scaled with the ring
    pts = [(c - 20 * k, c), (c - 5 * k, c + 15 * k), (c + 20 * k, c - 10 * k)]
    success = round(rng.uniform(0.5, 0.9), 3)
    tick_dur = 1.0
    origin = (round(rng.uniform(0.5, 3.5), 3), round(rng.uniform(0.5, 3.5), 3))
    size = int(math.ceil(side_pt * s + max(origin) + 4))
    stroke = rng.choice(STROKES[axes["background"]])
    join = "round" if axes["cap"] == "round" else "miter"
    ring = {
        "name": "ring",
        "path": {"arc": {"center": [fmt(c), fmt(c)], "radius": fmt(r_pt),
                         "startAngle": "3*pi/2", "endAngle": "7*pi/2", "clockwise": True}},
        "lineWidth": fmt(w_pt), "lineCap": axes["cap"], "strokeColor": stroke,
        "animations": [{"type": "group", "duration": 1.2, "repeatCount": "HUGE_VALF", "animations": [
            {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1,
             "duration": 0.6, "fillMode": "forwards"},
            {"type": "basic", "keyPath": "strokeStart", "fromValue": 0, "toValue": 1,
             "duration": 0.6, "beginTime": 0.6}]}],
    }
    tick = {
        "name": "tick",
        "path": {"elements": [{"move": [fmt(pts[0][0]), fmt(pts[0][1])]},
                              {"line": [fmt(pts[1][0]), fmt(pts[1][1])]},
                              {"line": [fmt(pts[2][0]), fmt(pts[2][1])]}]},
        "lineWidth": fmt(w_pt), "lineCap": axes["cap"], "lineJoin": join, "strokeColor": stroke,
        "addedAt": "success",
        "animations": [{"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1,
                        "duration": tick_dur, "addedAt": "success"}],
    }
    model = {"format": "strokescope-model/1", "name": "acc-pay-%03d" % idx,
             "comment": "generated by scripts/accuracy/compare.py plan (payment-like, tick)",
             "variables": {"success": success}, "layers": [ring, tick],
             "events": [{"at": "success", "layer": "ring", "set": {"speed": 0}}]}
    tick_len_px = s * (math.hypot(15 * k, 15 * k) + math.hypot(25 * k, 25 * k))
    render = {"scale": s, "size": "%dx%d" % (size, size), "origin": "%g,%g" % origin,
              "background": BACKGROUNDS[axes["background"]], "colors": axes["colors"],
              "dither": axes["dither"], "delay-cs": axes["delay"],
              "duration": round(success + tick_dur + 0.3, 3), "from": 0}
    return model, render, stroke, tick_len_px


def cmd_plan(args):
    rng = random.Random(args.seed)
    work = args.dir
    os.makedirs(os.path.join(work, "models"), exist_ok=True)
    n_ring, n_tick = (6, 2) if args.quick else (96, 12)

    def axes_table(n, anims, radii, widths):
        cols = {
            "radius": balanced(rng, radii, n), "width": balanced(rng, widths, n),
            "scale": balanced(rng, SCALES, n), "cap": balanced(rng, CAPS, n),
            "background": balanced(rng, list(BACKGROUNDS), n),
            "palette": balanced(rng, PALETTES, n), "frames": balanced(rng, FRAME_MODES, n),
            "anim": balanced(rng, anims, n), "delay": balanced(rng, DELAYS_CS, n),
        }
        rows = []
        for i in range(n):
            a = {k: v[i] for k, v in cols.items()}
            a["colors"], a["dither"] = a.pop("palette")
            rows.append(a)
        return rows

    if args.quick:
        # A handful of hand-picked cases spanning the axes.
        ring_rows = [
            dict(radius=32, width=3, scale=1, cap="butt", background="white", colors="256", dither="none", frames="full", anim="spinner", delay=3),
            dict(radius=64, width=4, scale=2, cap="round", background="dark", colors="16", dither="ordered", frames="delta", anim="spinner+rotation", delay=2),
            dict(radius=96, width=6, scale=3, cap="butt", background="transparent", colors="16", dither="floyd-steinberg", frames="full", anim="hold", delay=4),
            dict(radius=20, width=2, scale=2, cap="round", background="white", colors="16", dither="none", frames="delta", anim="hold", delay=3),
            dict(radius=12, width=1.5, scale=1, cap="butt", background="dark", colors="256", dither="none", frames="full", anim="spinner", delay=3),
            dict(radius=200, width=8, scale=2, cap="round", background="white", colors="16", dither="floyd-steinberg", frames="delta", anim="spinner+rotation", delay=4),
        ]
        tick_rows = [
            dict(radius=48, width=3, scale=2, cap="butt", background="white", colors="256", dither="none", frames="full", anim="payment", delay=3),
            dict(radius=60, width=4, scale=3, cap="round", background="dark", colors="16", dither="ordered", frames="delta", anim="payment", delay=4),
        ]
    else:
        ring_rows = axes_table(n_ring, RING_ANIMS, RADII_PX, WIDTHS_PX)
        tick_rows = axes_table(n_tick, ["payment"], [24, 32, 48, 64, 80, 100], [2, 3, 4, 5, 6])

    cases = []
    for i, a in enumerate(ring_rows):
        model, render, stroke = ring_case(i, rng, a)
        cases.append({"id": "ring-%03d" % i, "kind": "ring", "axes": a, "model": model,
                      "render": render, "stroke": stroke,
                      "withModel": (i % 4 == 0)})
    for i, a in enumerate(tick_rows):
        model, render, stroke, tick_len = tick_case(i, rng, a)
        cases.append({"id": "pay-%03d" % i, "kind": "payment", "axes": a, "model": model,
                      "render": render, "stroke": stroke, "tickLengthPx": tick_len,
                      "withModel": True})

    with open(os.path.join(work, "cases.tsv"), "w") as tsv:
        for c in cases:
            path = os.path.join(work, "models", c["id"] + ".json")
            with open(path, "w") as f:
                json.dump(c["model"], f, indent=1)
                f.write("\n")
            c["modelFile"] = path
            r = c["render"]
            argv = []
            for key in ["scale", "size", "origin", "background", "colors", "dither", "delay-cs",
                        "duration", "from"]:
                argv += ["--" + key, str(r[key])]
            if c["axes"]["frames"] == "delta":
                argv.append("--delta-frames")
            c["renderArgs"] = argv
            tsv.write("%s\t%s\t%s\t%d\t%s\n" % (c["id"], path, " ".join(argv), 1 if c["withModel"] else 0,
                                                c["axes"]["cap"]))
    with open(os.path.join(work, "cases.json"), "w") as f:
        json.dump({"seed": args.seed, "quick": args.quick, "cases": cases}, f, indent=1)
    print("planned %d cases (%d rings, %d payment) in %s" % (len(cases), len(ring_rows), len(tick_rows), work))
    return 0


# --------------------------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------------------------

def circ(a, b):
    """Absolute circular difference of two angles in degrees, in [0, 180]."""
    return abs((a - b + 180.0) % 360.0 - 180.0)


def percentile(sorted_vals, p):
    """Nearest-rank percentile of a sorted list (None when empty)."""
    if not sorted_vals:
        return None
    k = max(0, min(len(sorted_vals) - 1, int(math.ceil(p / 100.0 * len(sorted_vals))) - 1))
    return sorted_vals[k]


def band_radius(r):
    return "r 12-19" if r < 20 else "r 20-39" if r < 40 else "r 40-99" if r < 100 else "r 100-200"


def band_width(w):
    return "w 1.5" if w < 2 else "w 2-3" if w <= 3 else "w 4-5" if w <= 5 else "w 6-8"


def pick_ring(insp_layers, truth_layer, by_name):
    arcs = [l for l in insp_layers if l.get("kind") == "arc"]
    if by_name:
        for l in arcs:
            if l.get("name") == truth_layer["name"]:
                return l
    if not arcs:
        return None
    tc = truth_layer["center"]

    def dist(l):
        c = l.get("center") or [1e9, 1e9]
        return math.hypot(c[0] - tc[0], c[1] - tc[1]) + abs((l.get("radius") or 0) - truth_layer["radius"])
    return min(arcs, key=dist)


def compare_case(case, work):
    """Per-frame records for one case: ring records (both inspect modes) and tick records."""
    cid = case["id"]
    out = os.path.join(work, "out")
    truth = load(os.path.join(out, cid + ".truth.json"))
    records, ticks, problems, fracs, caps = [], [], [], [], []
    if truth is None:
        problems.append("%s: no truth file (render failed?)" % cid)
        return records, ticks, problems, fracs, caps
    scale = case["render"]["scale"]
    t_ring = next(l for l in truth["layers"] if l["name"] == "ring")
    r_px, w_px = t_ring["radius"], t_ring["lineWidth"]
    cap = case["axes"]["cap"]
    modes = [("no-model", cid + ".inspect.json")]
    if case["withModel"]:
        modes.append(("model", cid + ".inspect-model.json"))
    if os.path.exists(os.path.join(out, cid + ".inspect-cap.rc")):
        modes.append(("cap-given", cid + ".inspect-cap.json"))
    for mode, name in modes:
        insp = load(os.path.join(out, name))
        rc_text = ""
        try:
            with open(os.path.join(out, name[:-5] + ".rc")) as f:
                rc_text = f.read().strip()
        except OSError:
            pass
        layer = None
        if insp is None:
            problems.append("%s (%s): inspect failed (exit %s)" % (cid, mode, rc_text or "?"))
        else:
            layer = pick_ring(insp.get("layers", []), t_ring, mode == "model")
            if layer is None:
                problems.append("%s (%s): no ring found" % (cid, mode))
            else:
                caps.append((cid, mode, cap, layer.get("lineCap"), case["axes"]))
            if layer is not None and len(insp["frames"]) != len(truth["frames"]):
                problems.append("%s (%s): %d frames inspected, %d in truth" % (
                    cid, mode, len(insp["frames"]), len(truth["frames"])))
        tick_layer = None
        if insp is not None and mode == "model":
            tick_layer = next((l for l in insp.get("layers", []) if l.get("name") == "tick"), None)
        for fi, tf in enumerate(truth["frames"]):
            tl = next(l for l in tf["layers"] if l["name"] == "ring")
            il = None
            if layer is not None and fi < len(insp["frames"]):
                il = next((l for l in insp["frames"][fi]["layers"] if l.get("name") == layer["name"]), None)
            rec = ring_record(case, mode, fi, tl, il, r_px, w_px, cap)
            records.append(rec)
            if mode == "model" and tl["state"] == "arc" and il and il.get("state") == "arc":
                if il.get("strokeStart") is None or il.get("strokeEnd") is None:
                    fracs.append((None, None, cid, fi))
                else:
                    fracs.append((abs(tl["strokeStart"] - il["strokeStart"]),
                                  abs(tl["strokeEnd"] - il["strokeEnd"]), cid, fi))
            if case["kind"] == "payment" and mode == "model":
                tt = next((l for l in tf["layers"] if l["name"] == "tick"), None)
                it = None
                if tick_layer is not None and fi < len(insp["frames"]):
                    it = next((l for l in insp["frames"][fi]["layers"] if l.get("name") == "tick"), None)
                ticks.append(tick_record(case, fi, tt, it))
        if case["kind"] == "payment" and mode == "model" and insp is not None and tick_layer is None:
            problems.append("%s (model): no tick layer in inspect output" % cid)
    return records, ticks, problems, fracs, caps


def norm_state(s):
    return "empty" if s in ("absent", "empty") else s


def arc_span(tl):
    """Clockwise span in degrees from the truth's start to its end angle: 360 for a stroke that
    runs all the way round (the two angles then coincide)."""
    span = (tl["endAngle"] - tl["startAngle"]) % 360.0
    frac = tl.get("strokeEnd", 0) - tl.get("strokeStart", 0)
    if frac > 0.5 and span < 180.0:
        span += 360.0
    return min(span, 360.0)


def visible_gap_px(span, r_px, w_px, cap):
    """The gap between the two ends of a truth arc as drawn: round and square caps each cover
    w/2 of it."""
    gap = (360.0 - span) / 360.0 * 2 * math.pi * r_px
    return gap - (w_px if cap in ("round", "square") else 0.0)


def lattice_error(center, r, w, cap, angle, beyond_clockwise):
    """The error of the best possible reading of one end on 1-bit pixels (GIF transparency),
    in degrees; None where the other end is too close to tell.

    A 1-bit pixel is set where its coverage reaches a half, which for a straight edge is where
    its centre is covered. So all the pixels say is that the end lies between the last pixel
    centre that is covered and the first that is not (each centre's threshold: its angle past
    the end for a butt cap, less the round cap's reach at its radius); the middle of that
    interval is the best single reading. Geometry is taken as exactly known, so this is a lower
    bound on any per-frame estimator's error."""
    cx, cy = center
    h = w / 2.0
    th0 = math.radians(angle)
    d = 1.0 if beyond_clockwise else -1.0
    ex, ey = cx + r * math.sin(th0), cy - r * math.cos(th0)
    reach = w + 5
    below, above = -math.inf, math.inf
    for y in range(int(math.floor(ey - reach)), int(math.ceil(ey + reach)) + 1):
        for x in range(int(math.floor(ex - reach)), int(math.ceil(ex + reach)) + 1):
            px, py = x + 0.5 - cx, y + 0.5 - cy
            rr = math.hypot(px, py)
            if abs(rr - r) > h or rr == 0:
                continue
            u = ((math.atan2(px, -py) - th0 + math.pi) % (2 * math.pi) - math.pi) * d
            if abs(u) * r > h + 3:
                continue
            t = u
            if cap == "round":
                k = (rr * rr + r * r - h * h) / (2 * rr * r)
                t = u - math.acos(max(-1.0, min(1.0, k)))
            if t <= 0:
                below = max(below, t)
            else:
                above = min(above, t)
    if math.isinf(below) or math.isinf(above):
        return None
    return abs(math.degrees((below + above) / 2))


def ring_record(case, mode, fi, tl, il, r_px, w_px, cap):
    a = case["axes"]
    rec = {"case": case["id"], "mode": mode, "frame": fi, "radius": a["radius"], "width": a["width"],
           "scale": a["scale"], "cap": cap, "background": a["background"],
           "palette": "%s %s" % (a["colors"], "undithered" if a["dither"] == "none" else a["dither"]),
           "frames": a["frames"], "anim": a["anim"],
           "truth": norm_state(tl["state"]), "inspect": norm_state(il["state"]) if il else "missing",
           "errStart": None, "errEnd": None, "verdict": None,
           "tStart": tl.get("startAngle"), "tEnd": tl.get("endAngle"),
           "iStart": il.get("startAngle") if il else None, "iEnd": il.get("endAngle") if il else None}
    ts, ist = rec["truth"], rec["inspect"]
    span = None
    if ts == "arc":
        span = arc_span(tl)
    if ts == ist:
        rec["verdict"] = "agree"
        if ts == "arc":
            rec["errStart"] = circ(tl["startAngle"], il["startAngle"])
            rec["errEnd"] = circ(tl["endAngle"], il["endAngle"])
    elif ts == "arc" and ist == "empty" and span / 360.0 * 2 * math.pi * r_px < 1.0:
        rec["verdict"] = "tolerated-empty"
    elif ts == "arc" and ist == "full" and visible_gap_px(span, r_px, w_px, cap) < 1.0:
        rec["verdict"] = "tolerated-full"
    else:
        rec["verdict"] = "mismatch"
    if span is not None:
        rec["arcSpan"] = span
        rec["arcLenPx"] = span / 360.0 * 2 * math.pi * r_px
        rec["gapPx"] = (360.0 - span) / 360.0 * 2 * math.pi * r_px
        # On 1-bit pixels, the best any per-frame reading could do (both ends clear of each other).
        clear = 2 * (w_px / 2 + 3.5)
        if a["background"] == "transparent" and rec["arcLenPx"] >= clear and rec["gapPx"] >= clear + w_px:
            rec["latticeStart"] = lattice_error(tl["center"], tl["radius"], tl["lineWidth"], cap, tl["startAngle"], False)
            rec["latticeEnd"] = lattice_error(tl["center"], tl["radius"], tl["lineWidth"], cap, tl["endAngle"], True)
    return rec


def tick_record(case, fi, tt, it):
    a = case["axes"]
    ts = norm_state(tt["state"]) if tt else "empty"
    ist = norm_state(it["state"]) if it else "missing"
    rec = {"case": case["id"], "frame": fi, "scale": a["scale"], "cap": a["cap"],
           "background": a["background"], "width": a["width"],
           "palette": "%s %s" % (a["colors"], "undithered" if a["dither"] == "none" else a["dither"]),
           "frames": a["frames"], "truth": ts, "inspect": ist, "err": None, "verdict": None,
           "lengthPx": case["tickLengthPx"],
           "tEnd": tt.get("strokeEnd") if tt else None, "iEnd": it.get("strokeEnd") if it else None}
    drawn_px = (tt.get("strokeEnd", 0) - tt.get("strokeStart", 0)) * case["tickLengthPx"] if tt and ts != "empty" else 0
    shown = ("arc", "full")
    if ts in shown and ist in shown:
        i_end = it.get("strokeEnd", 1.0 if ist == "full" else None)
        t_end = tt.get("strokeEnd", 1.0)
        if i_end is not None:
            rec["err"] = abs(t_end - i_end)
        if ts == ist:
            rec["verdict"] = "agree"
        elif i_end is not None and abs(t_end - i_end) * case["tickLengthPx"] < 1.0:
            # A polyline drawn to within 1 px of its end reads as full, and vice versa.
            rec["verdict"] = "tolerated-full"
        else:
            rec["verdict"] = "mismatch"
    elif ts == ist:
        rec["verdict"] = "agree"
    elif ts == "arc" and ist == "empty" and drawn_px < 1.0:
        rec["verdict"] = "tolerated-empty"
    else:
        rec["verdict"] = "mismatch"
    return rec


def stats(recs):
    errs = sorted(e for r in recs for e in (r["errStart"], r["errEnd"]) if e is not None)
    n_state = sum(1 for r in recs if not r["verdict"].startswith("tolerated"))
    agree = sum(1 for r in recs if r["verdict"] == "agree")
    tol = sum(1 for r in recs if r["verdict"].startswith("tolerated"))
    return {"cases": len({r["case"] for r in recs}), "frames": len(recs), "samples": len(errs),
            "median": percentile(errs, 50), "p95": percentile(errs, 95),
            "max": errs[-1] if errs else None,
            "stateAcc": (agree / n_state) if n_state else None, "tolerated": tol,
            "mismatch": n_state - agree}


def f2(x, digits=3):
    return "-" if x is None else ("%.*f" % (digits, x))


def pct(x):
    return "-" if x is None else ("%.2f %%" % (100 * x) if x < 1 else "100 %")


def table(rows, headers):
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    lines = ["  ".join(str(h).ljust(widths[i]) for i, h in enumerate(headers)),
             "  ".join("-" * w for w in widths)]
    for r in rows:
        lines.append("  ".join(str(c).rjust(widths[i]) if i else str(c).ljust(widths[i]) for i, c in enumerate(r)))
    return "\n".join(lines)


def md_table(rows, headers):
    lines = ["| " + " | ".join(headers) + " |", "| " + " | ".join("---" for _ in headers) + " |"]
    for r in rows:
        lines.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(lines)


GROUPS = [
    ("radius", lambda r: band_radius(r["radius"]), ["r 12-19", "r 20-39", "r 40-99", "r 100-200"]),
    ("width", lambda r: band_width(r["width"]), ["w 1.5", "w 2-3", "w 4-5", "w 6-8"]),
    ("scale", lambda r: "%dx" % r["scale"], ["1x", "2x", "3x"]),
    ("cap", lambda r: r["cap"], ["butt", "round"]),
    ("background", lambda r: r["background"], ["white", "dark", "transparent"]),
    ("colours", lambda r: r["palette"], ["256 undithered", "16 undithered", "16 ordered", "16 floyd-steinberg"]),
    ("frames", lambda r: r["frames"], ["full", "delta"]),
    ("animation", lambda r: r["anim"], ["spinner", "spinner+rotation", "hold", "payment"]),
]

HEADERS = ["group", "cases", "frames", "ends", "median (°)", "p95 (°)", "max (°)", "state acc.", "tolerated", "state errors"]


def stat_row(label, s):
    return [label, s["cases"], s["frames"], s["samples"], f2(s["median"]), f2(s["p95"]), f2(s["max"]),
            pct(s["stateAcc"]), s["tolerated"], s["mismatch"]]


def in_target(r):
    return r["radius"] >= 20 and r["width"] >= 2


def dithered16(r):
    return r["palette"] in ("16 ordered", "16 floyd-steinberg")


def cmd_report(args):
    work = args.dir
    plan = load(os.path.join(work, "cases.json"))
    if plan is None:
        print("error: %s: no cases.json (run plan first)" % work, file=sys.stderr)
        return 2
    records, ticks, problems, fracs, caps = [], [], [], [], []
    for case in plan["cases"]:
        r, t, p, fr, cp = compare_case(case, work)
        records += r
        ticks += t
        problems += p
        fracs += fr
        caps += cp

    out_lines, md = [], []

    def emit(text="", mdtext=None):
        out_lines.append(text)
        md.append(text if mdtext is None else mdtext)

    def degenerate(r):
        """A truth arc under 1 px long, or whose visible gap is under 1 px."""
        return r["truth"] == "arc" and (r.get("arcLenPx", 0) < 1.0 or
                                        visible_gap_px(r.get("arcSpan", 0), r["radius"], r["width"], r["cap"]) < 1.0)

    titles = {
        "no-model": "Ring angles and states, inspect without --model",
        "model": "Ring angles and states, inspect --model (every 4th ring case and the payment cases)",
        "cap-given": "Diagnostic: inspect without --model but with --cap set to the true cap "
                     "(separates cap judgement from end placement; not a target)",
    }
    for mode in ("no-model", "model", "cap-given"):
        recs = [r for r in records if r["mode"] == mode]
        if not recs:
            continue
        rows = [stat_row("all", stats(recs)),
                stat_row("target set (r>=20, w>=2)", stats([r for r in recs if in_target(r)])),
                stat_row("target set, no sub-px arc/gap", stats([r for r in recs if in_target(r) and not degenerate(r)]))]
        for gname, key, levels in GROUPS:
            if mode == "cap-given" and gname not in ("radius", "width", "cap", "background", "colours"):
                continue
            for lv in levels:
                sub = [r for r in recs if key(r) == lv]
                if sub:
                    rows.append(stat_row("%s: %s" % (gname, lv), stats(sub)))
        emit(titles[mode], "## " + titles[mode])
        emit("", "")
        emit(table(rows, HEADERS), md_table(rows, HEADERS))
        emit("")

    # Tick
    if ticks:
        def tick_row(label, sub):
            terrs = sorted(t["err"] for t in sub if t["err"] is not None)
            n_state = sum(1 for t in sub if not t["verdict"].startswith("tolerated"))
            agree = sum(1 for t in sub if t["verdict"] == "agree")
            return [label, len({t["case"] for t in sub}), len(sub), len(terrs),
                    f2(percentile(terrs, 50), 4), f2(percentile(terrs, 95), 4), f2(terrs[-1] if terrs else None, 4),
                    pct(agree / n_state if n_state else None),
                    sum(1 for t in sub if t["verdict"].startswith("tolerated")), n_state - agree]

        def phase(t):
            if t["truth"] == "full" or (t["tEnd"] is not None and t["tEnd"] >= 1.0):
                return "complete"
            if t["tEnd"] is not None and abs(t["tEnd"] - TICK_JOIN) * t["lengthPx"] <= t["width"] + 1:
                return "near the join"
            return "straight parts"
        trows = [tick_row("all", ticks)]
        for ph in ("straight parts", "near the join", "complete"):
            trows.append(tick_row("phase: " + ph, [t for t in ticks if phase(t) == ph]))
        for cp in CAPS:
            trows.append(tick_row("cap: " + cp, [t for t in ticks if t["cap"] == cp]))
        for bg in BACKGROUNDS:
            trows.append(tick_row("background: " + bg, [t for t in ticks if t["background"] == bg]))
        th = ["tick (inspect --model)", "cases", "frames", "measured", "median", "p95", "max", "state acc.",
              "tolerated", "state errors"]
        title = "Tick strokeEnd error (fraction of the tick's length; 'near the join' = within w + 1 px of the corner)"
        emit(title, "## " + title)
        emit("", "")
        emit(table(trows, th), md_table(trows, th))
        emit("")
    if fracs:
        measured = [f for f in fracs if f[0] is not None]
        fs = sorted(max(a, b) for a, b, _, _ in measured)
        line = ("Ring strokeStart/strokeEnd with --model (not an issue-5 target), %d arc frames: " % len(fracs))
        if fs:
            worst = max(measured, key=lambda x: max(x[0], x[1]))
            line += "error median %s, p95 %s, max %s (worst %s frame %d); " % (
                f2(percentile(fs, 50), 4), f2(percentile(fs, 95), 4), f2(fs[-1], 4), worst[2], worst[3])
            line += "%d frames off by more than 0.01; " % sum(1 for v in fs if v > 0.01)
        line += "%d frames without fractions" % (len(fracs) - len(measured))
        emit(line)
        emit("")

    if caps:
        crow, wrong_all = [], []
        for mode in ("no-model", "model"):
            for truth_cap in CAPS:
                sub = [c for c in caps if c[1] == mode and c[2] == truth_cap]
                if not sub:
                    continue
                wrong = [c for c in sub if c[3] != truth_cap]
                wrong_all += wrong
                crow.append([mode, truth_cap, len(sub), len(sub) - len(wrong), len(wrong)])
        ch = ["inspect", "true cap", "cases", "judged right", "judged wrong"]
        emit("Line cap judged by inspect", "## Line cap judged by inspect")
        emit("", "")
        emit(table(crow, ch), md_table(crow, ch))
        for c in wrong_all:
            emit("  %s (%s): %s judged %s; r=%g w=%g %dx %s %s" % (
                c[0], c[1], c[2], c[3], c[4]["radius"], c[4]["width"], c[4]["scale"], c[4]["background"],
                c[4]["colors"] + " colours" + (" " + c[4]["dither"] if c[4]["dither"] != "none" else "")),
                 "- %s (%s): %s judged %s; r=%g w=%g %dx %s %s" % (
                c[0], c[1], c[2], c[3], c[4]["radius"], c[4]["width"], c[4]["scale"], c[4]["background"],
                c[4]["colors"] + " colours" + (" " + c[4]["dither"] if c[4]["dither"] != "none" else "")))
        emit("")

    # Where the large errors come from, first matching cause per end sample (target set).
    judged = {(c[0], c[1]): c[3] for c in caps}

    def cause(r):
        if judged.get((r["case"], r["mode"]), r["cap"]) != r["cap"]:
            return "cap misjudged"
        if r.get("arcLenPx", 99) < 1.0:
            return "arc < 1 px"
        if visible_gap_px(r.get("arcSpan", 0), r["radius"], r["width"], r["cap"]) < r["width"] / 2 + 2:
            return "gap < w/2 + 2 px"
        if r["background"] == "transparent":
            return "transparent background"
        return "other"
    causes = ["cap misjudged", "arc < 1 px", "gap < w/2 + 2 px", "transparent background", "other"]
    crow = []
    for mode in ("no-model", "model", "cap-given"):
        recs = [r for r in records if r["mode"] == mode and in_target(r) and r["errStart"] is not None]
        if not recs:
            continue
        for limit in (0.5, 1.5):
            counts = {c: 0 for c in causes}
            total = 0
            for r in recs:
                for e in (r["errStart"], r["errEnd"]):
                    total += 1
                    if e > limit:
                        counts[cause(r)] += 1
            crow.append([mode, "> %g°" % limit, total] + [counts[c] for c in causes])
    ch = ["inspect", "error", "target-set ends"] + causes
    title = ("Where the errors are: target-set ends over 0.5° and over 1.5°, by first matching cause "
             "(gap = the visible gap between the ends, where each end's area window reaches the other end's ink)")
    emit(title, "## " + title)
    emit("", "")
    emit(table(crow, ch), md_table(crow, ch))
    emit("")

    # Targets
    checks = []

    def check(name, value, limit, fmt_v, ok=None):
        diagnostic = "diagnostic" in name
        if value is None:
            checks.append((name, "n/a", "FAIL (no data)", diagnostic))
            return
        passed = (value <= limit) if ok is None else ok
        verdict = ("PASS" if passed else "FAIL") + (" (not counted)" if diagnostic else "")
        checks.append((name, fmt_v(value), verdict, passed or diagnostic))

    for mode in ("no-model", "model", "cap-given"):
        recs = [r for r in records if r["mode"] == mode and in_target(r)]
        if not recs:
            continue
        tag = {"no-model": "", "model": " [--model]", "cap-given": " [diagnostic: --cap given]"}[mode]
        plain = stats([r for r in recs if not dithered16(r)])
        dith = stats([r for r in recs if dithered16(r)])
        allst = stats(recs)
        check("r>=20 px, w>=2 px, not 16-colour dithered: p95 <= 0.5°" + tag, plain["p95"], 0.5, lambda v: "%.3f°" % v)
        check("r>=20 px, w>=2 px, all: max <= 1.5°" + tag, allst["max"], 1.5, lambda v: "%.3f°" % v)
        check("r>=20 px, w>=2 px, all: state accuracy 100 %" + tag, allst["stateAcc"], 1.0, pct,
              ok=(allst["stateAcc"] == 1.0 and not [p for p in problems if "(%s)" % mode in p]))
        check("r>=20 px, w>=2 px, 16-colour dithered: p95 <= 1°" + tag, dith["p95"], 1.0, lambda v: "%.3f°" % v)
        if mode != "cap-given":
            # The same p95 with every 1-bit end that has a lattice bound read at that bound:
            # whether the target can be met at all by reading each frame on its own.
            bounded = [dict(r, errStart=r.get("latticeStart", r["errStart"]) if r["errStart"] is not None else None,
                            errEnd=r.get("latticeEnd", r["errEnd"]) if r["errEnd"] is not None else None)
                       for r in recs if not dithered16(r)]
            check("r>=20 px, w>=2 px, not 16-colour dithered: p95 <= 0.5°, 1-bit ends at the lattice bound"
                  + tag.replace("]", "") + (" [" if not tag else "; ") + "diagnostic]",
                  stats(bounded)["p95"], 0.5, lambda v: "%.3f°" % v)
    if ticks:
        terrs = [t["err"] for t in ticks if t["err"] is not None]
        check("tick strokeEnd error <= 0.01 (max)", max(terrs) if terrs else None, 0.01, lambda v: "%.4f" % v)

    # 1-bit ends: the measured error next to the lattice bound, end by end.
    for mode in ("no-model", "model"):
        pairs = [(r[e], r[l]) for r in records if r["mode"] == mode and in_target(r)
                 for e, l in (("errStart", "latticeStart"), ("errEnd", "latticeEnd"))
                 if r[e] is not None and r.get(l) is not None]
        if pairs:
            ms, bs = sorted(p[0] for p in pairs), sorted(p[1] for p in pairs)
            emit("1-bit ends in the target set (%s, both ends clear of each other): %d ends, measured median %s / p95 %s°, "
                 "lattice bound median %s / p95 %s°" % (mode, len(pairs), f2(percentile(ms, 50)), f2(percentile(ms, 95)),
                                                        f2(percentile(bs, 50)), f2(percentile(bs, 95))))
    emit("")

    emit("Targets (issue 5)", "## Targets (issue 5)")
    emit("", "")
    crow = [[n, v, verdict] for n, v, verdict, _ in checks]
    emit(table(crow, ["target", "measured", "verdict"]), md_table(crow, ["target", "measured", "verdict"]))
    emit("")

    if problems:
        emit("Problems", "## Problems")
        emit("", "")
        for p in problems:
            emit("  " + p, "- " + p)
        emit("")

    # The worst cases, to start an investigation.
    per_case = {}
    for r in records:
        if in_target(r):
            per_case.setdefault((r["case"], r["mode"]), []).append(r)
    worst = []
    for (cid, mode), recs in per_case.items():
        s = stats(recs)
        worst.append((s["max"] or 0, cid, mode, s))
    worst.sort(reverse=True)
    wrows = []
    for mx, cid, mode, s in worst[:15]:
        r0 = per_case[(cid, mode)][0]
        wrows.append([cid, mode, "r=%g w=%g %dx %s %s %s %s %s" % (r0["radius"], r0["width"], r0["scale"], r0["cap"],
                                                                 r0["background"], r0["palette"], r0["frames"], r0["anim"]),
                      f2(s["p95"]), f2(s["max"]), pct(s["stateAcc"]), s["mismatch"]])
    emit("Worst cases in the target set (r>=20 px, w>=2 px), by max angle error",
         "## Worst cases in the target set (r>=20 px, w>=2 px), by max angle error")
    emit("", "")
    wh = ["case", "inspect", "settings", "p95 (°)", "max (°)", "state acc.", "state errors"]
    emit(table(wrows, wh), md_table(wrows, wh))
    emit("")

    print("\n".join(out_lines))
    with open(os.path.join(work, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(work, "frames.csv"), "w", newline="") as f:
        keys = ["case", "mode", "frame", "radius", "width", "scale", "cap", "background", "palette", "frames",
                "anim", "truth", "inspect", "verdict", "tStart", "iStart", "errStart", "tEnd", "iEnd", "errEnd",
                "arcLenPx", "gapPx", "latticeStart", "latticeEnd"]
        w = csv.DictWriter(f, fieldnames=keys, extrasaction="ignore")
        w.writeheader()
        for r in records:
            w.writerow(r)
    with open(os.path.join(work, "ticks.csv"), "w", newline="") as f:
        keys = ["case", "frame", "scale", "cap", "background", "width", "palette", "frames", "truth", "inspect",
                "verdict", "tEnd", "iEnd", "err"]
        w = csv.DictWriter(f, fieldnames=keys, extrasaction="ignore")
        w.writeheader()
        for t in ticks:
            w.writerow(t)
    counted = [c for c in checks if "not counted" not in c[2]]
    failed = [c for c in counted if not c[3]]
    print("%d of %d targets failed" % (len(failed), len(counted)) if failed else "all %d targets pass" % len(counted))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--dir", required=True)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--seed", type=int, default=5)
    r = sub.add_parser("report")
    r.add_argument("--dir", required=True)
    args = ap.parse_args()
    return cmd_plan(args) if args.cmd == "plan" else cmd_report(args)


if __name__ == "__main__":
    sys.exit(main())
