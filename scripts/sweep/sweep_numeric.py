#!/usr/bin/env python3
"""Sets every numeric field of the given models to each extreme value and runs the model-taking
commands on the result; counts crashes (signals, internal errors), hangs and undefined exits.

Called by scripts/sweep-numeric.sh, which builds the binary and writes docs/results/. Prints
a Markdown body (the results tables) on stdout; progress on stderr.

A numeric field is a JSON number, or a string in a place that takes an expression (every string
whose key is not one of the format's words: names, colours, key paths, modes). JSON cannot hold
infinities or NaN; the format's expressions can: "1/0", "0/0", "-1/0".
"""
import argparse
import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

# The extreme values, as the text written into the model (raw JSON number text or an expression).
VALUES = [
    ("0", "0"), ("-0", "-0"), ("5e-324", "5e-324"), ("1e-300", "1e-300"), ("-1", "-1"),
    ("1e308", "1e308"), ("-1e308", "-1e308"), ("1e19", "1e19"), ("2^63", "9223372036854775808"),
    ("1e-9", "1e-9"), ("1/0", '"1/0"'), ("0/0", '"0/0"'), ("-1/0", '"-1/0"'),
]

# Keys whose string values are words of the format, not expressions.
WORD_KEYS = {"format", "name", "comment", "type", "keyPath", "timingFunction", "fillMode",
             "calculationMode", "lineCap", "lineJoin", "strokeColor", "fillColor", "key", "layer",
             "timingFunctions"}

# Exit codes CLI-CONTRACT.md defines for these runs (1 is check's; 64 would be a wrong command
# line, which the sweep never writes, so it counts as undefined here).
DEFINED = {0, 65, 66, 73, 74}


def numeric_paths(value, path=(), key=None):
    """Every path (a tuple of keys and indices) to a numeric field."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        yield path
    elif isinstance(value, str):
        if key not in WORD_KEYS:
            yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from numeric_paths(v, path + (k,), k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            # A keyframe animation's timingFunctions hold names or control-point arrays.
            yield from numeric_paths(v, path + (i,), None if key == "timingFunctions" and isinstance(v, list) else key)


def path_text(path):
    text = ""
    for p in path:
        text += "[%d]" % p if isinstance(p, int) else ("." if text else "") + p
    return text


MARK = "\u0000SWEEP\u0000"


def mutated(document, path, raw):
    """The model's JSON text with the field at `path` replaced by the raw text `raw`."""
    copy = json.loads(json.dumps(document))
    target = copy
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = MARK
    return json.dumps(copy, indent=1).replace(json.dumps(MARK), raw)


def gif_for(model_path, default_gif):
    """A render of the model beside it (MODEL.gif), the bundled fixture named for it, or the default."""
    beside = os.path.splitext(model_path)[0] + ".gif"
    if os.path.exists(beside):
        return beside
    name = os.path.basename(model_path)
    pairs = [("loading-spinner", "fixtures/render/spinner-1x-4cs-32-delta.gif"),
             ("payment-success", "fixtures/render/payment-1x-4cs-spoiled.gif"),
             ("progress-beside-track", "fixtures/render/progress-border-1x-4cs.gif"),
             ("progress-over-track", "fixtures/render/progress-track-1x-4cs.gif")]
    for prefix, gif in pairs:
        if name.startswith(prefix) and os.path.exists(gif):
            return gif
    return default_gif


def commands(binary, model, gif, work):
    out = os.path.join(work, "out.gif")
    sheet = os.path.join(work, "sheet.png")
    return {
        "model": [binary, "model", model, "--to", "3", "--step", "0.1", "--format", "csv"],
        "render": [binary, "render", model, "-o", out, "--force", "--duration", "1", "--delay-cs", "10", "--quiet"],
        "fit": [binary, "fit", gif, "--model", model, "--format", "csv", "--quiet"],
        "inspect --model": [binary, "inspect", gif, "--model", model, "--format", "csv", "--quiet"],
        "frames --model": [binary, "frames", gif, "--sheet", sheet, "--model", model, "--force", "--quiet"],
    }


