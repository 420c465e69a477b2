#!/bin/sh
# libhbcast_mpi under Open MPI on this machine: every scheduler's plan (atomic, pipelined one-port,
# pipelined multi-port, a root that is not the first host, multi-tree plans and their rate-capped and
# periodic forms, multi-port plans with send gaps) on 8-host platforms, run by
# `mpirun -np 8`; hbcast_mpi_check checks that every rank's buffer is bit-identical to the
# root's (random data, odd sizes, a count not divisible by the slices, a derived datatype).
# Then the errors: a plan that does not match the communicator fails with a message, no hang.
#   mpi_plans_test.sh HBCAST HBCAST_MPI_CHECK MPIEXEC WORKDIR
set -eu
hbcast=$1 check=$2 mpiexec=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
# Open MPI refuses root without these; loopback and shared memory only (containers have no fabric).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
run_mpi() {
  np=$1; shift
  timeout 600 "$mpiexec" --oversubscribe -np "$np" "$check" "$@"
}
fail() { echo "FAIL: $*" >&2; exit 1; }

"$hbcast" generate random --nodes 8 --density 0.5 --seed 11 -o "$work/p8.xml" >/dev/null
"$hbcast" simulate "$work/p8.xml" -s all --size 1MB --plan "$work/atomic.json" --format csv >/dev/null
"$hbcast" simulate "$work/p8.xml" -s all --size 1MB --slices 5 --plan "$work/piped.json" --format csv >/dev/null
"$hbcast" simulate "$work/p8.xml" -s all --size 1MB --slices 3 --port multi --plan "$work/multi.json" --format csv >/dev/null
"$hbcast" simulate "$work/p8.xml" -s mpich-binomial,fnf --root node-5 --slices 4 --plan "$work/root5.json" --format csv >/dev/null
# Multi-tree plans: several weighted trees sharing the slices, both port models.
"$hbcast" simulate "$work/p8.xml" -s multi-tree --size 1MB --slices 16 --plan "$work/multi-tree.json" --format csv >/dev/null
"$hbcast" simulate "$work/p8.xml" -s multi-tree --size 1MB --slices 9 --port multi --plan "$work/multi-tree-mp.json" --format csv >/dev/null
# Their executable forms: rate-capped (both port models) and periodic (slots in order).
"$hbcast" simulate "$work/p8.xml" -s multi-tree-capped,multi-tree-periodic --param alone=0 --size 1MB --slices 16 \
  --plan "$work/form.json" --format csv >/dev/null
"$hbcast" simulate "$work/p8.xml" -s multi-tree-capped --param alone=0 --size 1MB --slices 9 --port multi \
  --plan "$work/form-mp.json" --format csv >/dev/null
# Multi-port plans whose senders pause their send gap after each send (a fat-tree's hosts share
# their up link): one tree, several trees.
"$hbcast" generate fat-tree --leaves 2 --hosts-per-leaf 4 -o "$work/ft8.xml" >/dev/null
"$hbcast" simulate "$work/ft8.xml" -s flat,two-tree,multi-tree --size 1MB --slices 6 --port multi \
  --plan "$work/gaps.json" --format csv >/dev/null
grep -q '"send_gaps"' "$work/gaps.two-tree.json" || fail "no send gaps in a multi-port fat-tree plan"
grep -q '"weight"' "$work/multi-tree.json" || fail "no multi-tree plan written"
grep -q '"slots"' "$work/form.multi-tree-periodic.json" || fail "no periodic plan written"
grep -q '"slot_seconds"' "$work/form.multi-tree-periodic.json" || fail "no clock in the periodic plan"
grep -q '"form": "capped"' "$work/form-mp.json" || fail "no multi-port rate-capped plan written"
plans=$(ls "$work"/*.json)
count=$(echo "$plans" | wc -l)
[ "$count" -ge 60 ] || fail "expected a plan per scheduler and mode, got $count"

out=$(run_mpi 8 --seed 17 $plans) || fail "hbcast_mpi_check failed: $out"
echo "$out"
echo "$out" | grep -q "$count plans, $((count * 4)) cases, 8 ranks, seed 17: every rank bit-identical to the root" \
  || fail "unexpected summary: $out"

# Errors: each must end (no hang), non-zero, with a one-line reason from the library.
expect_error() {
  what=$1 message=$2; shift 2
  if err=$(run_mpi "$@" 2>&1); then fail "$what: accepted"; fi
  echo "$err" | grep -q "hbcast_mpi: error: .*$message" || fail "$what: no message '$message' in: $err"
  echo "ok: $what refused: $(echo "$err" | grep 'hbcast_mpi: error' | head -1)"
}
one=$(echo "$plans" | head -1)
expect_error "7 ranks for an 8-host plan" "spans 8 hosts, the communicator has 7 ranks" 7 "$one"
expect_error "unknown host" "rank 7 runs on host 'nowhere', which is not a host of the plan's platform" \
  8 --rank-map node-0,node-1,node-2,node-3,node-4,node-5,node-6,nowhere "$one"
sed 's/"to": "node-3"/"to": "node-3-renamed"/' "$one" > "$work/unknown-edge.bad"
expect_error "edge to a host outside the plan" "host 'node-3-renamed' is not in" 8 "$work/unknown-edge.bad"
# Not spanning: the first edge that informs node-6 now informs node-7 a second time.
awk 'BEGIN{done=0} /"to": "node-6"/ && !done {sub(/node-6/, "node-7"); done=1} {print}' "$one" > "$work/twice.bad"
expect_error "tree that does not span" "spans 7 hosts, the communicator has 8 ranks\\|receives twice" 8 "$work/twice.bad"
# All ranks of this machine share one processor name, which is no host of the plan.
expect_error "processor names of one machine" "rank 0 runs on host '.*', which is not a host of the plan's platform" \
  8 --processor-names "$one"
expect_error "missing plan file" "cannot read plan" 8 "$work/none.json"
