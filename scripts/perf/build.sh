#!/usr/bin/env bash
# The first run and the test build from a clean clone, without ccache: `./setup.sh --run`, then the
# build that `./setup.sh --test` adds, then ctest; each with its wall and CPU time. The Debian
# packages must be installed already (apt time is not counted: run ./setup.sh once first).
#   scripts/perf/build.sh [JOBS]      (default: the number of cores)
source "$(dirname "$0")/common.sh"
jobs=${1:-$(nproc)}
perf_header
git clone -q "$repo" "$work/clone"
cd "$work/clone"
export CCACHE_DISABLE=1
load() { echo "load     $(cut -d' ' -f1-3 /proc/loadavg)"; }
load
measure "./setup.sh --run (configure, build hbcast, simulate)" ./setup.sh --run
load
measure "build everything else (what --test adds)" cmake --build build -j "$jobs"
load
measure "ctest -j $jobs (every test)" ctest --test-dir build -j "$jobs"
load
tail -3 "$work/out.txt"