def run_one(job):
    binary, model_name, model_text, field, value_name, command, gif, timeout = job
    with tempfile.TemporaryDirectory(prefix="sweep-") as work:
        model = os.path.join(work, "model.json")
        with open(model, "w") as f:
            f.write(model_text)
        argv = commands(binary, model, gif, work)[command]
        started = time.monotonic()
        try:
            p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
            code, err = p.returncode, p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            code, err = None, ""
        took = time.monotonic() - started
    errors = [l for l in err.splitlines() if l.startswith("error:")]
    if code is None:
        outcome = "hang"
    elif code < 0 or code >= 128:
        outcome = "crash"
    elif code == 70:
        outcome = "internal"
    elif code not in DEFINED:
        outcome = "undefined"
    elif code != 0 and len(errors) != 1:
        outcome = "message"  # a failure must say what is wrong in exactly one line
    else:
        outcome = "ok"
    detail = ""
    if outcome == "crash":
        detail = "signal %s" % signal.Signals(-code).name if code < 0 else "exit %d" % code
    elif outcome in ("internal", "undefined", "message"):
        detail = "exit %d: %s" % (code, (errors[0] if errors else err.strip().splitlines()[-1:] or [""])[0][:160])
    return (model_name, field, value_name, command, code, outcome, detail, took)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--commands", default="model,render,fit,inspect --model,frames --model")
    ap.add_argument("--default-gif", default="fixtures/render/spinner-1x-4cs-32-delta.gif")
    ap.add_argument("models", nargs="+")
    a = ap.parse_args()
    wanted = [c.strip() for c in a.commands.split(",")]

    jobs = []
    fields_per_model = {}
    for model_path in a.models:
        document = json.load(open(model_path))
        name = os.path.basename(model_path)
        gif = gif_for(model_path, a.default_gif)
        paths = list(numeric_paths(document))
        fields_per_model[name] = (len(paths), gif)
        for path in paths:
            for value_name, raw in VALUES:
                text = mutated(document, path, raw)
                for command in wanted:
                    jobs.append((a.bin, name, text, path_text(path), value_name, command, gif, a.timeout))

    print("sweep: %d runs (%d models, %d values, %d commands) on %d jobs" %
          (len(jobs), len(a.models), len(VALUES), len(wanted), a.jobs), file=sys.stderr)
    results = []
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for i, r in enumerate(pool.map(run_one, jobs)):
            results.append(r)
            if r[5] != "ok":
                print("  %s %s = %s, %s: %s %s" % (r[0], r[1], r[2], r[3], r[5], r[6]), file=sys.stderr)
            if (i + 1) % 200 == 0:
                print("  %d/%d (%.0f s)" % (i + 1, len(jobs), time.monotonic() - started), file=sys.stderr)

    kinds = ["crash", "hang", "internal", "undefined", "message"]
    count = {k: sum(1 for r in results if r[5] == k) for k in kinds}
    exits = {}
    for r in results:
        exits[r[4]] = exits.get(r[4], 0) + 1
    slowest = max(results, key=lambda r: r[7]) if results else None

    print("## Models\n")
    print("| model | numeric fields | GIF for fit, inspect, frames |")
    print("| --- | --- | --- |")
    for name, (n, gif) in fields_per_model.items():
        print("| `%s` | %d | `%s` |" % (name, n, gif))
    print("\n## Totals\n")
    print("| runs | crashes (signal) | hangs (> %g s) | internal errors (70) | undefined exit codes | failures without exactly one `error:` line |" % a.timeout)
    print("| --- | --- | --- | --- | --- | --- |")
    print("| %d | %d | %d | %d | %d | %d |" % (len(results), count["crash"], count["hang"], count["internal"], count["undefined"], count["message"]))
    print("\nExit codes: " + ", ".join("%s: %d" % ("timeout" if k is None else k, v) for k, v in sorted(exits.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))) + ".")
    if slowest:
        print("Slowest run: %.1f s (`%s` %s = %s, `%s`)." % (slowest[7], slowest[0], slowest[1], slowest[2], slowest[3]))
    print("\n## Per command\n")
    print("| command | runs | exit 0 | exit 65 | other defined | crashes | hangs | other failures |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for c in wanted:
        rs = [r for r in results if r[3] == c]
        print("| `%s` | %d | %d | %d | %d | %d | %d | %d |" % (
            c, len(rs), sum(r[4] == 0 for r in rs), sum(r[4] == 65 for r in rs),
            sum(r[4] in (66, 73, 74) for r in rs), sum(r[5] == "crash" for r in rs),
            sum(r[5] == "hang" for r in rs), sum(r[5] in ("internal", "undefined", "message") for r in rs)))
    bad = [r for r in results if r[5] != "ok"]
    if bad:
        print("\n## Failing runs\n")
        print("| model | field | value | command | outcome |")
        print("| --- | --- | --- | --- | --- |")
        for r in bad[:400]:
            print("| `%s` | `%s` | %s | `%s` | %s %s |" % (r[0], r[1], r[2], r[3], r[5], r[6].replace("|", "\\|")))
        if len(bad) > 400:
            print("\n(%d more not listed)" % (len(bad) - 400))
    print("\nVerdict: %s." % ("PASS: 0 crashes, 0 hangs, every failure a defined exit code with one `error:` line" if not bad else
                              "FAIL: %d crash(es), %d hang(s), %d other" % (count["crash"], count["hang"], len(bad) - count["crash"] - count["hang"])))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
