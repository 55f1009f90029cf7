#!/usr/bin/env bash
# Proves that two builds of strokescope give byte-identical output: runs a fixed list of command
# lines with each and compares, for every run, stdout, stderr, the exit code and every file the
# command wrote (PNG frames and contact sheets, SVG plots, HTML reports, overlay and rendered GIFs,
# truth JSON, JUnit XML, inferred models, Swift and Objective-C). For refactors that must not change
# a byte.
#
# Usage: scripts/compare-builds.sh [--quick] [--keep DIR] [--list] OLD NEW
#   OLD, NEW    each a path to a strokescope binary, or a git revision of this repository: the
#               revision is checked out in a temporary `git worktree` under /tmp, built with
#               `swift build -c release`, and its strokescope and strokescope-bench are kept in
#               the cache folder under the commit hash (a second run of the same commit does not
#               build); the worktree and its registration are removed afterwards.
#   --quick     skip the bench files and the slowest runs (marked "slow" in --list)
#   --keep DIR  keep every run's outputs under DIR (DIR/old/ID, DIR/new/ID) instead of deleting
#   --list      print the command lines (ID, "slow" or "-", arguments) and exit
#   Environment: STROKESCOPE_COMPARE_CACHE, the cache folder (default
#   ${XDG_CACHE_HOME:-$HOME/.cache}/strokescope-compare): builds/HASH/ and bench/.
#
# Time on this project's 2-core machine with other builds running: a full run about 7 minutes
# (352 command lines, 1283 outputs), --quick about 2 (287 lines, 1043 outputs); building a revision
# that is not cached adds 2-6 minutes.
#
# Prints one line per differing output (`DIFF ID:OUTPUT ...` with the first differing line or
# byte of each side), then `N outputs compared, N identical, N differ`. Exit 0 when every output
# is identical, 1 when one differs, 2 on a usage or build error.
#
# Inputs (all read, never written): fixtures/gif/*.gif and fixtures/render/*.gif (the render
# fixtures with the model that made them, per fixtures/render/suite.txt), fixtures/models/*.json,
# a truncated copy of fixtures/gif/rotating-arc.gif made here (--lenient and the 65 error path),
# the real-world GIFs and models at ../shared/realworld relative to the repository root (skipped
# with a note when absent; GIF NAME.gif or derived/NAME.gif goes with models/NAME.json, as in
# its MANIFEST.md and scripts/realworld-fit.sh), and, without --quick, two bench files that
# scripts/bench-inspect.sh and scripts/bench-decode.sh use (strokescope-bench generate: 600x600
# 2000 sub-rectangle frames, 1000x1000 600 full frames), generated once into the cache by OLD's
# strokescope-bench (else NEW's, else one built from this checkout's HEAD); they are inputs, so
# either build's generator will do. Every run's working directory is a fresh scratch folder with
# a symlink `in` to the inputs, so paths in the output (in/fixtures/...) are the same for both
# binaries. STROKESCOPE_DECODING_THREAD is removed from the environment of every run except the
# cases that set it; stdin is /dev/null; each run is stopped after 15 minutes (exit 124).
#
# The command lines (see --list for the exact ones):
#   help and --version; usage errors (64), a missing file (66), a non-GIF and a truncated GIF
#     (65), --lenient on the truncated GIF
#   info: --format json on every GIF (fixtures, real world, bench); batches over folders in
#     table, CSV and Markdown; --delay-policy browser/ffmpeg, --fps
#   frames: -o (every frame as PNG) and --sheet (--every, --columns, --thumb,
#     --no-checkerboard, --model, --rate)
#   model: --format json --svg on every model file; table on every model file; CSV, Markdown,
#     --set, --from/--to/--step, --exact-arclength
#   render: every line of fixtures/render/suite.txt and each fixtures model with its defaults,
#     all with --truth; dithering, palettes, backgrounds, --loop, --fps; the real-world models
#   inspect: --format json on every GIF without a model, and with its model where it has one;
#     --html --svg --overlay; table, CSV, Markdown; --circle, --region, --cap, --scale/--origin,
#     --fps, --delay-policy; batches (--jobs 1 and the default); the decoding thread on and off
#   fit: every render fixture with its model (JSON, and table with --rate 1); every run of
#     scripts/realworld-fit.sh but the one that needs its scratch model; --html --svg --overlay;
#     thresholds (exit 1), --any-rate, --set, CSV, Markdown, a batch folder
#   check: batch folders with --junit, --reference, a real-world GIF with --any-rate
#   infer: model to stdout, -o with --emit model, swift and objc, --exact, --name, report
#     formats; recordings too short for a cycle (65)
#   bench files (not with --quick): info, inspect (the decoding thread by default, and off),
#     frames --sheet --every; fit of the loading spinner on the 600x600 file
#
# Normalised before comparing (kept minimal; everything else is compared byte for byte):
#   - JUnit XML (check --junit): the time="..." attributes are wall-clock seconds per file and
#     in total, measured while checking, so they differ from run to run of the same binary; they
#     become time="T". Nothing else in the XML is touched.
#   Not normalised: the version string (`--version`, 0.1.0) is a constant in the source, not
#   derived from the build (no commit hash, no build date), so it cannot differ between two
#   builds of one version; paths in the output are the same relative paths for both binaries.
#   The self-comparison `scripts/compare-builds.sh B B` of one binary must report every output
#   identical: that is the check that nothing else is nondeterministic.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
fail() { echo "compare-builds: $*" >&2; exit 2; }

