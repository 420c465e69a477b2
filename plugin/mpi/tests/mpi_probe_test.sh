#!/bin/sh
# hbcast-probe under Open MPI on this machine: `mpirun --oversubscribe -np 8 hbcast-probe` measures
# the 8 ranks (all on this host: the CSV names them HOST_rRANK), `hbcast calibrate` fits a platform
# and `hbcast simulate` loads it and runs every scheduler. Then a bad option: one line, non-zero.
#   mpi_probe_test.sh HBCAST HBCAST_PROBE MPIEXEC WORKDIR
set -eu
hbcast=$1 probe=$2 mpiexec=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
fail() { echo "FAIL: $*" >&2; exit 1; }

timeout 600 "$mpiexec" --oversubscribe -np 8 "$probe" -o "$work/probe.csv" --sizes 1:4MiB --repetitions 3 \
  --concurrent-size 1MiB 2> "$work/probe.log" || fail "hbcast-probe failed: $(cat "$work/probe.log")"
cat "$work/probe.log"
grep -q "hbcast-probe: estimated " "$work/probe.log" || fail "no estimate before the run"
grep -q '^kind,test,src_rank,dst_rank,src_host,dst_host,bytes,messages,repetitions,median_s,min_s,max_s$' "$work/probe.csv" \
  || fail "no CSV header"
rows=$(grep -c '^pingpong,' "$work/probe.csv")
[ "$rows" -ge 588 ] || fail "expected 28 pairs x 17 sizes + sampled pairs of pingpong rows, got $rows"

"$hbcast" calibrate "$work/probe.csv" -o "$work/cluster.xml" || fail "calibrate failed"
out=$("$hbcast" simulate "$work/cluster.xml" -s all --format csv) || fail "simulate failed on the calibrated platform"
hosts=$(grep -c '<host id=\|<cluster ' "$work/cluster.xml" || true)
[ "$hosts" -ge 1 ] || fail "no host in the calibrated platform"
echo "$out" | grep -q '^binomial,' || fail "simulate ran no binomial: $out"

if err=$(timeout 60 "$mpiexec" --oversubscribe -np 2 "$probe" --repetitions 0 2>&1); then fail "--repetitions 0 accepted"; fi
echo "$err" | grep -q "hbcast-probe: error: --repetitions must be a whole number >= 1, not '0'" || fail "unexpected: $err"
echo "OK: mpirun hbcast-probe, calibrate and simulate"
