#!/usr/bin/env bash
# Runs the libFuzzer targets of plugin/fuzz under ASan/UBSan (docs/reliability.md).
#   scripts/fuzz.sh TARGET SECONDS     one target, e.g. scripts/fuzz.sh plan_json 3600
#   scripts/fuzz.sh all SECONDS        every target, SECONDS each, two at a time (CI: 30 s)
#   scripts/fuzz.sh --list             the targets
# Builds the sanitized tree first if needed (scripts/sanitize.sh --build-only). Each run starts
# from the committed seeds (plugin/fuzz/corpus/TARGET) and past findings
# (plugin/fuzz/regressions/TARGET); the inputs it finds go to a scratch corpus, not to the
# repository. A crash, leak, timeout or property violation fails the run and leaves the input in
# fuzz-findings/TARGET/: add it to plugin/fuzz/regressions/TARGET/ with the fix. The summary gives
# each target's executions and coverage (libFuzzer's cov: edges, ft: features).
# Environment: HBCAST_SANITIZE_DIR (default build-sanitize), FUZZ_JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source scripts/sanitizer_env.sh
dir=${HBCAST_SANITIZE_DIR:-build-sanitize}
targets=$(sed -n 's/^hbcast_fuzz_target(\([a-z_]*\) .*/\1/p' plugin/fuzz/CMakeLists.txt)
if [ "${1:-}" = --list ]; then echo "$targets"; exit 0; fi
target=${1:?usage: scripts/fuzz.sh TARGET|all SECONDS (scripts/fuzz.sh --list)}
seconds=${2:?usage: scripts/fuzz.sh TARGET|all SECONDS}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: SECONDS must be a whole number >= 1, not '$seconds'" >&2; exit 2; }
if [ "$target" = all ]; then chosen=$targets; else
  grep -qx "$target" <<<"$targets" || { echo "fuzz.sh: no target '$target' (targets: $(echo $targets))" >&2; exit 2; }
  chosen=$target
fi
[ -d "$dir" ] || scripts/sanitize.sh --build-only
cmake --build "$dir" -j "${JOBS:-$(nproc)}" --target $(for t in $chosen; do echo "${t}_fuzz"; done) >/dev/null

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
run_one() {
  local name=$1 corpus=$scratch/$1 log=$scratch/$1.log findings=$root/fuzz-findings/$1
  mkdir -p "$corpus" "$findings"
  local inputs=("$root/plugin/fuzz/corpus/$name")
  [ -d "$root/plugin/fuzz/regressions/$name" ] && inputs+=("$root/plugin/fuzz/regressions/$name")
  local status=0
  # Each input runs in this process: 2 GiB of RSS and 10 s per input are findings, not waits.
  "$root/$dir/plugin/fuzz/${name}_fuzz" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "${inputs[@]}" >"$log" 2>&1 || status=$?
  local runs cov ft seed
  seed=$(sed -n 's/^INFO: Seed: *//p' "$log" | head -1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  rmdir "$findings" 2>/dev/null || true
  if [ $status -ne 0 ]; then
    echo "== $name: FAILED (exit $status); libFuzzer's output ends:" >&2
    tail -n 40 "$log" >&2
    echo "FAIL $name ${runs:-?} ${cov:-?} ${ft:-?} ${seed:-?}" >"$scratch/$name.result"
    return 1
  fi
  echo "ok $name ${runs:-?} ${cov:-?} ${ft:-?} ${seed:-?}" >"$scratch/$name.result"
}
export -f run_one
export root dir seconds scratch
status=0
printf '%s\n' $chosen | xargs -P "${FUZZ_JOBS:-2}" -I{} bash -c 'run_one {}' || status=$?
printf '%-18s %8s %12s %8s %8s %11s\n' target result executions "cov" "ft" seed
for name in $chosen; do
  read -r result _ runs cov ft seed < "$scratch/$name.result" || { result=FAIL; runs=?; cov=?; ft=?; seed=?; }
  printf '%-18s %8s %12s %8s %8s %11s\n' "$name" "$result" "$runs" "$cov" "$ft" "$seed"
done
echo "fuzz.sh: $seconds s per target under ASan/UBSan ($(date -u +%Y-%m-%d))"
[ $status -eq 0 ] || { echo "fuzz.sh: a target failed: its input is in fuzz-findings/" >&2; exit 1; }
