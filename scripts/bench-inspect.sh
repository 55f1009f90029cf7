#!/usr/bin/env bash
# inspect against its decode pass (issue 5: at most 1.25x), wall clock, best of N runs, with
# inspect's peak memory, on the decode benchmark's spinner files (600x600: 600 full frames,
# 2000 full frames, 2000 sub-rectangle delta frames).
#
# Usage: scripts/bench-inspect.sh [--runs N] [--dir DIR] [--no-build]
#   --runs N    runs per command (default 3)
#   --dir DIR   where scripts/bench-decode.sh keeps its GIFs (default /tmp/strokescope-bench);
#               missing files are generated with strokescope-bench as it does
#   --no-build  use the existing release binaries
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
dir=/tmp/strokescope-bench
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift ;;
        --dir) dir="$2"; shift ;;
        --no-build) build=0 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done
source scripts/lib/install-deps.sh
install_deps time
if [ "$build" = 1 ]; then
    swift build -c release --product strokescope >&2
    swift build -c release --product strokescope-bench >&2
fi
bin=.build/release/strokescope
mkdir -p "$dir"
files=(spinner-600x600-600-full spinner-600x600-2000-full spinner-600x600-2000-subrect)
for f in "${files[@]}"; do
    [ -f "$dir/$f.gif" ] && continue
    IFS=- read -r _ size frames mode <<<"$f"
    echo "generating $f.gif ..." >&2
    .build/release/strokescope-bench generate --width "${size%x*}" --height "${size#*x}" --frames "$frames" --mode "$mode" -o "$dir/$f.gif" >&2
done

best() {  # best wall clock of $runs runs of the command, seconds
    local b="" t0 t1 d i
    for ((i = 0; i < runs; i++)); do
        t0=$EPOCHREALTIME
        "$@" >/dev/null
        t1=$EPOCHREALTIME
        d=$(python3 -c "print('%.3f' % ($t1 - $t0))")
        if [ -z "$b" ] || python3 -c "import sys; sys.exit(0 if $d < $b else 1)"; then b=$d; fi
    done
    echo "$b"
}

status=0
echo "| file | info | inspect | ratio | target 1.25× | inspect peak |"
echo "|---|---:|---:|---:|---|---:|"
for f in "${files[@]}"; do
    gif="$dir/$f.gif"
    i=$(best "$bin" info "$gif" --format json)
    s=$(best "$bin" inspect "$gif" --format json)
    peak=$(/usr/bin/time -f %M "$bin" inspect "$gif" --format json 2>&1 >/dev/null | tail -1)
    ratio=$(python3 -c "print('%.2f' % ($s / $i))")
    verdict=$(python3 -c "print('met' if $s <= 1.25 * $i else '**missed**')")
    [ "$verdict" = met ] || status=1
    echo "| $f.gif | $i s | $s s | ${ratio}× | $verdict | $(python3 -c "print('%.1f' % ($peak / 1024))") MB |"
done
exit "$status"
