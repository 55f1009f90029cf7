#!/usr/bin/env python3
"""Scores `strokescope infer` on renders of known models (scripts/bench-infer.sh).

Per case: the inferred model and the true model are both evaluated with `strokescope model
--format json` over one true period at 5 ms steps; the inferred curve is shifted in time (and, for a
turning ring, in angle) to line up best, and the p95 of the on-screen angle difference of the two
ends is the case's curve error. Durations are compared as the inferred cycle against the true one.
"""
import json, subprocess, sys

def angles(binary, model, start, end, step=0.005, sets=()):
    cmd = [binary, "model", model, "--from", str(start), "--to", str(end), "--step", str(step), "--format", "json"]
    for s in sets:
        cmd += ["--set", s]
    out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    rows = []
    for s in out["samples"]:
        l = s["layers"][0]
        rows.append((l.get("startAngle"), l.get("endAngle"), l["state"]))
    return rows

def diff(a, b):
    d = abs(a - b) % 360
    return min(d, 360 - d)

def score(binary, truth_model, sets, period, inferred_model, rotating):
    n = int(round(period / 0.005))
    truth = angles(binary, truth_model, 10 * period, 11 * period - 0.005, sets=sets)[:n]
    inf = angles(binary, inferred_model, 0, 2 * period, sets=())
    best = None
    for shift in range(0, n):
        errs = []
        offsets = []
        for i in range(0, n, 4):
            t, m = truth[i], inf[i + shift]
            if t[0] is None or m[0] is None:
                continue
            offsets.append(((m[0] - t[0] + 180) % 360) - 180)
        off = sorted(offsets)[len(offsets) // 2] if (rotating and offsets) else 0
        for i in range(0, n, 4):
            t, m = truth[i], inf[i + shift]
            if t[0] is None or m[0] is None:
                if (t[2] == "arc") != (m[2] == "arc"):
                    errs.append(0.0 if t[2] == m[2] else 30.0)
                continue
            errs.append(max(diff(t[0] + off, m[0]), diff(t[1] + off, m[1])))
        errs.sort()
        p95 = errs[int(0.95 * (len(errs) - 1))] if errs else 999
        if best is None or p95 < best[0]:
            best = (p95, shift * 0.005)
    return best

if __name__ == "__main__":
    binary, truth_model, sets, period, inferred, rotating = sys.argv[1], sys.argv[2], [s for s in sys.argv[3].split(",") if s], float(sys.argv[4]), sys.argv[5], sys.argv[6] == "1"
    p95, shift = score(binary, truth_model, sets, period, inferred, rotating)
    m = json.load(open(inferred))
    group = m["layers"][0]["animations"][-1]
    print(f"{p95:.3f}\t{group['duration']}")
