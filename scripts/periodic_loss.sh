#!/usr/bin/env bash
# The periodic multi-tree form's loss against the LP optimum, as a function of the period length
# P and the slice count K, beside the |E|/K bound of Beaumont, Legrand, Marchal, Robert (IEEE TPDS
# 2005: a periodic schedule loses O(|E|) slices' worth of time to its start-up and wind-down, |E|
# the plan's distinct host pairs). For each K and P, `hbcast simulate -s multi-tree-periodic
# --param alone=0 --param period=P` on PLATFORM (slices of 256 KiB, so the message is K x 256 KiB),
# and two losses from its JSON: throughput, 1 - simulated / LP (the observed period at the last
# host, as the validation cases judge it), and makespan, 1 - K x (slice / LP) / simulated makespan.
#   scripts/periodic_loss.sh HBCAST PLATFORM OUT.png [CSV]
# HBCAST: the hbcast command (build/plugin/hbcast); CSV (optional) keeps the figures.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 HBCAST PLATFORM OUT.png [CSV]" >&2
  exit 2
fi
hbcast=$1 platform=$2 out=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
csv=${4:-$work/loss.csv}
echo "slices,period_slices,throughput_loss,makespan_loss,edges,edge_bound,slots" > "$csv"
for slices in 64 128 256 512 1024; do
  for period in 1 4 16 64; do
    [ "$period" -le "$slices" ] || continue
    "$hbcast" simulate "$platform" -s multi-tree-periodic --param alone=0 --param "period=$period" \
      --size "$((slices / 4))MiB" --slices "$slices" --format json > "$work/run.json"
    python3 - "$work/run.json" "$slices" "$period" >> "$csv" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
run = doc["runs"][0]
if run["status"] != "ok" or run["plan"]["form"] != "periodic":
    sys.exit(f"{sys.argv[1]}: the periodic form did not run ({run['status']}, {run['plan'].get('form')})")
slices, period = int(sys.argv[2]), int(sys.argv[3])
lp = run["plan"]["steady_state_optimum"]  # bytes per second
throughput_loss = 1.0 - run["simulated"]["throughput"] / lp
makespan_loss = 1.0 - slices * doc["slice_bytes"] / lp / run["simulated"]["makespan"]
slots = run["plan"]["slots"]
edges = len({(piece[1], piece[2]) for slot in slots for piece in slot})  # [tree, from, to, first, last]
print(f"{slices},{period},{throughput_loss:.6f},{makespan_loss:.6f},{edges},{edges / slices:.6f},{len(slots)}")
PY
  done
done
edges=$(awk -F, 'NR == 2 {print $5}' "$csv")
# One block per period length (gnuplot's index), in increasing K.
for period in 1 4 16 64; do
  awk -F, -v p="$period" 'NR > 1 && $2 == p {print $1 "," $3 "," $4}' "$csv"
  printf '\n\n'
done > "$work/blocks.csv"
cat > "$work/plot.gp" <<GP
set datafile separator ","
set terminal pngcairo size 900,560 noenhanced font "sans,10"
set output "$out"
set title "multi-tree-periodic on $(basename "$platform"): loss against the LP optimum (slices of 256 KiB)"
set xlabel "slice count K"
set ylabel "loss (1 - simulated / LP)"
set logscale x 2
set key outside right
set grid
set yrange [0:1]
periods = "1 4 16 64"
plot for [i = 0:3] "$work/blocks.csv" index i using 1:2 with linespoints linecolor i + 1 title "throughput, P = ".word(periods, i + 1), \
     for [i = 0:3] "$work/blocks.csv" index i using 1:3 with linespoints dashtype 2 linecolor i + 1 title "makespan, P = ".word(periods, i + 1), \
     $edges / x with lines linewidth 2 linecolor "black" title "|E| / K (|E| = $edges host pairs)"
GP
gnuplot "$work/plot.gp"
echo "wrote $out"
