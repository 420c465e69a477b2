#!/usr/bin/env bash
# `hbcast simulate -s all` on generated multi-site grids (sites of <cluster>s behind shared WAN
# links, `hbcast generate multisite`): 1,000 hosts (5 sites x 4 clusters x 50 hosts), 5 runs
# with hyperfine, and 5,000 hosts (5 x 10 x 100), one run with its peak memory.
#   scripts/perf/multisite.sh            (HBCAST=path/to/hbcast to use another build)
source "$(dirname "$0")/common.sh"
perf_header
"$hbcast" generate multisite --sites 5 --clusters-per-site 4 --nodes-per-cluster 50 --seed 1 -o "$work/multisite_1000.xml"
"$hbcast" generate multisite --sites 5 --clusters-per-site 10 --nodes-per-cluster 100 --seed 1 -o "$work/multisite_5000.xml"
repeat "simulate -s all, 1,000-host multisite" 5 "$hbcast" simulate "$work/multisite_1000.xml" -s all
measure "simulate -s all, 1,000-host multisite" "$hbcast" simulate "$work/multisite_1000.xml" -s all
measure "simulate -s all, 5,000-host multisite" "$hbcast" simulate "$work/multisite_5000.xml" -s all
