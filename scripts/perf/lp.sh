#!/usr/bin/env bash
# `hbcast lp` (the steady-state optimum and every single tree's throughput) on a 500-node random
# platform of Beaumont-Marchal-Robert's Table 2 kind.
#   scripts/perf/lp.sh
source "$(dirname "$0")/common.sh"
perf_header
"$hbcast" generate random --nodes 500 --density 0.016 --seed 42 -o "$work/random_500.xml"
repeat "lp, 500-node random platform" 5 "$hbcast" lp "$work/random_500.xml"