quick=0 keep="" list=0
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1 ;;
        --keep) [ $# -ge 2 ] || fail "--keep needs a folder"; keep="$2"; shift ;;
        --list) list=1 ;;
        -h|--help) usage; exit 0 ;;
        -*) fail "unknown option '$1' (see --help)" ;;
        *) args+=("$1") ;;
    esac
    shift
done
if [ "$list" = 0 ] && [ "${#args[@]}" -ne 2 ]; then
    echo "usage: scripts/compare-builds.sh [--quick] [--keep DIR] [--list] OLD NEW (see --help)" >&2
    exit 2
fi

cache="${STROKESCOPE_COMPARE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/strokescope-compare}"
realworld="$ROOT/../shared/realworld"
started=$(date +%s)

# --- Temporary folders and worktrees, removed on every exit --------------------------------

work="" worktree=""
cleanup() {
    if [ -n "$worktree" ]; then
        git -C "$ROOT" worktree remove --force "$worktree" 2>/dev/null || rm -rf "$worktree"
        git -C "$ROOT" worktree prune 2>/dev/null || true
    fi
    if [ -n "$work" ] && [ -z "$keep" ]; then rm -rf "$work"; fi
    if [ -n "${buildtmp:-}" ]; then rm -rf "$buildtmp"; fi
}
trap cleanup EXIT
trap 'exit 2' INT TERM HUP

# --- The command lines ----------------------------------------------------------------------

