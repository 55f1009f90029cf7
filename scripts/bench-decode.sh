#!/usr/bin/env bash
# Decode-and-composite benchmark: strokescope against plain C on giflib.
#
#   scripts/bench-decode.sh [--quick] [--dir DIR] [--runs N] [--no-build] [--bin-dir DIR] [--no-record]
#
#   --no-build      use the existing release builds (.build/release/strokescope and strokescope-bench)
#   --bin-dir DIR   use strokescope and strokescope-bench from DIR (implies --no-build)
#   --no-record     write no results file
#
# 1. Installs what is missing (libgif-dev, libpng-dev, pkg-config, gcc, time for /usr/bin/time)
#    with apt-get when run as root, otherwise prints the apt-get command and stops.
# 2. Builds strokescope and strokescope-bench in release, and scripts/bench/decode_composite.c
#    (the same streaming decode + browser compositing written in C) with -O2.
# 3. Generates spinner screen recordings with strokescope-bench into DIR
#    (default /tmp/strokescope-bench; existing files are reused): 600×600 and 1000×1000, each at
#    600 and 2000 frames, each as full frames and as sub-rectangle delta frames.
# 4. Checks that both decoders composite byte-identical canvases (same checksum line).
# 5. Times `strokescope info FILE --format json` and the C program on each file: best wall
#    clock of 3 runs (--runs N), peak RSS from /usr/bin/time -v. Also times
#    `strokescope-bench decode` (GIFDecoder alone, no report), which tells the codec's share
#    from the CLI's when the ratio is off. Prints a Markdown table.
# 6. Checks the targets and exits non-zero if one is missed:
#      - strokescope takes at most 1.3× the C program's time on every file;
#      - strokescope's peak memory is the same (within 10 MB) at 600 and 2000 frames of the same
#        screen size and mode, i.e. memory does not grow with the frame count.
# 7. Writes the table and the targets, stamped, to docs/results/bench-decode.md
#    (scripts/lib/results.sh); a --quick run goes to out/results/bench-decode.md and leaves the
#    record alone, and fewer than 3 --runs is marked "short run".
#
# --quick uses 300×300 at 60 and 200 frames for a smoke run; there the times are dominated by
# process start-up, so the targets are printed but not enforced.
set -euo pipefail

caller_dir=$PWD
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/scripts/lib/results.sh"
results_begin bench-decode "$@"
WORK=/tmp/strokescope-bench
QUICK=0
RUNS=3
BUILD=1
BIN=""
RATIO_TARGET=1.3
MEMORY_TARGET_MB=10

while (($#)); do
    case $1 in
        --quick) QUICK=1 ;;
        --dir) WORK=${2:?--dir needs a directory}; shift ;;
        --runs) RUNS=${2:?--runs needs a number}; shift ;;
        --no-build) BUILD=0 ;;
        --bin-dir) BIN=${2:?--bin-dir needs a directory}; BUILD=0; shift ;;
        --no-record) results_no_record ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-decode.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
    shift
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench-decode.sh: --runs needs a whole number ≥ 1" >&2; exit 64; }
((QUICK == 0)) || results_partial "--quick: 300×300 files at 60 and 200 frames, targets not enforced"
((QUICK == 1 || RUNS >= 3)) || results_short "best of $RUNS run(s); the record takes the best of 3"

if ((QUICK)); then
    SIZES=(300)
    FRAME_COUNTS=(60 200)
else
    SIZES=(600 1000)
    FRAME_COUNTS=(600 2000)
fi
MODES=(full subrect)

# --- 1. Tools -------------------------------------------------------------------------------

# The project's build packages plus the C compiler and /usr/bin/time (the `time` package).
source "$ROOT/scripts/lib/install-deps.sh"
install_deps gcc time

# Absolute, since the rest runs from the repository root.
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

# --- 2. Builds ------------------------------------------------------------------------------

cd "$ROOT"
if ((BUILD)); then
    echo "== building (release)"
    # One product per invocation: `swift build` keeps only the last --product it is given.
    for product in strokescope strokescope-bench; do
        if ! swift build -c release --product "$product"; then
            echo "bench-decode.sh: the release build of $product failed" >&2
            exit 1
        fi
    done
    BIN=$(swift build -c release --show-bin-path)
    how=built
elif [[ -z $BIN ]]; then
    BIN=$ROOT/.build/release
    how=no-build
