#!/usr/bin/env bash
# What the `best` scheduler costs beside the schedulers it ranks. For each platform, in the same
# run: best's wall time (its ranking of every scheduler's plan under both port models, each at its
# best slice count, and its replays), then every scheduler best considers, run with `--slices auto`
# under one-port and under multi-port, and the slowest of them. Each run is repeated (3 times
# unless REPEAT says otherwise) and each wall time is its median over the repeats. Prints a table:
# platform, best's wall, the slowest scheduler (scheduler/port) and its wall, and their ratio (the
# aim: at most 2). Wall times are each run's own `wall_seconds` (its schedule, prediction and replay).
#   [REPEAT=N] scripts/best_cost.sh HBCAST SIZE PLATFORM...
# HBCAST: the hbcast command (build/plugin/hbcast); SIZE: the message, e.g. 16MiB.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: [REPEAT=N] $0 HBCAST SIZE PLATFORM..." >&2
  exit 2
fi
hbcast=$1 size=$2
repeat=${REPEAT:-3}
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-28s %10s  %-36s %10s  %6s\n' platform "best (s)" "slowest scheduler it considers" "wall (s)" ratio
for platform in "$@"; do
  for r in $(seq "$repeat"); do
    "$hbcast" simulate "$platform" -s best --size "$size" --format json > "$work/best.$r.json" 2> /dev/null || true
    for port in one multi; do
      # `all` and the plans run only when named: every scheduler best ranks.
      "$hbcast" simulate "$platform" -s all,two-tree,multi-tree --size "$size" --slices auto --port "$port" \
        --budget 0 --format json > "$work/$port.$r.json" 2> /dev/null || true  # a failed scheduler is a row of its own
    done
  done
  python3 - "$platform" "$work" "$repeat" <<'PY'
import json, os, statistics, sys
platform, work, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Run as multi-tree's plan by best, not candidates of their own.
not_candidates = {"best", "multi-tree-capped", "multi-tree-periodic"}
best_walls = []
for r in range(1, repeat + 1):
    runs = [run for run in json.load(open(f"{work}/best.{r}.json"))["runs"] if run["scheduler"] == "best"]
    if not runs or runs[0]["status"] != "ok":
        print(f"{os.path.basename(platform):<28} best: {runs[0]['status'] if runs else 'no row'}")
        sys.exit(0)
    best_walls.append(runs[0]["wall_seconds"])
walls = {}  # scheduler/port -> its wall in each repeat
for port in ("one", "multi"):
    for r in range(1, repeat + 1):
        for run in json.load(open(f"{work}/{port}.{r}.json"))["runs"]:
            if run["scheduler"] not in not_candidates and run["status"] == "ok":
                walls.setdefault(f"{run['scheduler']}/{port}", []).append(run["wall_seconds"])
best = statistics.median(best_walls)
slowest = max(((name, statistics.median(w)) for name, w in walls.items()), key=lambda item: item[1], default=("", 0.0))
ratio = best / slowest[1] if slowest[1] > 0 else float("nan")
print(f"{os.path.basename(platform):<28} {best:>10.3f}  {slowest[0]:<36} {slowest[1]:>10.3f}  {ratio:>6.2f}")
PY
done