# Paths as the runs see them (relative to each run's scratch folder).
F=in/fixtures R=in/realworld M=in/realworld/models B=in/bench MADE=in/made
FM=in/fixtures/models
ids=() lines=() slows=()
declare -A seen=()
add_case() {  # [slow] ID ARGUMENT...   (arguments are split on spaces when run: no spaces in paths)
    local slow=0
    if [ "$1" = slow ]; then slow=1; shift; fi
    local id="$1"
    shift
    [[ "$id" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "compare-builds: bad case id '$id'" >&2; exit 2; }
    [ -z "${seen[$id]:-}" ] || { echo "compare-builds: duplicate case id $id" >&2; exit 2; }
    seen[$id]=1
    ids+=("$id")
    lines+=("$*")
    slows+=("$slow")
}

have_realworld=0
[ -d "$realworld" ] && [ -d "$realworld/models" ] && have_realworld=1
fixture_gifs=()
for g in "$ROOT"/fixtures/gif/*.gif "$ROOT"/fixtures/render/*.gif; do
    fixture_gifs+=("${g#"$ROOT"/fixtures/}")
done
# Render fixtures: NAME MODEL ARGUMENTS from suite.txt.
suite_names=() suite_models=() suite_args=()
while IFS='|' read -r name model rargs _; do
    read -r name <<< "$name"; read -r model <<< "$model"; read -r rargs <<< "$rargs"  # trimmed
    suite_names+=("$name") suite_models+=("$model") suite_args+=("$rargs")
done < <(grep -v '^#' "$ROOT/fixtures/render/suite.txt" | grep -v '^[[:space:]]*$')
realworld_gifs=() realworld_models=()
if [ "$have_realworld" = 1 ]; then
    for g in "$realworld"/*.gif "$realworld"/derived/*.gif; do realworld_gifs+=("${g#"$realworld"/}"); done
    for m in "$realworld"/models/*.json; do realworld_models+=("$(basename "$m" .json)"); done
fi
rw_gif() {  # the GIF of a real-world model name (NAME.gif or derived/NAME.gif)
    if [ -f "$realworld/$1.gif" ]; then echo "$1.gif"; else echo "derived/$1.gif"; fi
}
bench_files=(spinner-600x600-2000-subrect spinner-1000x1000-600-full)

define_cases() {
    local g n m i speed
    # Help, version, errors.
    add_case help --help
    for c in info frames model render inspect fit check infer; do add_case "help-$c" "$c" --help; done
    add_case version --version
    add_case err-unknown-command inpsect $F/gif/rotating-arc.gif
    add_case err-unknown-option inspect $F/gif/rotating-arc.gif --formt json
    add_case err-bad-value inspect $F/gif/rotating-arc.gif --circle 1,2
    add_case err-missing-file info $MADE/missing.gif
    add_case err-not-gif info $F/README.md
    add_case err-fit-no-model fit $F/gif/rotating-arc.gif
    add_case err-truncated inspect $MADE/truncated.gif --format json
    add_case err-bad-model model $MADE/truncated.gif
    add_case err-unknown-variable model $FM/loading-spinner.json --set nosuch=1
    add_case lenient-info info $MADE/truncated.gif --lenient --format json
    add_case lenient-inspect inspect $MADE/truncated.gif --lenient --format json

    # info
    for g in "${fixture_gifs[@]}"; do add_case "info-$(basename "$g" .gif)" info "$F/$g" --format json; done
    for g in "${realworld_gifs[@]}"; do add_case "info-rw-$(basename "$g" .gif)" info "$R/$g" --format json; done
    add_case info-batch-table info $F --recursive
    add_case info-batch-csv info $F/render --format csv --jobs 1
    add_case info-browser info $F/gif/rotating-arc.gif --delay-policy browser --format markdown
    add_case info-fps info $F/render/spinner-1x-30fps-256-delta.gif --fps 25 --format csv
    if [ "$have_realworld" = 1 ]; then
        add_case slow info-rw-batch-markdown info $R --recursive --format markdown
        add_case info-rw-ffmpeg info $R/esites-materialdesignspinner.gif --delay-policy ffmpeg
        add_case info-rw-browser info $R/icdmaterialactivityindicator.gif --delay-policy browser --format json
    fi

    # frames
    add_case frames-png frames $F/gif/rotating-arc.gif -o frames
    add_case frames-png-sheet frames $F/render/spinner-1x-4cs-32-delta.gif -o frames --sheet sheet.png
    add_case frames-sheet-every frames $F/render/payment-1x-3cs-256-delta.gif --sheet sheet.png --every 4 --columns 8 --thumb 64
    add_case frames-sheet-model frames $F/render/payment-1x-4cs-256.gif --sheet sheet.png --model $FM/payment-success.json --quiet
    add_case frames-sheet-model-rate frames $F/render/spinner-1x-3cs-256.gif --sheet sheet.png --model $FM/loading-spinner.json --rate 1
    if [ "$have_realworld" = 1 ]; then
        add_case frames-rw-png frames $R/mrprogress-activityindicator.gif -o out/frames
        add_case frames-rw-sheet frames $R/android-cpv-determinate.gif --sheet sheet.png --every 5 --no-checkerboard
        add_case frames-rw-sheet-checker frames $R/android-smoothprogressbar-circular.gif --sheet sheet.png --every 10 --thumb 100
        add_case slow frames-rw-sheet-model frames $R/nspavlo-materialactivityindicator.gif --sheet sheet.png --model $M/nspavlo-materialactivityindicator.json
    fi

    # model
    for m in "$ROOT"/fixtures/models/*.json; do
        n=$(basename "$m" .json)
        add_case "model-json-$n" model "$FM/$n.json" --format json --svg plot.svg
        add_case "model-table-$n" model "$FM/$n.json"
    done
    for n in "${realworld_models[@]}"; do
        add_case "model-json-rw-$n" model "$M/$n.json" --format json --svg plot.svg
        add_case "model-table-rw-$n" model "$M/$n.json"
    done
    add_case model-csv-set model $FM/loading-spinner.json --set D=2 --format csv
    add_case model-markdown-range model $FM/payment-success.json --from 5.5 --to 7 --step 0.1 --format markdown --svg plot.svg
    add_case model-exact-arclength model $FM/material-spinner.json --exact-arclength --format json --step 20ms
    add_case model-set-expression model $FM/payment-success.json --set 'success=3*pi/2' --to 8 --step 0.5

    # render
    for i in "${!suite_names[@]}"; do
        # shellcheck disable=SC2086
        add_case "render-${suite_names[$i]}" render "$FM/${suite_models[$i]}.json" -o out.gif --truth truth.json ${suite_args[$i]}
    done
    for m in "$ROOT"/fixtures/models/*.json; do
        n=$(basename "$m" .json)
        add_case "render-default-$n" render "$FM/$n.json" -o out.gif --truth truth.json
    done
    add_case render-ordered render $FM/loading-spinner.json -o out.gif --colors 8 --dither ordered --duration 1 --scale 2
    add_case render-floyd render $FM/material-spinner.json -o out.gif --colors 4 --dither floyd-steinberg --background black --duration 1
    add_case render-transparent render $FM/loading-spinner.json -o out.gif --background transparent --loop 3 --delta-frames --duration 1 --truth truth.json
    add_case render-fps-scale3 render $FM/payment-success.json -o out.gif --fps 24 --scale 3 --from 5.8 --duration 0.6 --size 300x300 --origin -300,-300 --background '#202020'
    add_case err-render-no-output render $FM/loading-spinner.json --duration 0.2
    for n in "${realworld_models[@]}"; do
        add_case slow "render-rw-$n" render "$M/$n.json" -o out.gif --truth truth.json --duration 1 --quiet
    done

    # inspect
    for g in "${fixture_gifs[@]}"; do add_case "inspect-$(basename "$g" .gif)" inspect "$F/$g" --format json; done
    for i in "${!suite_names[@]}"; do
        add_case "inspect-model-${suite_names[$i]}" inspect "$F/render/${suite_names[$i]}.gif" --model "$FM/${suite_models[$i]}.json" --format json
    done
    for g in "${realworld_gifs[@]}"; do add_case "inspect-rw-$(basename "$g" .gif)" inspect "$R/$g" --format json; done
    for n in "${realworld_models[@]}"; do
        add_case "inspect-model-rw-$n" inspect "$R/$(rw_gif "$n")" --model "$M/$n.json" --format json
    done
    add_case inspect-table inspect $F/gif/rotating-arc.gif
    add_case inspect-csv inspect $F/gif/rotating-arc-full-frames.gif --format csv
    add_case inspect-markdown-model inspect $F/render/payment-1x-30fps-32.gif --model $FM/payment-success.json --format markdown
    add_case inspect-outputs inspect $F/gif/rotating-arc.gif --html report.html --svg plot.svg --overlay overlay.gif
    add_case inspect-outputs-model inspect $F/render/payment-2x-4cs-256-delta.gif --model $FM/payment-success.json --html report.html --svg plot.svg --overlay overlay.gif
    add_case inspect-cap inspect $F/render/spinner-2x-4cs-32.gif --cap butt --format json
    add_case inspect-circle inspect $F/render/spinner-1x-3cs-256.gif --circle 50,50,20 --format json
    add_case inspect-region inspect $F/render/payment-1x-3cs-256-delta.gif --region 20,20,60,60 --format json
    add_case inspect-scale-origin inspect $F/render/payment-2x-2cs-32-delta.gif --model $FM/payment-success.json --scale 2 --origin -200,-200 --format json
    add_case inspect-fps inspect $F/render/spinner-1x-30fps-slow-clock.gif --fps 30 --format json
    add_case inspect-batch-jobs1 inspect $F/render --format json --jobs 1
    add_case inspect-batch-csv inspect $F --recursive --format csv
    add_case inspect-thread-on STROKESCOPE_DECODING_THREAD=on inspect $F/render/spinner-2x-3cs-jitter.gif --format json
    add_case inspect-thread-off STROKESCOPE_DECODING_THREAD=off inspect $F/render/payment-2x-4cs-256-delta.gif --model $FM/payment-success.json --format json
    if [ "$have_realworld" = 1 ]; then
        add_case inspect-rw-outputs inspect $R/nspavlo-materialactivityindicator.gif --model $M/nspavlo-materialactivityindicator.json --html report.html --svg plot.svg --overlay overlay.gif
        add_case slow inspect-rw-outputs-nomodel inspect $R/mdcactivityindicator.gif --html report.html --svg plot.svg --overlay overlay.gif
        add_case slow inspect-rw-outputs-kd inspect $R/kdcircularactivityindicator.gif --model $M/kdcircularactivityindicator.json --html report.html --overlay overlay.gif
        add_case inspect-rw-region inspect $R/nvactivityindicatorview-demo.gif --region 186,0,93,83 --format json
        add_case inspect-rw-circle inspect $R/progresshud-001-progress-then-succeed.gif --model $M/progresshud-001-progress-then-succeed.json --circle 78.2,81.8,43.2 --format json
        add_case inspect-rw-browser inspect $R/esites-materialdesignspinner.gif --delay-policy browser --format csv
        add_case inspect-rw-thread-on STROKESCOPE_DECODING_THREAD=on inspect $R/sarmaterialdesignspinner.gif --format json
        add_case slow inspect-rw-batch inspect $R --recursive --format markdown
    fi

    # fit
    for i in "${!suite_names[@]}"; do
        n=${suite_names[$i]}
        speed=slow
        case "$n" in spinner-1x-3cs-256|spinner-1x-3cs-spoiled|payment-1x-4cs-256|payment-2x-2cs-32-delta) speed="" ;; esac
        add_case $speed "fit-$n" fit "$F/render/$n.gif" --model "$FM/${suite_models[$i]}.json" --format json
        speed=slow
        [ "$i" = 0 ] || [ "$n" = payment-1x-4cs-spoiled ] && speed=""
        add_case $speed "fit-rate1-$n" fit "$F/render/$n.gif" --model "$FM/${suite_models[$i]}.json" --rate 1
    done
    add_case fit-outputs fit $F/render/payment-1x-4cs-256.gif --model $FM/payment-success.json --html report.html --svg plot.svg --overlay overlay.gif
    add_case fit-outputs-spoiled fit $F/render/spinner-1x-3cs-spoiled.gif --model $FM/loading-spinner.json --html report.html --svg plot.svg --overlay overlay.gif --format csv
    add_case fit-thresholds fit $F/render/spinner-1x-30fps-slow-clock.gif --model $FM/loading-spinner.json --max-timing-error 5ms --max-angle-error 1deg --max-rms-timing-error 2ms
    add_case fit-any-rate fit $F/render/payment-1x-3cs-fast-clock.gif --model $FM/payment-success.json --any-rate --max-timing-error 30ms --format markdown
    add_case fit-set fit $F/render/spinner-1x-30fps-256-delta.gif --model $FM/loading-spinner.json --set D=1.5 --flag-timing 10ms --format json
    add_case fit-material fit $F/gif/rotating-arc.gif --model $FM/material-spinner.json --format json
    add_case slow fit-batch fit $F/render --model $FM/loading-spinner.json --format csv
    add_case fit-thread-on STROKESCOPE_DECODING_THREAD=on fit $F/render/payment-2x-2cs-32-delta.gif --model $FM/payment-success.json --format json
    if [ "$have_realworld" = 1 ]; then
        # The runs of scripts/realworld-fit.sh (slow or -, id, GIF, model, options), less the one
        # that needs its scratch model.
        while read -r speed id gif model opts; do
            [ "$opts" = - ] && opts=""
            [ "$speed" = slow ] || speed=""
            # shellcheck disable=SC2086
            add_case $speed "fit-rw-$id" fit "$R/$gif" --model "$M/$model.json" --format json $opts
        done <<'EOF'
- 1 nspavlo-materialactivityindicator.gif nspavlo-materialactivityindicator -
- 2 kdcircularactivityindicator.gif kdcircularactivityindicator -
- 3 esites-materialdesignspinner.gif esites-materialdesignspinner -
- 4 derived/nvactivityindicatorview-demo-cell32-circleStrokeSpin-crop.gif nvactivityindicatorview-demo-cell32-circleStrokeSpin-crop -
- 5 m13-ringindeterminate.gif m13-ringindeterminate -
- 6-default progresshud-001-progress-then-succeed.gif progresshud-001-progress-then-succeed -
slow 6 progresshud-001-progress-then-succeed.gif progresshud-001-progress-then-succeed --circle 78.2,81.8,43.2
- 7 progresshud-013-succeed-tick.gif progresshud-013-succeed-tick -
- 8 progresshud-014-failed-x.gif progresshud-014-failed-x -
- 9 progresshud-015-added-plus.gif progresshud-015-added-plus -
- 10 icdmaterialactivityindicator.gif icdmaterialactivityindicator -
- 11 mrprogress-activityindicator.gif mrprogress-activityindicator -
- 12-default bemcheckbox-one-stroke.gif bemcheckbox-one-stroke -
slow 12 bemcheckbox-one-stroke.gif bemcheckbox-one-stroke --circle 144.4,143.8,68.5
slow 14-default circularspinner-taglia3.gif circularspinner-taglia3 -
slow 14 circularspinner-taglia3.gif circularspinner-taglia3 --circle 135.1,240.1,108
- 15 sarmaterialdesignspinner.gif sarmaterialdesignspinner -
- v1-nspavlo-fps nspavlo-materialactivityindicator.gif nspavlo-materialactivityindicator --fps 36.7
- v3-esites-fps esites-materialdesignspinner.gif esites-materialdesignspinner --fps 17.33
- v4-icd-fps icdmaterialactivityindicator.gif icdmaterialactivityindicator --fps 17.14
slow v5-bem-rate1 bemcheckbox-one-stroke.gif bemcheckbox-one-stroke --circle 144.4,143.8,68.5 --rate 1
slow v6-bem-rate1-d05 bemcheckbox-one-stroke.gif bemcheckbox-one-stroke --circle 144.4,143.8,68.5 --rate 1 --set animationDuration=0.5
slow v7-phud001-tickdelay progresshud-001-progress-then-succeed.gif progresshud-001-progress-then-succeed --circle 78.2,81.8,43.2 --set tickDelay=0.25
- v8-phud013-scale progresshud-013-succeed-tick.gif progresshud-013-succeed-tick --scale 1.41 --origin 35.65,39.2
- v9-phud014-scale progresshud-014-failed-x.gif progresshud-014-failed-x --scale 1.41 --origin 37.9,41.9
- v10-phud015-scale progresshud-015-added-plus.gif progresshud-015-added-plus --scale 1.406 --origin 38.3,41.3
EOF
        add_case fit-rw-outputs fit $R/nspavlo-materialactivityindicator.gif --model $M/nspavlo-materialactivityindicator.json --html report.html --svg plot.svg --overlay overlay.gif
        add_case slow fit-rw-outputs-sar fit $R/sarmaterialdesignspinner.gif --model $M/sarmaterialdesignspinner.json --html report.html --svg plot.svg --overlay overlay.gif
        add_case slow fit-rw-outputs-tick fit $R/progresshud-013-succeed-tick.gif --model $M/progresshud-013-succeed-tick.json --scale 1.41 --origin 35.65,39.2 --html report.html --svg plot.svg --overlay overlay.gif
        add_case fit-rw-table fit $R/m13-ringindeterminate.gif --model $M/m13-ringindeterminate.json
    fi

    # check
    add_case check-batch-junit check $F/render --model $FM/loading-spinner.json --rate 1 --junit junit.xml
    add_case slow check-recursive-junit check $F --recursive --model $FM/payment-success.json --junit junit.xml --jobs 1
    add_case check-reference check $F/render/spinner-2x-4cs-32.gif $F/render/spinner-1x-4cs-32-delta.gif --reference $F/render/spinner-1x-3cs-256.gif --junit junit.xml
    add_case check-missing-file check $F/render/spinner-1x-3cs-256.gif $MADE/missing.gif $MADE/truncated.gif --model $FM/loading-spinner.json
    if [ "$have_realworld" = 1 ]; then
        add_case check-rw-any-rate check $R/nspavlo-materialactivityindicator.gif $R/mrprogress-activityindicator.gif --model $M/nspavlo-materialactivityindicator.json --any-rate --max-timing-error 40ms --junit junit.xml
    fi

    # infer (the 65 ones: too short a recording for a whole cycle and a bit)
    add_case infer-stdout infer $F/render/spinner-1x-3cs-256.gif
    add_case slow infer-model-file infer $F/render/payment-1x-3cs-256-delta.gif -o model.json --exact --name pay --format json
    add_case infer-swift infer $F/render/payment-1x-3cs-256-delta.gif --emit swift -o Payment.swift --format markdown
    add_case infer-objc infer $F/render/spinner-1x-30fps-256-delta.gif --emit objc -o Spinner.m --format csv
    add_case infer-too-short infer $F/gif/rotating-arc.gif -o model.json
    if [ "$have_realworld" = 1 ]; then
        add_case slow infer-rw-nspavlo infer $R/nspavlo-materialactivityindicator.gif -o model.json --format json
        add_case infer-rw-too-short infer $R/m13-ringindeterminate.gif --emit swift --name M13Ring
    fi

    # bench files
    if [ "$quick" = 0 ]; then
        for n in "${bench_files[@]}"; do
            add_case "bench-info-$n" info "$B/$n.gif" --format json
            add_case "bench-inspect-$n" inspect "$B/$n.gif" --format json
            add_case "bench-inspect-thread-off-$n" STROKESCOPE_DECODING_THREAD=off inspect "$B/$n.gif" --format csv
            add_case "bench-sheet-$n" frames "$B/$n.gif" --sheet sheet.png --every 50 --thumb 120
        done
        # (Both files are past a quarter megapixel: the default already decodes on a thread.)
        add_case bench-fit fit "$B/${bench_files[0]}.gif" --model $FM/loading-spinner.json --format json
    fi
}

define_cases
if [ "$list" = 1 ]; then
    for i in "${!ids[@]}"; do
        [ "$quick" = 1 ] && [ "${slows[$i]}" = 1 ] && continue
        printf '%s\t%s\t%s\n' "${ids[$i]}" "$([ "${slows[$i]}" = 1 ] && echo slow || echo -)" "${lines[$i]}"
    done
    exit 0
fi

# --- The two binaries -----------------------------------------------------------------------

# Builds revision $1 unless its binaries are cached; sets built_dir (holding strokescope and,
# when the revision has it, strokescope-bench).
build_revision() {
    local rev="$1" hash t0
    hash=$(git -C "$ROOT" rev-parse --verify --quiet "$rev^{commit}") || fail "'$rev' is neither an executable file nor a git revision"
    built_dir="$cache/builds/$hash"
    if [ -x "$built_dir/strokescope" ]; then
        echo "== $rev ($hash): cached build in $built_dir" >&2
        return 0
    fi
    buildtmp=$(mktemp -d /tmp/strokescope-compare-build.XXXXXX)
    worktree="$buildtmp/src"
    git -C "$ROOT" worktree add --detach --quiet "$worktree" "$hash" || fail "cannot add a worktree for $hash"
    echo "== $rev ($hash): swift build -c release in $worktree (log: $buildtmp/build.log) ..." >&2
    t0=$(date +%s)
    # TMPDIR inside the build folder: SwiftPM leaves lock files named after the build path there.
    mkdir -p "$buildtmp/tmp"
    if ! (cd "$worktree" && TMPDIR="$buildtmp/tmp" swift build -c release) > "$buildtmp/build.log" 2>&1; then
        tail -n 30 "$buildtmp/build.log" >&2
        fail "swift build -c release failed for $rev ($hash)"
    fi
    echo "== built $rev in $(( $(date +%s) - t0 )) s" >&2
    mkdir -p "$cache/builds"
    local staging="$built_dir.partial.$$"
    rm -rf "$staging"
    mkdir -p "$staging"
    cp "$worktree/.build/release/strokescope" "$staging/"
    [ -x "$worktree/.build/release/strokescope-bench" ] && cp "$worktree/.build/release/strokescope-bench" "$staging/"
    rm -rf "$built_dir"
    mv "$staging" "$built_dir"
    git -C "$ROOT" worktree remove --force "$worktree" || rm -rf "$worktree"
    git -C "$ROOT" worktree prune
    worktree=""
    rm -rf "$buildtmp"
    buildtmp=""
}

# Sets resolved_bin and resolved_bench (empty when there is none) for OLD or NEW.
resolve() {
    local spec="$1"
    if [ -f "$spec" ] || [[ "$spec" == */* ]]; then
        { [ -f "$spec" ] && [ -x "$spec" ]; } || fail "$spec is not an executable file"
        resolved_bin=$(readlink -f "$spec")
        resolved_bench="$(dirname "$resolved_bin")/strokescope-bench"
    else
        build_revision "$spec"
        resolved_bin="$built_dir/strokescope"
        resolved_bench="$built_dir/strokescope-bench"
    fi
    [ -x "$resolved_bench" ] || resolved_bench=""
}
resolve "${args[0]}"; old_bin=$resolved_bin old_bench=$resolved_bench
resolve "${args[1]}"; new_bin=$resolved_bin new_bench=$resolved_bench
"$old_bin" --version > /dev/null 2>&1 || fail "$old_bin does not run"
"$new_bin" --version > /dev/null 2>&1 || fail "$new_bin does not run"
echo "== OLD ${args[0]}: $old_bin" >&2
echo "== NEW ${args[1]}: $new_bin" >&2

