#!/usr/bin/env bash
# sweep.sbatch without a cluster (ctest slurm.sweep_sbatch, any user): the task environment Slurm
# would set is set by hand, and a stand-in `sbatch` on the PATH records the merge it is asked for.
#   - task 1 of --array=0-3 runs shard 1/4 (ids 1 mod 4) and submits nothing;
#   - task 2 of a resubmitted --array=2 with the shard count 4 runs shard 2/4 and, being the lowest
#     task, submits the merge of the four shard files after its array;
#   - every misuse fails with one line `sweep.sbatch: error: ...` naming it, status 2, no file left.
# Usage: sweep_sbatch_test.sh HBCAST_BINARY
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
hbcast=$(realpath "${1:?usage: $0 HBCAST_BINARY}")
scenario=$(realpath "$here/../example.yaml")
work=$(mktemp -d "${TMPDIR:-/tmp}/hbcast-sbatch-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

mkdir "$work/bin" "$work/run"
cat >"$work/bin/sbatch" <<'EOF'
#!/bin/sh
printf '%s\n' "$@" >"$STAND_IN_SBATCH_LOG"
echo "Submitted batch job 99"
EOF
chmod +x "$work/bin/sbatch"
export PATH=$work/bin:$PATH STAND_IN_SBATCH_LOG=$work/sbatch.args HBCAST=$hbcast
for variable in $(compgen -e | grep -E '^(SLURM|SBATCH)_' || true); do unset "$variable"; done

# Runs the script as array task $1 of an array whose indices run from $2 to $3, then the arguments.
task() {
  local id=$1 min=$2 max=$3
  shift 3
  (cd "$work/run" && SLURM_ARRAY_JOB_ID=77 SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=$min SLURM_ARRAY_TASK_MAX=$max \
    SLURM_ARRAY_TASK_COUNT=$((max - min + 1)) SLURM_CPUS_PER_TASK=1 bash "$here/sweep.sbatch" "$@")
}

# The ids in a shard file, one per line, and whether they are exactly those $2 modulo $3.
check_shard() {
  local file=$work/run/example.shard-$2-of-$3.csv wrong
  [ -f "$file" ] || { fail "$1: no $file"; return; }
  wrong=$(awk -F, -v i="$2" -v n="$3" 'NR > 1 && $1 % n != i' "$file" | wc -l)
  [ "$(($(wc -l <"$file") - 1))" -eq 36 ] && [ "$wrong" -eq 0 ] || fail "$1: $file is not the 36 points $2 mod $3"
}

task 1 0 3 "$scenario" >/dev/null || fail "task 1 of 0-3 exited $?"
check_shard "task 1 of 0-3" 1 4
[ ! -e "$STAND_IN_SBATCH_LOG" ] || fail "task 1 of 0-3 submitted a merge"

task 2 2 2 "$scenario" 4 >/dev/null || fail "task 2 resubmitted exited $?"
check_shard "task 2 resubmitted" 2 4
grep -qx -- "--dependency=afterany:77" "$STAND_IN_SBATCH_LOG" || fail "the merge does not wait for array 77"
grep -qx -- "--chdir=$work/run" "$STAND_IN_SBATCH_LOG" || fail "the merge does not run in the task's directory"
grep -qxF -- "--wrap=$hbcast merge $scenario example.shard-*-of-4.csv -o example.results.csv" "$STAND_IN_SBATCH_LOG" \
  || fail "the merge command is not the expected one: $(grep -- --wrap "$STAND_IN_SBATCH_LOG")"

# Misuse: $1 the expected message fragment, then how the script is run.
expect_error() {
  local fragment=$1 err status=0
  shift
  rm -rf "$work/run" && mkdir "$work/run"
  err=$("$@" 2>&1 >/dev/null) || status=$?
  [ $status -eq 2 ] || fail "'$fragment': exit status $status, expected 2"
  [ "$(grep -c . <<<"$err")" -eq 1 ] && [[ $err == "sweep.sbatch: error: "*"$fragment"* ]] \
    || fail "'$fragment' not the one error line: $err"
  [ -z "$(ls -A "$work/run")" ] || fail "'$fragment' left files: $(ls "$work/run")"
}

expect_error "usage: sbatch --array=0-N sweep.sbatch SCENARIO.yaml [SHARDS]" task 0 0 3
expect_error "run it as a job array: sbatch --array=0-N sweep.sbatch $scenario" bash "$here/sweep.sbatch" "$scenario"
expect_error "scenario 'nowhere.yaml' not found from $work/run" task 0 0 3 nowhere.yaml
task_without_binary() { HBCAST=$work/none task "$@"; }
expect_error "no hbcast binary at '$work/none': set HBCAST=/path/to/hbcast before sbatch" task_without_binary 0 0 3 "$scenario"
expect_error "array 1-4 (4 tasks) is not 0-(N-1): give the shard count" task 1 1 4 "$scenario"
expect_error "shard count 'four' is not a positive whole number" task 0 0 3 "$scenario" four
expect_error "shard count '0' is not a positive whole number" task 0 0 3 "$scenario" 0
expect_error "array index 4 is not a shard of 4 (0 to 3)" task 4 4 4 "$scenario" 4

[ $failures -eq 0 ] || exit 1
echo "PASSED: shard numbering, the merge submission and 8 misuses"
