#!/usr/bin/env python3
"""Fit benchmark helper (issue 6), Python 3 standard library only.

Two sub-commands, driven by scripts/bench-fit.sh:

  fit_compare.py plan   --dir WORK [--quick]
      Writes the deterministic suite to WORK/cases.json and WORK/cases.tsv (one line per case:
      id, model file, render arguments, fit arguments; arguments separated by spaces). Every
      case renders one of the three fixture models (fixtures/models/) with `render --truth`
      and known imperfections, then runs `fit --format json` on it.

  fit_compare.py report --dir WORK [--speed WORK/speed.tsv]
      Reads every case's truth (WORK/out/ID.truth.json) and fit (WORK/out/ID.fit.json), scores
      them against the issue-6 targets, prints the tables and the target verdicts, writes
      WORK/report.md and WORK/frames.csv (every injected frame), and exits 1 when a target
      fails (2 on a usage or input error).

Conventions used in the scoring (see docs/BENCHMARKS-FIT.md):
  - A render frame i shows model time  from + R * (capture time of i); with exact delays the
    capture time is the GIF time. The truth's modelTime minus that nominal line is the frame's
    injected offset "delta" (model seconds): > 0 the frame shows a state ahead of schedule.
  - `render --late F:S` captures frame F S seconds late (S < 0: early), so delta = R * S and
    the fit's timingError should be -delta; the fit's flag for delta > 0 is `early` (the frame
    is ahead: it does not lag) and for delta < 0 `late`. The renderer's own truth flag says
    `late` for both signs: it names the capture, not the picture.
  - Phase error: for the loading spinner (D pinned) modulo its period D, for the payment model
    modulo its ring period 4 s (phase and `success` can both move by 4 s with the same
    picture), for the Material spinner (no period) as is. In model milliseconds, as `fit`
    reports the phase; the GIF-time equivalent (divided by the rate) is shown next to it.
  - Success moment: (success - phase) / rate, the GIF time of the success, against the truth's
    (success - from) / R; target: within one frame interval.
  - Dropped frames: `render --drop F` merges F's delay into the frame before, so the GIF's
    timing stays right and nothing is missing in time. The target cases therefore also pass
    `--delays` with a 0 at F (so the merged delay stays one interval): the picture then jumps
    two intervals while the delay says one. The merged-delay form is run as a diagnostic.
"""

import argparse
import csv
import json
import math
import os
import sys

from common import load

MODELS = {
    "spinner": "fixtures/models/loading-spinner.json",
    "material": "fixtures/models/material-spinner.json",
    "payment": "fixtures/models/payment-success.json",
}
RATES = [0.1, 0.55, 0.9, 1.0, 1.1]
# GIF frame interval (centiseconds) per rate: rate 0.1 needs long intervals to cover a period
CS_FOR_RATE = {0.1: 10, 0.55: 4, 0.9: 3, 1.0: 3, 1.1: 3}
LATE_AMOUNTS = [1.0, -1.0, 1.5, -1.5, 2.0, -2.0]   # in frame intervals; > 0 = captured late
SPINNER_D = 1.5
MATERIAL_T = 1.333
RING_PERIOD = 4.0                                   # payment ring group duration
TICK_DURATION = 2.0

# render geometry per model: big enough rings that inspect's error stays small (r = 40 px)
GEOMETRY = {
    "spinner": ["--scale", "2"],                                         # 200x200, r 40, w 8
    "material": ["--scale", "2"],                                        # 96x96, r 40, w 8
    "payment": ["--scale", "2", "--size", "240x240", "--origin", "-180,-180"],  # r 60, w 6
}


# --------------------------------------------------------------------------------------------
# Where the models move (so that an injected offset is observable)
# --------------------------------------------------------------------------------------------

def moving(model, mt, margin, v):
    """True when model time mt lies in a stretch where the picture moves, margin inside it."""
    if model == "spinner":
        d = v.get("D", SPINNER_D)
        x = mt % d
        return margin < x < d - margin
    if model == "material":
        return mt > margin
    if model == "payment":
        s = v["success"]
        if mt < s - margin:
            x = mt % RING_PERIOD
            # avoid the vanish at 0 and the full ring at 2
            return (margin < x < 2 - margin) or (2 + margin < x < RING_PERIOD - margin)
        return s + margin < mt < s + TICK_DURATION - margin
    raise ValueError(model)


def model_span(model, frm, v, rate):
    """Recording length (GIF seconds) for a case: at least one period (two for spinners)."""
    if model == "spinner":
        return 2 * v.get("D", SPINNER_D) / rate
    if model == "material":
        return 2 * MATERIAL_T / rate
    if model == "payment":
        return (v["success"] + TICK_DURATION + 0.4 - frm) / rate
    raise ValueError(model)


# --------------------------------------------------------------------------------------------
# Suite
# --------------------------------------------------------------------------------------------