# --- Inputs ---------------------------------------------------------------------------------

if [ -n "$keep" ]; then
    mkdir -p "$keep"
    work=$(cd "$keep" && pwd)
    rm -rf "${work:?}/old" "${work:?}/new" "${work:?}/in"
else
    work=$(mktemp -d /tmp/strokescope-compare.XXXXXX)
fi
mkdir -p "$work/in/made" "$work/old" "$work/new"
ln -s "$ROOT/fixtures" "$work/in/fixtures"
if [ "$have_realworld" = 1 ]; then
    ln -s "$(cd "$realworld" && pwd)" "$work/in/realworld"
else
    echo "note: $realworld is absent: the real-world runs are skipped" >&2
fi
# A GIF cut off in the middle of its image data (the first 3000 bytes).
head -c 3000 "$ROOT/fixtures/gif/rotating-arc.gif" > "$work/in/made/truncated.gif"

if [ "$quick" = 0 ]; then
    mkdir -p "$cache/bench"
    ln -s "$cache/bench" "$work/in/bench"
    for n in "${bench_files[@]}"; do
        [ -f "$cache/bench/$n.gif" ] && continue
        generator=${old_bench:-$new_bench}
        if [ -z "$generator" ]; then
            build_revision HEAD
            generator="$built_dir/strokescope-bench"
            [ -x "$generator" ] || fail "no strokescope-bench to generate the bench files (or use --quick)"
        fi
        IFS=- read -r _ size frames mode <<< "$n"
        echo "== generating $n.gif with $generator ..." >&2
        "$generator" generate --width "${size%x*}" --height "${size#*x}" --frames "$frames" --mode "$mode" \
            -o "$cache/bench/$n.partial.gif" --force > /dev/null || fail "strokescope-bench generate failed"
        mv "$cache/bench/$n.partial.gif" "$cache/bench/$n.gif"
    done
