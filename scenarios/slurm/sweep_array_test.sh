#!/usr/bin/env bash
# sweep.sbatch on a real Slurm (ctest slurm.sweep_array): a single-node cluster from
# local_cluster.sh, in a temporary directory, stopped on every exit.
#   1. The example scenario as a 4-task array with its dependent merge: the merged file must equal
#      a local `hbcast sweep` byte for byte.
#   2. Fault injection, in a fresh directory: task 2 is held, then cancelled with scancel before it
#      can run; the merge must fail naming exactly shard 2's points (ids 2 mod 4).
#   3. Task 2 resubmitted alone completes the shard; its merge equals the local sweep again.
# Usage: sweep_array_test.sh HBCAST_BINARY. Exit status 77 (ctest: skipped) when Slurm cannot be
# started here (not root, packages not installable), with the reason; 0 passed; else failed.
# Environment: HBCAST_SLURM_TEST_TIMEOUT, seconds for the whole test (default 150);
# HBCAST_REQUIRE_SLURM=1 turns a skip into a failure with the same reason (CI sets it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
hbcast=$(realpath "${1:?usage: $0 HBCAST_BINARY}")
scenario=$(realpath "$here/../example.yaml")
stem=example
shards=4
cancelled=2
deadline=$((SECONDS + ${HBCAST_SLURM_TEST_TIMEOUT:-150}))

skip() {
  if [ "${HBCAST_REQUIRE_SLURM:-0}" = 1 ]; then echo "FAILED: HBCAST_REQUIRE_SLURM=1 and Slurm cannot run here: $*" >&2; exit 1; fi
  echo "SKIPPED: $*"; exit 77
}
fail() { echo "FAILED: $*" >&2; exit 1; }  # stderr: shown even from inside $(...)
show() { echo "\$ $*" >&2; "$@"; }  # the command on stderr, so that $(show ...) captures only its output

[ "$(id -u)" -eq 0 ] || skip "not root (local_cluster.sh needs root to run slurmd)"

# A port pair nobody listens on, so that a Slurm already on this machine is left alone.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port_pair() {
  local port
  for port in $(seq 16817 2 16999); do
    port_free "$port" && port_free $((port + 1)) && { echo "$port"; return; }
  done
  fail "no free port pair in 16817-17000"
}

# Nothing from a surrounding Slurm job (ctest run inside an allocation) may leak into ours.
for variable in $(compgen -e | grep -E '^(SLURM|SBATCH|SALLOC|SRUN)_' || true); do unset "$variable"; done
port=$(free_port_pair)
work=$(mktemp -d "${TMPDIR:-/tmp}/hbcast-slurm-test.XXXXXX")
chmod 755 "$work"  # munged wants its socket reachable by every user
export HBCAST_SLURM_DIR=$work/cluster HBCAST_SLURM_PORT=$port HBCAST=$hbcast
export SLURM_CONF=$HBCAST_SLURM_DIR/slurm.conf

dump_logs() {
  local file
  for file in "$HBCAST_SLURM_DIR"/log/*.log "$work"/*/*.out; do
    if [ -e "$file" ]; then echo "--- $file (last 20 lines)"; tail -n 20 "$file"; fi
  done
}
cleanup() {
  local status=$?
  set +e  # clean up whatever failed
  [ $status -eq 0 ] || [ $status -eq 77 ] || dump_logs
  "$here/local_cluster.sh" stop >/dev/null 2>&1 || echo "local_cluster.sh stop failed"
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap 'exit 143' TERM INT  # so that the cluster is stopped when ctest or a user interrupts the test

# Empty while slurmctld does not know the job (yet).
job_state() { { scontrol show job -o "$1" 2>/dev/null || true; } | sed -n '1s/.*JobState=\([A-Z_]*\).*/\1/p'; }

# Waits until job $1 has ended and checks it ended in state $2.
wait_for() {
  local state
  while true; do
    state=$(job_state "$1")
    case "$state" in
      PENDING | RUNNING | CONFIGURING | COMPLETING | "") ;;
      "$2") echo "job $1: $state (at ${SECONDS} s)"; return 0 ;;
      *) fail "job $1 ended $state, expected $2" ;;
    esac
    [ $SECONDS -lt $deadline ] || fail "job $1 still ${state:-unknown} at the time limit"
    sleep 0.5
  done
}

