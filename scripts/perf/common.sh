# Shared by the scripts of scripts/perf: which hbcast to run, where to put platforms, and how a
# measurement is printed. Source it; do not run it.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
hbcast=${HBCAST:-$repo/build/plugin/hbcast}
[ -x "$hbcast" ] || { echo "perf: no hbcast at $hbcast (build it, or set HBCAST)" >&2; exit 2; }
work=${PERF_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hbcast-perf.XXXXXX")}
mkdir -p "$work"

# The machine, the date and the code, printed before any figure.
perf_header() {
  echo "machine  $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem:/ {print $2}') GB, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "date     $(date -u +%Y-%m-%d)"
  echo "hbcast   $hbcast ($(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
  echo "files    $work"
}

# measure LABEL COMMAND...: one run, its wall time, CPU time and peak memory (GNU time).
measure() {
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$@" > "$work/out.txt" 2> "$work/err.txt" || {
    echo "perf: '$label' failed:" >&2; tail -5 "$work/err.txt" >&2; exit 1; }
  read -r wall user sys kb < "$work/time.txt"
  printf '%-58s wall %8.2f s   cpu %8.2f s   peak %7.0f MB\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" "$(echo "$kb / 1024" | bc)"
}

# repeat LABEL RUNS COMMAND...: hyperfine's mean and range after a warm-up, when hyperfine is there.
repeat() {
  local label=$1 runs=$2; shift 2
  if command -v hyperfine > /dev/null; then
    hyperfine --warmup 1 --runs "$runs" --style none --export-json "$work/hyperfine.json" "$(printf '%q ' "$@")" > /dev/null
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%-58s mean %.3f s, min %.3f s, max %.3f s, %d runs" % (sys.argv[2], r["mean"], r["min"], r["max"], len(r["times"])))' "$work/hyperfine.json" "$label"
  else
    for _ in $(seq "$runs"); do measure "$label" "$@"; done
  fi
}