fi

# --- Running and comparing ------------------------------------------------------------------

run_one() {  # SIDE BIN ID ARGUMENT...
    local side="$1" bin="$2" id="$3"
    shift 3
    local dir="$work/$side/$id" rc=0
    local -a envs=()
    while [ $# -gt 0 ] && [[ "$1" =~ ^[A-Z_]+= ]]; do envs+=("$1"); shift; done
    mkdir -p "$dir"
    ln -s ../../in "$dir/in"
    local t0=$EPOCHREALTIME
    (cd "$dir" && exec env -u STROKESCOPE_DECODING_THREAD "${envs[@]}" timeout 900 "$bin" "$@" \
        < /dev/null > "$dir.stdout" 2> "$dir.stderr") || rc=$?
    echo "$rc" > "$dir.exit"
    # Wall clock of the run, kept with --keep (which runs are slow); not compared.
    [ -z "$keep" ] || echo "$t0 $EPOCHREALTIME" | awk '{ printf "%.2f\n", $2 - $1 }' > "$dir.seconds"
}

# Normalisation (see the header): JUnit XML's wall-clock time attributes.
normalise() {  # FILE -> prints the path to compare
    case "$1" in
        *.xml)
            sed -E 's/ time="[0-9]+(\.[0-9]+)?"/ time="T"/g' "$1" > "$1.normalised"
            echo "$1.normalised" ;;
        *) echo "$1" ;;
    esac
}

