#!/usr/bin/env bash
# `hbcast simulate` on a crossbar cluster: one SimGrid <cluster> of N hosts without backbone
# (125 MB/s, 10 us host links), the default 4 MiB broadcast, default settings.
#   scripts/perf/crossbar.sh [N] [SCHEDULERS]     default: 1000000 binomial (the 10^6-host replay)
#   scripts/perf/crossbar.sh 65536 lcf,ecef
#   scripts/perf/crossbar.sh 10000 fnf
source "$(dirname "$0")/common.sh"
hosts=${1:-1000000}
schedulers=${2:-binomial}
perf_header
cat > "$work/crossbar_$hosts.xml" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="crossbar" prefix="h" suffix="" radical="0-$((hosts - 1))" speed="1Gf" bw="125MBps" lat="10us"/>
</platform>
XML
measure "simulate -s $schedulers, $hosts-host crossbar cluster" "$hbcast" simulate "$work/crossbar_$hosts.xml" -s "$schedulers"
grep -E '^(binomial|fnf|lcf|ecef)' "$work/out.txt" | cut -c1-120 || true