# The merge job task $2 of array $1 submitted, from its log (sbatch prints "Submitted batch job N").
merge_job_of() {
  local id
  id=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "hbcast-sweep-$1_$2.out")
  [ -n "$id" ] || fail "task $2 of job $1 submitted no merge job"
  echo "$id"
}

start_cluster() {
  local status=0 reason
  reason=$("$here/local_cluster.sh" start 2>&1) || status=$?
  echo "$reason"
  [ $status -ne 3 ] || skip "$(tail -n 1 <<<"$reason")"
  [ $status -eq 0 ] || fail "local_cluster.sh start exited $status"
}

# 1. The whole array; the merge its lowest task submitted must equal the local sweep.
clean_run() {
  echo "== the array of $shards tasks and its merge"
  mkdir "$work/clean" && cd "$work/clean"
  local array merge
  array=$(show sbatch --parsable --array=0-$((shards - 1)) --cpus-per-task=1 "$here/sweep.sbatch" "$scenario")
  for task in $(seq 0 $((shards - 1))); do wait_for "${array}_$task" COMPLETED; done
  merge=$(merge_job_of "$array" 0)
  wait_for "$merge" COMPLETED
  show cat "hbcast-merge-$merge.out"
  show cmp "$stem.results.csv" "$work/local.csv"
}

# 2. Task $cancelled held, then cancelled before it can run: the merge fails naming exactly its points.
cancelled_task() {
  echo "== the array again, task $cancelled held, then cancelled before it runs"
  mkdir "$work/fault" && cd "$work/fault"
  local array merge points ids count
  array=$(show sbatch --parsable --hold --array=0-$((shards - 1)) --cpus-per-task=1 "$here/sweep.sbatch" "$scenario")
  show scontrol release "${array}_[0-$((cancelled - 1)),$((cancelled + 1))-$((shards - 1))]"
  for task in $(seq 0 $((shards - 1))); do
    [ "$task" -eq $cancelled ] || wait_for "${array}_$task" COMPLETED
  done
  show scancel "${array}_$cancelled"
  wait_for "${array}_$cancelled" CANCELLED
  merge=$(merge_job_of "$array" 0)
  wait_for "$merge" FAILED
  show cat "hbcast-merge-$merge.out"
  points=$(($(wc -l <"$work/local.csv") - 1))
  ids=$(awk -F, -v n=$shards -v i=$cancelled 'NR > 1 && $1 % n == i { printf "%s%s", sep, $1; sep = ", " }' "$work/local.csv")
  count=$(awk -F, -v n=$shards -v i=$cancelled 'NR > 1 && $1 % n == i' "$work/local.csv" | wc -l)
  grep -qF "hbcast: error: $count of $points points missing ($ids), first point $cancelled " "hbcast-merge-$merge.out" \
    || fail "the merge did not name exactly the $count points of shard $cancelled ($ids)"
  [ ! -e "$stem.results.csv" ] || fail "the failed merge left $stem.results.csv"
}

# 3. Task $cancelled alone (the shard count given): its merge completes the sweep.
resubmitted_task() {
  echo "== task $cancelled resubmitted alone"
  local array merge
  array=$(show sbatch --parsable --array=$cancelled --cpus-per-task=1 "$here/sweep.sbatch" "$scenario" $shards)
  wait_for "${array}_$cancelled" COMPLETED
  merge=$(merge_job_of "$array" $cancelled)
  wait_for "$merge" COMPLETED
  show cat "hbcast-merge-$merge.out"
  show cmp "$stem.results.csv" "$work/local.csv"
}

start_cluster
show "$hbcast" sweep "$scenario" -j 2 -o "$work/local.csv"
clean_run
cancelled_task
resubmitted_task
echo "PASSED: sweep.sbatch's merges equal the local sweep byte for byte, with and without the fault ($SECONDS s)"
