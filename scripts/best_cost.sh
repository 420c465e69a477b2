#!/usr/bin/env bash
# What the `best` scheduler costs beside the schedulers it ranks. For each platform, in the same
# run: best's wall time (its ranking of every scheduler's plan under both port models, each at its
# best slice count, and its replays), then every scheduler best considers, run with `--slices auto`
# under one-port and under multi-port, and the slowest of them. Prints a table: platform, best's
# wall, the slowest scheduler (scheduler/port) and its wall, and their ratio (the aim: at most 2).
# Wall times are each run's own `wall_seconds` (its schedule, prediction and replay).
#   scripts/best_cost.sh HBCAST SIZE PLATFORM...
# HBCAST: the hbcast command (build/plugin/hbcast); SIZE: the message, e.g. 16MiB.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 HBCAST SIZE PLATFORM..." >&2
  exit 2
fi
hbcast=$1 size=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-28s %10s  %-36s %10s  %6s\n' platform "best (s)" "slowest scheduler it considers" "wall (s)" ratio
for platform in "$@"; do
  "$hbcast" simulate "$platform" -s best --size "$size" --format json > "$work/best.json" 2> /dev/null
  for port in one multi; do
    # `all` and the plans run only when named: every scheduler best ranks.
    "$hbcast" simulate "$platform" -s all,two-tree,multi-tree --size "$size" --slices auto --port "$port" --budget 0 \
      --format json > "$work/$port.json" 2> /dev/null || true  # a scheduler that fails is a row of its own
  done
  python3 - "$platform" "$work/best.json" "$work/one.json" "$work/multi.json" <<'PY'
import json, os, sys
platform, best_file, *port_files = sys.argv[1:]
# Run as multi-tree's plan by best, not candidates of their own.
not_candidates = {"best", "multi-tree-capped", "multi-tree-periodic"}
best = [r for r in json.load(open(best_file))["runs"] if r["scheduler"] == "best"][0]
if best["status"] != "ok":
    print(f"{os.path.basename(platform):<28} best: {best['status']}")
    sys.exit(0)
slowest = ("", 0.0)
for name in port_files:
    port = os.path.basename(name).split(".")[0]
    for run in json.load(open(name))["runs"]:
        if run["scheduler"] in not_candidates or run["status"] != "ok":
            continue
        if run["wall_seconds"] > slowest[1]:
            slowest = (f"{run['scheduler']}/{port}", run["wall_seconds"])
ratio = best["wall_seconds"] / slowest[1] if slowest[1] > 0 else float("nan")
print(f"{os.path.basename(platform):<28} {best['wall_seconds']:>10.3f}  {slowest[0]:<36} {slowest[1]:>10.3f}  {ratio:>6.2f}")
PY
done
