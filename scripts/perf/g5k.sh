#!/usr/bin/env bash
# `hbcast simulate` with every scheduler that applies on SimGrid's own Grid'5000 platform,
# examples/platforms/g5k.xml of the SimGrid source tree (not shipped with Debian's packages).
#   scripts/perf/g5k.sh PATH/TO/g5k.xml
source "$(dirname "$0")/common.sh"
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: $0 PATH/TO/g5k.xml (SimGrid's examples/platforms/g5k.xml)" >&2; exit 2; }
perf_header
echo "platform $1 ($(grep -c . "$1") lines)"
repeat "simulate (every scheduler), g5k.xml" 5 "$hbcast" simulate "$1"
measure "simulate (every scheduler), g5k.xml" "$hbcast" simulate "$1"