is_text() { [ ! -s "$1" ] || grep -qI . "$1"; }  # empty, or no NUL byte (grep -I)

# A short, one-line account of how two differing files differ.
excerpt() {  # OLD NEW
    local a="$1" b="$2" info byte line sa sb start
    if [ ! -e "$a" ]; then echo "only NEW wrote it ($(stat -c %s "$b") bytes)"; return; fi
    if [ ! -e "$b" ]; then echo "only OLD wrote it ($(stat -c %s "$a") bytes)"; return; fi
    sa=$(stat -c %s "$a") sb=$(stat -c %s "$b")
    info=$(cmp "$a" "$b" 2>&1 || true)
    byte=$(sed -nE 's/.*byte ([0-9]+).*/\1/p' <<< "$info" | head -n 1)
    line=$(sed -nE 's/.*line ([0-9]+).*/\1/p' <<< "$info" | head -n 1)
    [ -n "$byte" ] || byte=$(( (sa < sb ? sa : sb) + 1 ))
    if ! is_text "$a" || ! is_text "$b"; then
        echo "binary, OLD $sa bytes, NEW $sb bytes, first difference at byte $byte"
        return
    fi
    start=$(( byte > 30 ? byte - 30 : 1 ))
    show() { tail -c +"$start" "$1" | head -c 90 | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n/⏎/g' | tr '\t' ' '; }
    local minus plus
    minus=$(diff "$a" "$b" | grep -c '^<' || true)
    plus=$(diff "$a" "$b" | grep -c '^>' || true)
    echo "line ${line:-?}, byte $byte (diff -$minus +$plus lines): OLD «$(show "$a")» NEW «$(show "$b")»"
}

compared=0 identical=0 differ=0
compare_output() {  # ID NAME OLDFILE NEWFILE
    local id="$1" name="$2" a="$3" b="$4" na nb
    compared=$((compared + 1))
    if [ -e "$a" ] && [ -e "$b" ]; then
        na=$(normalise "$a") nb=$(normalise "$b")
        if cmp -s "$na" "$nb"; then identical=$((identical + 1)); return; fi
        a=$na b=$nb
    fi
    differ=$((differ + 1))
    echo "DIFF $id:$name: $(excerpt "$a" "$b")"
}

compare_case() {  # ID
    local id="$1" o="$work/old/$1" n="$work/new/$1" f
    local ea eb
    ea=$(cat "$o.exit") eb=$(cat "$n.exit")
    compared=$((compared + 1))
    if [ "$ea" = "$eb" ]; then identical=$((identical + 1)); else differ=$((differ + 1)); echo "DIFF $id:exit: OLD $ea NEW $eb"; fi
    compare_output "$id" stdout "$o.stdout" "$n.stdout"
    compare_output "$id" stderr "$o.stderr" "$n.stderr"
    # Every file either run wrote (the `in` link aside).
    while IFS= read -r f; do
        compare_output "$id" "$f" "$o/$f" "$n/$f"
    done < <( { (cd "$o" && find . -path ./in -prune -o \( -type f -o -type l \) -print)
                (cd "$n" && find . -path ./in -prune -o \( -type f -o -type l \) -print); } \
              | sed 's|^\./||' | grep -v '\.normalised$' | LC_ALL=C sort -u)
}

ran=0
for i in "${!ids[@]}"; do
    [ "$quick" = 1 ] && [ "${slows[$i]}" = 1 ] && continue
    id=${ids[$i]}
    read -r -a argv <<< "${lines[$i]}"
    run_one old "$old_bin" "$id" "${argv[@]}"
    run_one new "$new_bin" "$id" "${argv[@]}"
    compare_case "$id"
    [ -n "$keep" ] || rm -rf "${work:?}/old/$id" "${work:?}/new/$id" "$work/old/$id".* "$work/new/$id".*
    ran=$((ran + 1))
done

echo "$ran command lines run with each binary in $(( $(date +%s) - started )) s$([ "$quick" = 1 ] && echo " (--quick)")" >&2
[ -n "$keep" ] && echo "outputs kept in $work" >&2
echo "$compared outputs compared, $identical identical, $differ differ"
[ "$differ" = 0 ]
