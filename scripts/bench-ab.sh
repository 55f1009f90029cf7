#!/usr/bin/env bash
# Two strokescope builds side by side on one GIF: `info` (the decode pass) and `inspect` (or
# `fit`) of each, interleaved run by run so that drift on a shared machine hits both alike.
# Prints the median and best wall clock of each, the command over `info` (issue 5's ratio for
# `inspect`), the peak memory of each (the largest maximum RSS of three runs, as bench.sh takes
# it), and each build's start-up (`--version`: median time, resident memory).
#
# Usage: scripts/bench-ab.sh [--runs N] [--command inspect|fit] [--record] FILE.gif BIN_A BIN_B [ARGS...]
#   --runs N      rounds (default 15); each round runs info (A), the command with A, then B
#   --command C   inspect (default) or fit; ARGS go to it (fit needs --model M.json)
#   --record      also write the table, stamped, to docs/results/bench-ab.md (scripts/lib/results.sh;
#                 off by default: a comparison is ad hoc, recorded only when it is worth keeping)
# Example, a change against main:
#   git worktree add /tmp/before main && (cd /tmp/before && swift build -c release --product strokescope)
#   scripts/bench-ab.sh /tmp/strokescope-bench/spinner-600x600-2000-subrect.gif \
#       /tmp/before/.build/release/strokescope .build/release/strokescope
set -euo pipefail
source "$(dirname "$0")/lib/results.sh"
record=0
for arg in "$@"; do [ "$arg" = --record ] && record=1; done
[ "$record" = 1 ] && results_begin bench-ab "$@"
runs=15
command=inspect
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --command) command="$2"; shift 2 ;;
        --record) shift ;;
        *) break ;;
    esac
done
case "$command" in inspect|fit) ;; *) echo "bench-ab.sh: --command must be inspect or fit" >&2; exit 2 ;; esac
if [ $# -lt 3 ]; then sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
file="$1" a="$2" b="$3"; shift 3
for f in "$file" "$a" "$b"; do [ -e "$f" ] || { echo "bench-ab.sh: $f: no such file" >&2; exit 2; }; done
out=$(mktemp "${TMPDIR:-/tmp}/bench-ab.XXXXXX")
trap 'rm -f "$out" "$out.md"' EXIT
python3 - "$runs" "$command" "$file" "$a" "$b" "$@" <<'PY' | tee "$out"
import resource, statistics, subprocess, sys, time
runs, command, gif, a, b, extra = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]

def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t

def peak_mb(cmd, runs=3):
    peaks = []
    for _ in range(runs):
        out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        peaks.append(int(out.stderr.strip().splitlines()[-1]) / 1024)
    return max(peaks)

runs_of = {"info": [], "A": [], "B": []}
for _ in range(runs):
    runs_of["info"].append(timed([a, "info", gif, "--format", "json"]))
    runs_of["A"].append(timed([a, command, gif, "--format", "json"] + extra))
    runs_of["B"].append(timed([b, command, gif, "--format", "json"] + extra))
info_med, info_best = statistics.median(runs_of["info"]), min(runs_of["info"])
print(f"{runs} interleaved rounds on {gif}")
print("| command | median s | best s | median / info | best / info | peak MB |")
print("|---|---:|---:|---:|---:|---:|")
print(f"| info (A) | {info_med:.4f} | {info_best:.4f} | | | {peak_mb([a, 'info', gif, '--format', 'json']):.1f} |")
for k, binary in (("A", a), ("B", b)):
    v = runs_of[k]
    print(f"| {command} {k} | {statistics.median(v):.4f} | {min(v):.4f} | {statistics.median(v) / info_med:.3f}× | {min(v) / info_best:.3f}× "
          f"| {peak_mb([binary, command, gif, '--format', 'json'] + extra):.1f} |")
for k, binary in (("A", a), ("B", b)):
    starts = [timed([binary, "--version"]) for _ in range(40)]
    print(f"start-up {k}: median {statistics.median(starts) * 1000:.2f} ms, {peak_mb([binary, '--version']):.1f} MB resident")
PY
[ "$record" = 1 ] || exit 0
{
    echo "## Results"
    echo
    echo "- A: \`$a\` (sha256 $(sha256sum "$a" | cut -c1-12)…)"
    echo "- B: \`$b\` (sha256 $(sha256sum "$b" | cut -c1-12)…)"
    echo
    sed -n '1p' "$out"
    echo
    sed -n '2,$p' "$out" | sed '/^start-up/s/^/- /; /^- start-up A/s/^/\n/'
} > "$out.md"
results_write "Two builds side by side (scripts/bench-ab.sh --record)" "$out.md" <<'EOF'
An ad hoc comparison of two strokescope builds on one GIF, kept because it was worth keeping:
`info` (the decode pass, build A) and the command (`inspect` or `fit`) of each build, interleaved
round by round so that drift on a shared machine hits both alike. Median and best wall clock,
each over `info` (for `inspect`, issue 5's ratio: at most 1.25×), peak memory (the largest
maximum RSS of three runs) and each build's start-up (`--version`). Only the latest recorded
comparison is kept; the command above names the file and both binaries.
EOF