else
    case "$BIN" in /*) ;; *) BIN=$caller_dir/$BIN ;; esac
    how=given
fi
STROKESCOPE=$BIN/strokescope
GENERATOR=$BIN/strokescope-bench
for b in "$STROKESCOPE" "$GENERATOR"; do
    [[ -x $b ]] || { echo "bench-decode.sh: $b missing (build it or drop --no-build)" >&2; exit 66; }
done
results_binary "$STROKESCOPE" "$how"

BASELINE=$WORK/decode_composite
gcc -O2 -Wall -o "$BASELINE" scripts/bench/decode_composite.c -lgif

# --- 3. Test files --------------------------------------------------------------------------

FILES=()
for size in "${SIZES[@]}"; do
    for frames in "${FRAME_COUNTS[@]}"; do
        for mode in "${MODES[@]}"; do
            file=$WORK/spinner-${size}x${size}-${frames}-${mode}.gif
            FILES+=("$file")
            # The generator renames a finished file into place, so an existing one is complete.
            if [[ ! -f $file ]]; then
                echo "== generating $(basename "$file")"
                "$GENERATOR" generate --width "$size" --height "$size" --frames "$frames" --mode "$mode" -o "$file"
            fi
        done
    done
done

# --- 4. Same pixels -------------------------------------------------------------------------

declare -A FRAMES
echo "== checking that both decoders composite the same canvas"
for file in "${FILES[@]}"; do
    c_line=$("$BASELINE" "$file")
    swift_line=$("$GENERATOR" checksum "$file")
    if [[ $c_line != "$swift_line" ]]; then
        echo "bench-decode.sh: $(basename "$file"): decoders disagree" >&2
        echo "  C:     $c_line" >&2
        echo "  Swift: $swift_line" >&2
        exit 1
    fi
    echo "   $(basename "$file"): $c_line"
    FRAMES[$(basename "$file")]=$(awk '{ print $2 }' <<< "$c_line")
done

# --- 5. Timing ------------------------------------------------------------------------------

TIME_LOG=$WORK/time-v.txt

# run_once CMD...: runs CMD under /usr/bin/time -v; sets SECONDS_TAKEN (wall clock, measured
# here with nanosecond resolution; time -v prints only 1/100 s), CPU_TAKEN (user + system
# seconds, which other work on the machine disturbs much less) and PEAK_KB (maximum RSS).
run_once() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -v -o "$TIME_LOG" "$@" > /dev/null
    end=$(date +%s%N)
    SECONDS_TAKEN=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    CPU_TAKEN=$(awk -F': ' '/User time|System time/ { t += $2 } END { printf "%.2f", t }' "$TIME_LOG")
    PEAK_KB=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$TIME_LOG")
}

# min A B / max A B for decimals.
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b > a) ? b : a }'; }
mb() { awk -v kb="$1" 'BEGIN { printf "%.1f", kb * 1024 / 1e6 }'; }

# Other work on the machine makes wall-clock times noisy; say so next to the figures. The load
# average would count this script's own build and checks, so sample the CPUs for one second.
cpu_sample() { awk '/^cpu / { print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6 }' /proc/stat; }
read -r total0 idle0 <<< "$(cpu_sample)"
sleep 1
read -r total1 idle1 <<< "$(cpu_sample)"
busy=$(awk -v t="$((total1 - total0))" -v i="$((idle1 - idle0))" 'BEGIN { printf "%d", (t > 0 ? 100 * (t - i) / t : 0) }')
cores=$(nproc)
echo "== machine: $cores cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), CPUs ${busy}% busy before timing"
if ((busy > 20)); then
    echo "   warning: other processes are using ${busy}% of the CPUs; times may be noisy" >&2
fi

declare -A C_SECONDS SWIFT_SECONDS C_PEAK SWIFT_PEAK DECODER_SECONDS C_CPU SWIFT_CPU
echo "== timing (best of $RUNS; runs alternate between the programs so drift hits all alike)"
for file in "${FILES[@]}"; do
    name=$(basename "$file")
    for ((run = 0; run < RUNS; run++)); do
        run_once "$BASELINE" "$file"
        C_SECONDS[$name]=$(min "${C_SECONDS[$name]:-}" "$SECONDS_TAKEN")
        C_PEAK[$name]=$(max "${C_PEAK[$name]:-}" "$PEAK_KB")
        C_CPU[$name]=$(min "${C_CPU[$name]:-}" "$CPU_TAKEN")
        run_once "$STROKESCOPE" info "$file" --format json
        SWIFT_SECONDS[$name]=$(min "${SWIFT_SECONDS[$name]:-}" "$SECONDS_TAKEN")
        SWIFT_PEAK[$name]=$(max "${SWIFT_PEAK[$name]:-}" "$PEAK_KB")
        SWIFT_CPU[$name]=$(min "${SWIFT_CPU[$name]:-}" "$CPU_TAKEN")
        run_once "$GENERATOR" decode "$file"
        DECODER_SECONDS[$name]=$(min "${DECODER_SECONDS[$name]:-}" "$SECONDS_TAKEN")
    done
    echo "   $name: C ${C_SECONDS[$name]} s, strokescope ${SWIFT_SECONDS[$name]} s, GIFDecoder alone ${DECODER_SECONDS[$name]} s"
done

echo
# The last two columns are diagnostics: GIFDecoder without the CLI (wall clock), and the ratio
# of CPU time (user + system, best run), which stays meaningful on a busy machine.
table() {
echo "| file | size MB | frames | C s | strokescope s | ratio | C peak MB | strokescope peak MB | GIFDecoder alone s | CPU-time ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for file in "${FILES[@]}"; do
    name=$(basename "$file")
    size=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1e6 }')
    ratio=$(awk -v s="${SWIFT_SECONDS[$name]}" -v c="${C_SECONDS[$name]}" 'BEGIN { printf "%.2f", s / c }')
    # CPU times have 1/100 s resolution; the ratio is "n/a" when the C time rounds to zero.
    cpu_ratio=$(awk -v s="${SWIFT_CPU[$name]}" -v c="${C_CPU[$name]}" \
        'BEGIN { if (c > 0) printf "%.2f×", s / c; else print "n/a" }')
    printf '| %s | %s | %s | %s | %s | %s× | %s | %s | %s | %s |\n' "$name" "$size" "${FRAMES[$name]}" \
        "${C_SECONDS[$name]}" "${SWIFT_SECONDS[$name]}" "$ratio" "$(mb "${C_PEAK[$name]}")" "$(mb "${SWIFT_PEAK[$name]}")" \
        "${DECODER_SECONDS[$name]}" "$cpu_ratio"
done
}
table | tee "$WORK/table.md"

# --- 6. Targets -----------------------------------------------------------------------------

echo
failed=0
TARGETS=$WORK/targets.md
printf '| target | verdict |\n|---|---|\n' > "$TARGETS"
check() { # check OK|MISSED TEXT
    echo "   [$1] $2"
    echo "| $2 | $([[ $1 == OK ]] && echo met || echo '**missed**') |" >> "$TARGETS"
    [[ $1 == OK ]] || failed=1
}
echo "== targets"
for file in "${FILES[@]}"; do
    name=$(basename "$file")
    ratio=$(awk -v s="${SWIFT_SECONDS[$name]}" -v c="${C_SECONDS[$name]}" 'BEGIN { printf "%.2f", s / c }')
    # Judged on the unrounded ratio.
    verdict=$(awk -v s="${SWIFT_SECONDS[$name]}" -v c="${C_SECONDS[$name]}" -v t="$RATIO_TARGET" \
        'BEGIN { print (s <= t * c) ? "OK" : "MISSED" }')
    check "$verdict" "time ratio ≤ ${RATIO_TARGET}× on $name: ${ratio}×"
done
low=${FRAME_COUNTS[0]} high=${FRAME_COUNTS[1]}
for size in "${SIZES[@]}"; do
    for mode in "${MODES[@]}"; do
        a=spinner-${size}x${size}-${low}-${mode}.gif b=spinner-${size}x${size}-${high}-${mode}.gif
        diff=$(awk -v a="${SWIFT_PEAK[$a]}" -v b="${SWIFT_PEAK[$b]}" \
            'BEGIN { d = (b - a) * 1024 / 1e6; if (d < 0) d = -d; printf "%.1f", d }')
        verdict=$(awk -v d="$diff" -v t="$MEMORY_TARGET_MB" 'BEGIN { print (d <= t) ? "OK" : "MISSED" }')
        check "$verdict" "peak memory ${size}×${size} ${mode}, ${low} vs ${high} frames within ${MEMORY_TARGET_MB} MB: $(mb "${SWIFT_PEAK[$a]}") vs $(mb "${SWIFT_PEAK[$b]}") MB (Δ ${diff} MB)"
    done
done

{
    echo "## Results (best of $RUNS)"
    echo
    cat "$WORK/table.md"
    echo
    echo "## Targets"
    echo
    cat "$TARGETS"
} > "$WORK/results-body.md"
results_note "CPUs ${busy}% busy in the second before the timing began (after the builds and checks)."
results_write "Decode and composite against C on giflib (scripts/bench-decode.sh)" "$WORK/results-body.md" <<'EOF'
`strokescope info FILE --format json` (the decode-and-composite pass) against
scripts/bench/decode_composite.c, the same streaming decode and browser compositing written in C
on giflib (gcc -O2), on spinner screen recordings made by `strokescope-bench generate`:
600×600 and 1000×1000, each at 600 and 2000 frames, each as full frames and as sub-rectangle
delta frames. Both decoders must composite byte-identical canvases first (the same checksum).

Columns: best wall clock of the runs (alternating between the programs) for C and strokescope,
their **ratio**, peak RSS of each (/usr/bin/time -v), and two diagnostics: `strokescope-bench
decode` (GIFDecoder alone, no CLI or report) and the ratio of CPU time (user + system, best run),
which stays meaningful on a busy machine.

Targets: strokescope takes at most 1.3× the C program's time on every file; its peak memory is the
same within 10 MB at 600 and 2000 frames of one screen size and mode (memory does not grow with
the frame count). The script exits 1 when one is missed. Wall clock: record on an idle machine.
EOF

if ((QUICK)); then
    echo "== smoke run (--quick): targets not enforced"
    exit 0
fi
if ((failed)); then
    echo "== a target was missed"
    exit 1
fi
echo "== all targets met"