def fmt(x):
    s = ("%.6f" % x).rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"


class Case:
    def __init__(self, cid, group, model, rate, frm, variables, fit_extra=(), render_extra=(),
                 cs=None, geometry=None, note=""):
        self.id = cid
        self.group = group
        self.model = model
        self.rate = rate
        self.cs = cs if cs is not None else CS_FOR_RATE[rate]
        self.dt = self.cs / 100.0
        self.frm = frm
        self.vars = dict(variables)
        self.fit_extra = list(fit_extra)
        self.render_extra = list(render_extra)
        self.geometry = geometry if geometry is not None else GEOMETRY[model]
        self.n = int(round(model_span(model, frm, self.vars, rate) / self.dt))
        self.duration = self.n * self.dt
        self.lates = []      # (frame, seconds)
        self.dups = []
        self.drops = []
        self.zero_delay_drop = False
        self.note = note

    def model_time(self, i, extra=0.0):
        return self.frm + self.rate * (i * self.dt + extra)

    def ok(self, i, extra_s=0.0, frames_margin=2.0):
        m = self.rate * self.dt * frames_margin + self.rate * abs(extra_s)
        return (moving(self.model, self.model_time(i), m, self.vars)
                and moving(self.model, self.model_time(i, extra_s), m, self.vars))

    def pick(self, count, extra_for=lambda k: 0.0, spacing=6, lo=4, hi_margin=5):
        """Frames spread evenly over the recording where the picture moves."""
        hi = self.n - hi_margin
        chosen = []
        for k in range(count):
            target = lo + (k + 0.5) * (hi - lo) / count
            extra = extra_for(k)
            for off in sorted(range(-spacing, spacing + 1), key=abs):
                i = int(round(target)) + off
                if i < lo or i > hi:
                    continue
                if any(abs(i - c) < spacing for c, _ in chosen):
                    continue
                if self.ok(i, extra):
                    chosen.append((i, extra))
                    break
        return chosen

    def render_args(self):
        a = ["--delay-cs", str(self.cs), "--duration", fmt(self.duration), "--from", fmt(self.frm)]
        if self.rate != 1.0:
            a += ["--rate", fmt(self.rate)]
        for k, val in self.vars.items():
            a += ["--set", "%s=%s" % (k, fmt(val))]
        a += self.geometry
        for f, s in self.lates:
            a += ["--late", "%d:%s" % (f, fmt(s))]
        for f in self.drops:
            a += ["--drop", str(f)]
        for f in self.dups:
            a += ["--duplicate", str(f)]
        if self.zero_delay_drop:
            delays = [str(self.cs)] * self.n
            for f in self.drops:
                delays[f] = "0"
            a += ["--delays", ",".join(delays)]
        return a + self.render_extra

    def fit_args(self):
        a = []
        if self.model == "spinner" and "free-D" not in self.note:
            a += ["--set", "D=%s" % fmt(self.vars.get("D", SPINNER_D))]
        return a + self.fit_extra

    def meta(self):
        return {
            "id": self.id, "group": self.group, "model": self.model, "rate": self.rate,
            "cs": self.cs, "dt": self.dt, "from": self.frm, "variables": self.vars,
            "frames": self.n, "lates": self.lates, "dups": self.dups, "drops": self.drops,
            "zeroDelayDrop": self.zero_delay_drop, "note": self.note,
            "render": self.render_args(), "fit": self.fit_args(),
        }


def base_vars(model, k):
    if model == "spinner":
        return {"D": SPINNER_D}
    if model == "material":
        return {}
    return {"success": [6.0, 5.5, 7.3, 6.4, 6.9][k % 5]}


def base_from(model, k):
    if model == "spinner":
        return [0.37, 1.12, 0.0, 0.81, 1.43][k % 5]
    if model == "material":
        return [0.45, 1.9, 0.0, 3.05, 0.8][k % 5]
    return [3.3, 2.1, 4.9, 1.05, 3.75][k % 5]


