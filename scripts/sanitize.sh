#!/usr/bin/env bash
# The AddressSanitizer + UndefinedBehaviorSanitizer build (docs/reliability.md): clang-14 at -O1
# in its own build directory, with libFuzzer's coverage so that the fuzz targets of plugin/fuzz
# share its objects; then the unit, engine and CLI tests under the sanitizers, halting at the
# first error. SimGrid's actors run on threads there (contexts/factory:thread, which ASan
# follows); scripts/sanitizer.supp lists the reports from inside SimGrid, each with its reason.
#
# Only what the tests run is built sanitized: `hbcast` and the unit and engine test programs.
# The CLI tests are the normal build's programs (they only start `hbcast`), run on the sanitized
# `hbcast` through HBCAST_TEST_EXECUTABLE; so are the SMPI programs `hbcast smpi` and
# `hbcast probe --smpi` start (smpicxx builds them, not clang).
#   scripts/sanitize.sh [--build-only] [CTEST_ARGS...]
# Environment: HBCAST_SANITIZE_DIR (default build-sanitize), HBCAST_BUILD_DIR (the normal build,
# default build: its CLI test programs are built there first), JOBS (default: the number of
# cores), HBCAST_SANITIZE_TESTS (the ctest regex, default '^(unit|engine|cli)\.'),
# HBCAST_TEST_TIME_SCALE (the factor of the tests' wall-clock limits, default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source scripts/sanitizer_env.sh
dir=${HBCAST_SANITIZE_DIR:-build-sanitize}
normal=${HBCAST_BUILD_DIR:-build}
jobs=${JOBS:-$(nproc)}
build_only=false
if [ "${1:-}" = --build-only ]; then build_only=true; shift; fi

# -gline-tables-only: file:line in the reports at a fraction of -g's compile and link time.
flags="-O1 -gline-tables-only -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
flags+=" -fsanitize=fuzzer-no-link -DHBCAST_SANITIZED_BUILD"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_CXX_COMPILER_LAUNCHER="$(command -v ccache || true)" \
      -DHBCAST_FUZZ=ON -DHBCAST_BUILD_BENCH=OFF -DHBCAST_BUILD_EXAMPLES=OFF -DHBCAST_BUILD_PYTHON=OFF >/dev/null
cmake --build "$dir" -j "$jobs" --target hbcast hbcast_unit_and_engine_tests
$build_only && exit 0

# The normal build's CLI test programs (and the programs they start beside `hbcast`).
[ -f "$normal/CMakeCache.txt" ] || cmake -S . -B "$normal" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$normal" -j "$jobs" --target hbcast_cli_test_programs
export HBCAST_TEST_EXECUTABLE=$root/$dir/plugin/hbcast
for program in hbcast_mpi_time:HBCAST_SMPI_PROGRAM hbcast-probe-smpi:HBCAST_SMPI_PROBE; do
  [ -x "$normal/plugin/mpi/${program%%:*}" ] && export "${program#*:}=$root/$normal/plugin/mpi/${program%%:*}"
done
# The sanitized programs run several times slower: the tests scale their wall-clock limits.
export HBCAST_TEST_TIME_SCALE=${HBCAST_TEST_TIME_SCALE:-5}
regex=${HBCAST_SANITIZE_TESTS:-^(unit|engine|cli)\.}
status=0
# Not run sanitized (docs/reliability.md): one random routed platform whose max-min prediction
# the sanitized replay misses by 3.1e-5 (bound 1e-9), where the normal build meets it.
differs='^engine\.RandomRoutedPlatforms/LinkPipelineReplay\.MaxMinPredictionIsTheReplay/30$'
# The five seeded property suites of the replay (60 to 200 seeds each) run one seed in five here,
# those numbered 0 or 5 modulo 10: a memory or undefined-behaviour error shows on the code path,
# which every seed takes; the normal build runs every seed for the values.
thinned='^engine\.(Seeds/(ReplayDrivers|StarOnePortExactness|PrivateLinkExactness|MultiTreeReplayDrivers)|'
thinned+='RandomRoutedPlatforms/LinkPipelineReplay)\.[A-Za-z]+/[0-9]*[1-46-9]$'
ctest --test-dir "$dir" --output-on-failure -j "$jobs" -R "$regex" -E "^cli\.|$differs|$thinned" "$@" || status=$?
# Not run sanitized (docs/reliability.md): the 10^5-host replay, whose 10^5 actors are OS threads
# under thread contexts (over 1,200 created in 5 minutes); link tracing on two cluster backbones,
# where SimGrid 3.32 reads 16 bytes before a block it allocated (valgrind, on SimGrid alone), which
# holds ASan's chunk header there: a SEGV inside SimGrid, where the normal build throws.
unsanitizable='^cli\.(CliScale\.HundredThousandHostBinomialReplaysWithoutContextOptions|'
unsanitizable+='Tracing\.TwoClusterBackbonesFailOnOneLineNamingTheContainer)$'
ctest --test-dir "$normal" --output-on-failure -j "$jobs" -R "$regex" -E "^(unit|engine)\.|$unsanitizable" "$@" || status=$?
exit $status
