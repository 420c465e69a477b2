#!/usr/bin/env bash
# Wall time of SMPI 3.32's MPI_Bcast algorithms with SMPI's own MPI_Waitall and with the in-order
# one hbcast preloads (plugin/mpi/tools/smpi_waitall_in_order.cpp), side by side, and whether the
# simulated times are identical. Each algorithm is one point of a sweep (`hbcast sweep -j 1`, so
# one smpirun at a time); the walls come from the sweep's results.csv.wall.csv, the simulated
# times from its rows, written with 17 significant digits.
#   scripts/smpi_baseline_walls.sh HBCAST PLATFORM.xml SIZE [ALGORITHM ...]
# HBCAST: the hbcast command (build/plugin/hbcast); PLATFORM.xml: a file (`hbcast generate ... -o`);
# SIZE: a message size (1MiB, 16MiB); ALGORITHMs: SMPI's names (default: all of them).
# Set KEEP_DIR=DIR to keep the sweeps' files in DIR.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 HBCAST PLATFORM.xml SIZE [ALGORITHM ...]" >&2
  exit 2
fi
hbcast=$1 platform=$(realpath "$2") size=$3
shift 3
algorithms=all
[ $# -eq 0 ] || algorithms="[$(IFS=,; echo "$*")]"
work=${KEEP_DIR:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP_DIR:-}" ] || trap 'rm -rf "$work"' EXIT
cat > "$work/walls.yaml" <<EOF
name: smpi_baseline_walls
platform:
  file: $platform
schedulers: [flat]
sizes: [$size]
mpi_baselines: $algorithms
EOF
# An empty HBCAST_SMPI_WAITALL runs SMPI's own MPI_Waitall.
HBCAST_SMPI_WAITALL= nice -n 5 "$hbcast" sweep "$work/walls.yaml" -j 1 -o "$work/own.csv" > /dev/null || true
nice -n 5 "$hbcast" sweep "$work/walls.yaml" -j 1 -o "$work/in_order.csv" > /dev/null || true
python3 - "$work/own.csv" "$work/in_order.csv" <<'PY'
import csv, sys

def load(path):
    walls = {int(r["point"]): float(r["wall_seconds"]) for r in csv.DictReader(open(path + ".wall.csv"))}
    rows = {}
    for r in csv.DictReader(open(path)):
        if r["scheduler"].startswith("mpi:"):
            rows[r["scheduler"][4:]] = (r["simulated_makespan"], walls.get(int(r["point"])), r["status"])
    return rows

own, in_order = load(sys.argv[1]), load(sys.argv[2])
print(f"{'algorithm':28} {'simulated (s)':>22} {'identical':>9} {'wall own (s)':>12} {'in order (s)':>12} {'speed-up':>8}")
worst = None
for name, (simulated, wall, status) in own.items():
    other = in_order.get(name, ("", None, "missing"))
    if status != "ok" or other[2] != "ok":
        print(f"{name:28} {'-':>22} {'-':>9} {wall or 0:12.2f} {other[1] or 0:12.2f} {'-':>8}  ({status} / {other[2]})")
        continue
    same = float(simulated) == float(other[0])
    if not same:
        worst = max(worst or 0.0, abs(float(simulated) - float(other[0])) / float(simulated))
    print(f"{name:28} {float(simulated):22.17g} {'yes' if same else 'NO':>9} {wall:12.2f} {other[1]:12.2f} "
          f"{wall / other[1]:8.1f}")
print(f"total wall: own {sum(w for _, w, _ in own.values() if w):.1f} s, "
      f"in order {sum(w for _, w, _ in in_order.values() if w):.1f} s")
if worst is not None:
    sys.exit(f"simulated times differ (largest relative difference {worst:.3g})")
PY
