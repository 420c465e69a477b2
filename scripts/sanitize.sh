#!/usr/bin/env bash
# The AddressSanitizer + UndefinedBehaviorSanitizer build (docs/reliability.md): clang-14 at -O1
# in its own build directory, with libFuzzer's coverage so that the fuzz targets of plugin/fuzz
# build in it too; then the unit, engine, CLI and fuzz-corpus tests under the sanitizers, halting
# at the first error. SimGrid's actors run on threads there (contexts/factory:thread, which ASan
# follows); scripts/sanitizer.supp lists the few reports from inside SimGrid, each with its reason.
#   scripts/sanitize.sh [--build-only] [CTEST_ARGS...]
# Environment: HBCAST_SANITIZE_DIR (default build-sanitize), JOBS (default: the number of cores),
# HBCAST_SANITIZE_TESTS (the ctest regex of the tests to run, default '^(unit|engine|cli|fuzz)\.').
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer_env.sh
dir=${HBCAST_SANITIZE_DIR:-build-sanitize}
jobs=${JOBS:-$(nproc)}
build_only=false
if [ "${1:-}" = --build-only ]; then build_only=true; shift; fi

flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
flags+=" -fsanitize=fuzzer-no-link -DHBCAST_SANITIZED_BUILD"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS="$flags" \
      -DHBCAST_FUZZ=ON -DHBCAST_BUILD_BENCH=OFF -DHBCAST_BUILD_EXAMPLES=OFF -DHBCAST_BUILD_PYTHON=OFF >/dev/null
cmake --build "$dir" -j "$jobs"
$build_only && exit 0
ctest --test-dir "$dir" --output-on-failure -j "$jobs" -R "${HBCAST_SANITIZE_TESTS:-^(unit|engine|cli|fuzz)\.}" "$@"