def plan(args):
    cases = []
    quick = args.quick
    rates = [1.0] if quick else RATES
    models = ["spinner", "material", "payment"]

    # 1. clean renders at each rate (phase, rate, success, zero flags)
    for ri, r in enumerate(rates):
        for m in models:
            k = RATES.index(r)
            cases.append(Case("rate-%s-%s" % (m, fmt(r)), "clean", m, r, base_from(m, k),
                              base_vars(m, k)))
    if not quick:
        # 2. jitter (+-2 ms capture jitter): phase and rate, and no flags expected
        for m in models:
            c = Case("jitter-%s-1" % m, "jitter", m, 1.0, base_from(m, 3), base_vars(m, 3),
                     render_extra=["--jitter", "0.002", "--seed", "7"])
            cases.append(c)
        # diagnostics: the loading spinner with D left free (rate and D trade off), the
        # payment model at 1x (a 56 px tick)
        for r in RATES:
            k = RATES.index(r)
            cases.append(Case("freeD-spinner-%s" % fmt(r), "diag-freeD", "spinner", r,
                              base_from("spinner", k), base_vars("spinner", k),
                              note="free-D"))
        for r in (1.0, 0.55):
            k = RATES.index(r)
            cases.append(Case("pay1x-%s" % fmt(r), "diag-1x", "payment", r, base_from("payment", k),
                              base_vars("payment", k), geometry=["--scale", "1"]))

    # 3. late / early frames
    for r in rates:
        for m in models:
            k = RATES.index(r)
            c = Case("late-%s-%s" % (m, fmt(r)), "late", m, r, base_from(m, k + 1),
                     base_vars(m, k + 1))
            count = 6 if quick else 12
            c.lates = c.pick(count, lambda j, c=c: LATE_AMOUNTS[j % len(LATE_AMOUNTS)] * c.dt)
            if quick:
                c.lates = c.lates[:6]
            cases.append(c)
            if quick:
                break

    # 4. duplicated frames
    for r in ([1.0] if quick else [1.0, 0.55]):
        for m in (["spinner"] if quick else models):
            k = RATES.index(r)
            c = Case("dup-%s-%s" % (m, fmt(r)), "dup", m, r, base_from(m, k + 2), base_vars(m, k + 2))
            # the duplicate repeats the previous picture: both frames must be in motion
            c.dups = [f for f, _ in c.pick(4, lambda j, c=c: -c.dt)]
            cases.append(c)

    # 5. dropped frames, stored delay kept at one interval (the target form)
    for r, pos in ([(1.0, 0.5)] if quick else [(1.0, 0.3), (1.0, 0.7), (0.55, 0.5)]):
        for m in (["spinner"] if quick else models):
            k = RATES.index(r)
            c = Case("drop-%s-%s-at%d" % (m, fmt(r), int(pos * 100)), "drop", m, r,
                     base_from(m, k + 3), base_vars(m, k + 3))
            c.zero_delay_drop = True
            c.drops = [f for f, _ in c.pick(1, lambda j, c=c: c.dt, lo=int(pos * c.n) - 6,
                                             hi_margin=c.n - int(pos * c.n) - 6)]
            cases.append(c)
    if not quick:
        # diagnostic: two consecutive frames dropped (a jump of three intervals)
        for m in models:
            c = Case("drop2-%s-1-at70" % m, "diag-drop2", m, 1.0, base_from(m, 3), base_vars(m, 3))
            c.zero_delay_drop = True
            f0 = [f for f, _ in c.pick(1, lambda j, c=c: 2 * c.dt, lo=int(0.7 * c.n) - 6,
                                        hi_margin=c.n - int(0.7 * c.n) - 6)]
            c.drops = [f0[0], f0[0] + 1] if f0 else []
            cases.append(c)
        # diagnostic: the renderer's plain --drop (delay merged into the frame before)
        for m in models:
            c = Case("dropmerged-%s-1" % m, "diag-dropmerged", m, 1.0, base_from(m, 4),
                     base_vars(m, 4))
            c.drops = [f for f, _ in c.pick(1, lambda j, c=c: c.dt, lo=c.n // 2 - 6,
                                             hi_margin=c.n - c.n // 2 - 6)]
            cases.append(c)

    os.makedirs(args.dir, exist_ok=True)
    with open(os.path.join(args.dir, "cases.json"), "w") as f:
        json.dump([c.meta() for c in cases], f, indent=1)
    with open(os.path.join(args.dir, "cases.tsv"), "w") as f:
        for c in cases:
            f.write("\t".join([c.id, MODELS[c.model], " ".join(c.render_args()),
                               " ".join(c.fit_args())]) + "\n")
    print("planned %d cases (%d frames) in %s" % (len(cases), sum(c.n for c in cases), args.dir),
          file=sys.stderr)


# --------------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------------

def circ(d, p):
    """Signed difference d reduced to (-p/2, p/2]."""
    if not p:
        return d
    d = math.fmod(d, p)
    if d > p / 2:
        d -= p
    if d <= -p / 2:
        d += p
    return d


def pct(a, b):
    return 100.0 * a / b if b else float("nan")


def frame_timing(fr):
    vals = [l.get("timingError") for l in fr.get("layers", []) if l.get("timingError") is not None]
    return sum(vals) / len(vals) if vals else None


IGNORED_ON_CLEAN = {"clampedDelay", "unobservable"}

TICK_LENGTH_PT = 15 * math.sqrt(2) + 25 * math.sqrt(2)   # payment tick: two segments
TICK_CORNER = 15.0 / 40.0                                 # the corner as a fraction of it


def cause(t, i, f=None):
    """What the truth shows at frame i (and its neighbours) that explains a flag there:
    a sub-pixel arc or gap (the picture reads empty/full while the model has an arc), or the
    payment tick's corner (its join ink). With the fit f, also the fitted model's own sub-pixel
    arcs and gaps where the picture reads empty or full."""
    notes = []
    scale = t.get("scale", 1.0)
    if f is not None and 0 <= i < len(f["frames"]):
        for meta, lay in zip(t["layers"], f["frames"][i]["layers"]):
            mod = lay.get("model", {})
            if lay.get("state") in ("empty", "full") and mod.get("state") == "arc" \
                    and meta.get("kind") == "arc" and "endAngle" in mod:
                r = meta.get("radius", 0)
                length = (mod["endAngle"] - mod["startAngle"]) % 360.0 / 360.0 * 2 * math.pi * r
                if lay["state"] == "empty" and length < 1.0:
                    notes.append("fitted model: sub-px arc (%.3f px), picture empty" % length)
                elif lay["state"] == "full" and 2 * math.pi * r - length < 1.0:
                    notes.append("fitted model: sub-px gap (%.3f px), picture full"
                                 % (2 * math.pi * r - length))
    for j in (i - 1, i, i + 1):
        if not 0 <= j < len(t["frames"]):
            continue
        for meta, lay in zip(t["layers"], t["frames"][j]["layers"]):
            st = lay.get("state")
            if meta.get("kind") == "arc" and st == "arc":
                r = meta.get("radius", 0)
                sweep = (lay["endAngle"] - lay["startAngle"]) % 360.0
                length = sweep / 360.0 * 2 * math.pi * r
                if length < 1.0:
                    notes.append("sub-px arc (%.2f px) at %d" % (length, j))
                elif 2 * math.pi * r - length < 1.0:
                    notes.append("sub-px gap (%.2f px) at %d" % (2 * math.pi * r - length, j))
            elif meta.get("kind") == "path" and st in ("arc", "empty"):
                L = TICK_LENGTH_PT * scale
                e = lay.get("strokeEnd", 0.0) or 0.0
                w = meta.get("lineWidth", 0)
                if 0 < e * L < 1.0:
                    notes.append("sub-px tick (%.2f px) at %d" % (e * L, j))
                elif abs(e - TICK_CORNER) * L <= 1.5 * w:
                    notes.append("tick corner (%+.1f px) at %d" % ((e - TICK_CORNER) * L, j))
    # one note per kind is enough
    seen, out = set(), []
    for n in notes:
        k = n.split(" (")[0]
        if k not in seen:
            seen.add(k)
            out.append(n)
    return "; ".join(out) or "?"


def ms(x, nd=2):
    return "-" if x is None else ("%.*f" % (nd, x * 1000.0))


def md_table(head, rows):
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    for r in rows:
        out.append("| " + " | ".join(str(x) for x in r) + " |")
    return "\n".join(out)


def report(args):
    d = args.dir
    cases = load(os.path.join(d, "cases.json"))
    if cases is None:
        print("error: %s/cases.json missing (run plan first)" % d, file=sys.stderr)
        return 2
    out = []
    failures = []
    missing = []
    results = {}
    for c in cases:
        t = load(os.path.join(d, "out", c["id"] + ".truth.json"))
        f = load(os.path.join(d, "out", c["id"] + ".fit.json"))
        if t is None or f is None:
            err = ""
            for part in ("render", "fit"):
                p = os.path.join(d, "out", "%s.%s.err" % (c["id"], part))
                if os.path.exists(p):
                    txt = open(p).read().strip().splitlines()
                    if txt:
                        err = "%s: %s" % (part, txt[-1])
            missing.append((c["id"], err))
            continue
        results[c["id"]] = (c, t, f)

    # ---------------- per case basics ----------------
    def basics(c, t, f):
        fit = f["fit"]
        R = c["rate"]
        phase, rate = fit["phase"], fit["rate"]
        if c["model"] == "spinner":
            period = c["variables"].get("D", SPINNER_D)
        elif c["model"] == "payment":
            period = RING_PERIOD
        else:
            period = None
        perr = circ(phase - c["from"], period)
        rerr = (rate - R) / R
        out = {"phaseErr": perr, "phaseErrGif": perr / R, "rateErr": rerr, "phase": phase,
               "rate": rate, "vars": fit.get("variables", {}), "period": period}
        if c["model"] == "payment":
            s_true = c["variables"]["success"]
            s_fit = fit["variables"].get("success")
            if s_fit is not None:
                out["successGif"] = (s_fit - phase) / rate - (s_true - c["from"]) / R
                out["successRaw"] = s_fit - s_true
        params = {p["name"]: p for p in fit.get("parameters", [])}
        out["undetermined"] = [n for n, p in params.items() if not p.get("determined", True)]
        out["params"] = params
        return out

    # ---------------- 1. phase / rate / success ----------------
    pr_rows = []
    worst_phase = (0.0, None)
    worst_rate = (0.0, None)
    worst_succ = (0.0, None)
    succ_fail = []
    for c, t, f in results.values():
        if c["group"] not in ("clean", "jitter"):
            continue
        b = basics(c, t, f)
        if abs(b["phaseErr"]) > abs(worst_phase[0]):
            worst_phase = (b["phaseErr"], c["id"])
        if abs(b["rateErr"]) > abs(worst_rate[0]):
            worst_rate = (b["rateErr"], c["id"])
        succ = ""
        if "successGif" in b:
            ratio = abs(b["successGif"]) / c["dt"]
            if ratio > abs(worst_succ[0]):
                worst_succ = (ratio, c["id"])
            if ratio > 1:
                succ_fail.append(c["id"])
            succ = "%+.1f ms (%.2f int.); raw %+.4f s" % (b["successGif"] * 1000, ratio, b["successRaw"])
        pr_rows.append([c["id"], c["rate"], c["frames"], "%d" % (c["dt"] * 1000),
                        "%.4f" % c["from"], "%.4f" % b["phase"], "%+.3f" % (b["phaseErr"] * 1000),
                        "%+.3f" % (b["phaseErrGif"] * 1000), "%.6f" % b["rate"],
                        "%+.4f" % (b["rateErr"] * 100),
                        ", ".join("%s=%.4f" % kv for kv in b["vars"].items()) or "-",
                        succ or "-", ", ".join(b["undetermined"]) or "-"])

    # ---------------- 2. flags on clean renders ----------------
    clean_rows = []
    clean_flagged = 0
    clean_frames = 0
    for c, t, f in results.values():
        if c["group"] not in ("clean", "jitter", "diag-1x"):
            continue
        bad = {}
        for fr in f["frames"]:
            fl = [x for x in fr.get("flags", []) if x not in IGNORED_ON_CLEAN]
            if fl:
                bad[fr["index"]] = fl
        allowed = {}
        for fr in f["frames"]:
            for x in fr.get("flags", []):
                if x in IGNORED_ON_CLEAN:
                    allowed[x] = allowed.get(x, 0) + 1
        if c["group"] == "clean":
            clean_frames += len(f["frames"])
            clean_flagged += len(bad)
        detail = "; ".join("%d %s (%s ms; %s)" % (i, "+".join(v), ms(frame_timing(f["frames"][i]), 1),
                                                    cause(t, i, f))
                           for i, v in sorted(bad.items())[:12])
        if len(bad) > 12:
            detail += "; ... (%d more)" % (len(bad) - 12)
        clean_rows.append([c["id"], c["group"], len(f["frames"]), len(bad), detail or "-",
                           ", ".join("%s %d" % kv for kv in sorted(allowed.items())) or "-"])

    # ---------------- 3. late / early ----------------
    inj_rows = []         # frames.csv
    by_amount = {}
    by_model = {}
    by_rate = {}
    tp = fn = fp = 0
    wrongdir = 0
    mag_ok = mag_n = 0
    mag_worst = (0.0, None)
    mag_null = []
    fp_list = []
    miss_list = []
    side_flags = {"duplicate": 0, "dropped": 0, "outlier": 0}
    side_expected = {"duplicate": 0, "dropped": 0}
    for c, t, f in results.values():
        if c["group"] != "late":
            continue
        R, dt = c["rate"], c["dt"]
        thr = f["fit"].get("flagTiming")
        injected = {fr: s for fr, s in c["lates"]}
        tframes = t["frames"]
        for fr in f["frames"]:
            i = fr["index"]
            tf = tframes[i]
            delta = tf["modelTime"] - (c["from"] + R * tf["time"])
            flags = set(fr.get("flags", []))
            got = "early" if "early" in flags else ("late" if "late" in flags else None)
            # picture-level consequences of an injection (not late/early targets)
            if i > 0:
                prev = tframes[i - 1]["modelTime"]
                same = abs(tf["modelTime"] - prev) < 1e-9
                jump = tf["modelTime"] - prev > 1.5 * R * dt + 1e-9
                side_expected["duplicate"] += same
                side_expected["dropped"] += jump
            for k in side_flags:
                side_flags[k] += k in flags and i not in injected
            if i in injected:
                s = injected[i]
                amount = round(s / dt, 2)
                want = "early" if delta > 0 else "late"
                te = frame_timing(fr)
                expected_te = -delta
                ok = got == want
                if ok:
                    tp += 1
                else:
                    fn += 1
                    miss_list.append((c["id"], i, amount, got, te, thr, cause(t, i)))
                    if got is not None:
                        wrongdir += 1
                        fp += 1
                dev = None if te is None else te - expected_te
                mag_n += 1
                if dev is not None and abs(dev) <= 0.003:
                    mag_ok += 1
                if dev is None:
                    mag_null.append("%s frame %d" % (c["id"], i))
                elif abs(dev) > abs(mag_worst[0]):
                    mag_worst = (dev, "%s frame %d" % (c["id"], i))
                for key, table in ((amount, by_amount), (c["model"], by_model), (R, by_rate)):
                    e = table.setdefault(key, [0, 0, 0, 0, 0.0])   # n, hit, mag ok, nulls, max dev
                    e[0] += 1
                    e[1] += ok
                    e[2] += dev is not None and abs(dev) <= 0.003
                    e[3] += dev is None
                    if dev is not None:
                        e[4] = max(e[4], abs(dev))
                inj_rows.append([c["id"], c["model"], R, i, "%.3f" % amount, "%.6f" % delta,
                                 want, got or "", "" if te is None else "%.6f" % te,
                                 "%.6f" % expected_te, "" if dev is None else "%.6f" % dev,
                                 "%.6f" % thr if thr else "", "+".join(sorted(flags))])
            elif got is not None:
                fp += 1
                fp_list.append((c["id"], i, got, frame_timing(fr), sorted(flags), cause(t, i, f)))
    # late/early flags on clean renders count against precision too
    for c, t, f in results.values():
        if c["group"] != "clean":
            continue
        for fr in f["frames"]:
            flags = set(fr.get("flags", []))
            if "late" in flags or "early" in flags:
                fp += 1
                fp_list.append((c["id"], fr["index"], "late" if "late" in flags else "early",
                                frame_timing(fr), sorted(flags), cause(t, fr["index"], f)))
    recall = pct(tp, tp + fn)
    precision = pct(tp, tp + fp)

    # ---------------- 4. duplicates ----------------
    dup_rows = []
    dup_found = dup_n = 0
    for c, t, f in results.values():
        if c["group"] != "dup":
            continue
        tdups = [fr["index"] for fr in t["frames"] if "duplicate" in fr.get("flags", [])]
        found = []
        for i in tdups:
            fl = f["frames"][i].get("flags", [])
            nxt = f["frames"][i + 1].get("flags", []) if i + 1 < len(f["frames"]) else []
            dup_n += 1
            dup_found += "duplicate" in fl
            found.append("%d: %s%s" % (i, "+".join(fl) or "none",
                                         (" / next: " + "+".join(nxt)) if nxt else ""))
        others = sum(1 for fr in f["frames"] if fr["index"] not in tdups and fr["index"] - 1 not in tdups
                     and any(x not in IGNORED_ON_CLEAN for x in fr.get("flags", [])))
        b = basics(c, t, f)
        dup_rows.append([c["id"], ", ".join(map(str, tdups)), "; ".join(found), others,
                         "%+.3f" % (b["phaseErr"] * 1000), "%+.4f" % (b["rateErr"] * 100)])

    # ---------------- 5. drops ----------------
    drop_rows = []
    drop_found = drop_n = 0
    drop_diag_rows = []
    for c, t, f in results.values():
        if c["group"] not in ("drop", "diag-dropmerged", "diag-drop2"):
            continue
        tdrops = [fr["index"] for fr in t["frames"] if "droppedBefore" in fr.get("flags", [])]
        b = basics(c, t, f)
        hits = []
        for i in tdrops:
            fl = f["frames"][i].get("flags", [])
            near = [j for j in (i - 1, i + 1) if 0 <= j < len(f["frames"])
                    and "dropped" in f["frames"][j].get("flags", [])]
            hits.append(("dropped" in fl, near, fl))
        counts = {}
        for fr in f["frames"]:
            for x in fr.get("flags", []):
                counts[x] = counts.get(x, 0) + 1
        row = [c["id"], ", ".join(map(str, tdrops)),
               "; ".join("%s%s (flags %s)" % ("yes" if h else "no",
                                               (", neighbour %s" % n) if n else "", "+".join(fl) or "none")
                         for h, n, fl in hits),
               ", ".join("%s %d" % kv for kv in sorted(counts.items())) or "-",
               "%+.3f" % (b["phaseErr"] * 1000), "%+.3f" % (b["rateErr"] * 100),
               ms(f["fit"].get("rmsTimingError")), ms(f["fit"].get("maxTimingError"))]
        if c["group"] == "drop":
            drop_n += len(tdrops)
            drop_found += sum(1 for h, _, _ in hits if h)
            drop_rows.append(row)
        else:
            drop_diag_rows.append(row)

    # ---------------- 6. free-D diagnostics ----------------
    freed_rows = []
    for c, t, f in results.values():
        if c["group"] != "diag-freeD":
            continue
        fit = f["fit"]
        D = fit["variables"].get("D")
        R = c["rate"]
        ratio_err = (fit["rate"] / D) / (R / SPINNER_D) - 1 if D else float("nan")
        params = {p["name"]: p for p in fit.get("parameters", [])}
        freed_rows.append([c["id"], R, "%.6f" % fit["rate"], "%+.3f" % ((fit["rate"] - R) / R * 100),
                           "%.5f" % D, "%+.4f" % (ratio_err * 100),
                           ", ".join("%s %s ±%s" % (n, "det." if p.get("determined") else "UNDET.",
                                                   "-" if p.get("standardError") is None
                                                   else "%.2g" % p["standardError"])
                                     for n, p in params.items() if n in ("rate", "D"))])

    # ---------------- 7. speed ----------------
    speed = []
    speed_ratio = []
    if args.speed and os.path.exists(args.speed):
        with open(args.speed) as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) >= 4:
                    speed.append(p)
        base = {}
        for gif, what, best, runs in speed:
            base.setdefault(gif, {})[what] = float(best)
        speed_ratio = [(m["fit"] / m["info"], gif) for gif, m in base.items()
                       if "info" in m and "fit" in m]

    # ---------------- targets ----------------
    targets = []

    def target(name, value, goal, ok, note=""):
        targets.append([name, value, goal, "PASS" if ok else "FAIL", note])
        if not ok:
            failures.append(name)

    n_pr = len(pr_rows)
    if n_pr:
        target("phase error (max over %d clean/jitter cases)" % n_pr,
               "%.3f ms (%s)" % (abs(worst_phase[0]) * 1000, worst_phase[1]), "≤ 2 ms",
               abs(worst_phase[0]) <= 0.002)
        target("rate error (max over %d cases)" % n_pr,
               "%.4f %% (%s)" % (abs(worst_rate[0]) * 100, worst_rate[1]), "≤ 0.2 %",
               abs(worst_rate[0]) <= 0.002)
    if worst_succ[1] is not None or succ_fail:
        target("success moment (payment, max)", "%.2f frame intervals (%s)" % worst_succ,
               "≤ 1 interval", not succ_fail)
    if tp + fn:
        target("late/early recall (%d injected, ±1…2 intervals)" % (tp + fn),
               "%.1f %% (%d/%d)" % (recall, tp, tp + fn), "≥ 95 %", recall >= 95)
        target("late/early precision", "%.1f %% (%d/%d)" % (precision, tp, tp + fp), "≥ 95 %",
               precision >= 95)
        target("timing magnitude within ±3 ms", "%d/%d; worst %+.2f ms (%s)%s" % (
            mag_ok, mag_n, mag_worst[0] * 1000, mag_worst[1],
            "; no timing error on %d" % len(mag_null) if mag_null else ""), "all", mag_ok == mag_n)
    if dup_n:
        target("duplicated frames found", "%d/%d" % (dup_found, dup_n), "all", dup_found == dup_n)
    if drop_n:
        target("dropped frames found (stored delay one interval)", "%d/%d" % (drop_found, drop_n),
               "all", drop_found == drop_n)
    if clean_frames:
        target("flags on clean renders (other than clampedDelay/unobservable)",
               "%d frames of %d" % (clean_flagged, clean_frames), "0", clean_flagged == 0)
    for ratio, gif in speed_ratio:
        target("speed: fit ÷ decode pass (%s)" % gif, "%.2f×" % ratio, "≤ 1.5×", ratio <= 1.5)
    if missing:
        target("cases that ran", "%d of %d missing" % (len(missing), len(cases)), "all", False,
               "; ".join("%s %s" % m for m in missing[:5]))

    # ---------------- write ----------------
    out.append("## Targets (issue 6)\n")
    out.append(md_table(["target", "measured", "goal", "verdict", "note"], targets))
    out.append("\n## Phase, rate and success moment on clean and jittered renders\n")
    out.append("Phase error in model ms (modulo D = 1.5 s for the loading spinner, 4 s for the "
               "payment ring; none for the Material spinner), and the same in GIF ms. "
               "Success: GIF-time error of (success − phase)/rate; raw = fitted − true variable.\n")
    out.append(md_table(["case", "rate", "frames", "interval (ms)", "true phase", "fit phase",
                         "phase err (ms)", "phase err GIF (ms)", "fit rate", "rate err (%)",
                         "variables", "success moment", "undetermined"], pr_rows))
    out.append("\n## Flags on clean renders\n")
    out.append("Frames with any flag other than clampedDelay/unobservable: index, flags (timing error "
               "ms; what the truth shows there or at a neighbour).\n")
    out.append(md_table(["case", "group", "frames", "flagged", "frames and flags", "allowed flags"],
                        clean_rows))
    out.append("\n## Late and early frames\n")
    out.append("Per injected amount (frame intervals; > 0 = captured late, so the picture is ahead "
               "and the fit should say `early`, timingError = −rate × S):\n")
    rows = []
    for key in sorted(by_amount):
        n, hit, mok, nulls, mx = by_amount[key]
        rows.append(["%+.1f" % key, n, "%d (%.0f %%)" % (hit, pct(hit, n)), "%d" % mok, nulls,
                     "%.2f" % (mx * 1000)])
    out.append(md_table(["amount (intervals)", "injected", "flagged right", "|Δt| ≤ 3 ms",
                         "no timing", "max |Δt| (ms)"], rows))
    for title, table, fmtk in (("model", by_model, str), ("rate", by_rate, str)):
        rows = []
        for key in sorted(table):
            n, hit, mok, nulls, mx = table[key]
            rows.append([fmtk(key), n, "%d (%.0f %%)" % (hit, pct(hit, n)), mok, nulls,
                         "%.2f" % (mx * 1000)])
        out.append("\nBy %s:\n" % title)
        out.append(md_table([title, "injected", "flagged right", "|Δt| ≤ 3 ms", "no timing",
                             "max |Δt| (ms)"], rows))
    out.append("\nMissed or wrong-direction injections (case, frame, amount, fit flag, fit "
               "timingError ms, flag threshold ms):\n")
    for cid, i, a, got, te, thr, why in miss_list:
        out.append("- %s frame %d, %+.1f int.: flag %s, timingError %s ms, threshold %s ms%s" % (
            cid, i, a, got or "none", ms(te, 3), ms(thr, 3), "" if why == "?" else "; truth: " + why))
    if not miss_list:
        out.append("- none")
    out.append("\nFalse late/early flags (late cases on frames not injected, and clean renders):\n")
    for cid, i, got, te, fl, why in fp_list[:40]:
        out.append("- %s frame %d: %s, timingError %s ms, flags %s; truth: %s" % (
            cid, i, got, ms(te, 3), "+".join(fl), why))
    if len(fp_list) > 40:
        out.append("- ... %d more" % (len(fp_list) - 40))
    if not fp_list:
        out.append("- none")
    out.append("\nSide effects in the late cases: flags on frames that were not injected: "
               "duplicate %d, dropped %d, outlier %d (by picture, %d frames there repeat the frame "
               "before and %d jump more than 1.5 intervals)." % (
                   side_flags["duplicate"], side_flags["dropped"], side_flags["outlier"],
                   side_expected["duplicate"], side_expected["dropped"]))
    out.append("\n## Duplicated frames\n")
    out.append(md_table(["case", "duplicates (truth)", "fit flags there / on the next frame",
                         "other flagged frames", "phase err (ms)", "rate err (%)"], dup_rows))
    out.append("\n## Dropped frames\n")
    out.append("Target form: `--drop F` with `--delays` holding 0 at F, so the stored delays stay "
               "one interval and the picture jumps two.\n")
    head = ["case", "drop before frame", "flagged `dropped`?", "all flags (count)",
            "phase err (ms)", "rate err (%)", "RMS timing (ms)", "max timing (ms)"]
    out.append(md_table(head, drop_rows))
    if drop_diag_rows:
        out.append("\nDiagnostics: `drop2-*` drops two consecutive frames (stored delays one interval, "
                   "the picture jumps three); `dropmerged-*` is the renderer's plain `--drop` (the delay "
                   "merged into the frame before, so the GIF's timing is right):\n")
        out.append(md_table(head, drop_diag_rows))
    if freed_rows:
        out.append("\n## Diagnostic: loading spinner with D fitted (not pinned)\n")
        out.append("Only rate ÷ D is visible in the picture: D and the rate trade off exactly.\n")
        out.append(md_table(["case", "true rate", "fit rate", "rate err (%)", "fit D",
                             "rate/D err (%)", "parameters"], freed_rows))
    if speed:
        out.append("\n## Speed\n")
        out.append(md_table(["GIF", "command", "best (s)", "runs (s)"], speed))
    if missing:
        out.append("\n## Cases that did not run\n")
        for cid, err in missing:
            out.append("- %s: %s" % (cid, err or "no output"))
    text = "\n".join(out) + "\n"
    with open(os.path.join(d, "report.md"), "w") as fh:
        fh.write(text)
    with open(os.path.join(d, "frames.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["case", "model", "rate", "frame", "amount_intervals", "delta_model_s",
                    "expected_flag", "fit_flag", "fit_timing_s", "expected_timing_s",
                    "timing_dev_s", "flag_threshold_s", "fit_flags"])
        w.writerows(inj_rows)
    sys.stdout.write(text)
    print("\n%d of %d targets failed" % (len(failures), len(targets)) if failures
          else "\nall %d targets passed" % len(targets), file=sys.stderr)
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--dir", required=True)
    p.add_argument("--quick", action="store_true")
    r = sub.add_parser("report")
    r.add_argument("--dir", required=True)
    r.add_argument("--speed")
    a = ap.parse_args()
    if a.cmd == "plan":
        plan(a)
        return 0
    return report(a)


if __name__ == "__main__":
    sys.exit(main())
