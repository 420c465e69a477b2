#!/usr/bin/env bash
# No OOM killer (ctest memory.refusals): under a 2 GiB address-space limit (ulimit -v, through
# prlimit), work that would not fit is refused before it starts, with one line giving the estimate,
# the memory available and what lowers it, exit status 2:
#   1. a <cluster> of 2 x 10^6 hosts (SimGrid alone would need about 5.6 GiB to load it);
#   2. --slices at its bound (as many slices as the message has bytes) on 2 x 10^4 hosts;
#   3. `hbcast lp --candidates all` on 6,000 hosts (36 x 10^6 candidate pairs).
# Not run under the sanitizers (ASan reserves terabytes of address space).
# Usage: memory_refusal_test.sh HBCAST_BINARY
set -euo pipefail
hbcast=$(realpath "${1:?usage: $0 HBCAST_BINARY}")
work=$(mktemp -d "${TMPDIR:-/tmp}/hbcast-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
cluster() {  # cluster FILE HOSTS
  cat > "$1" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="root" routing="Full">
<cluster id="c" prefix="n-" suffix="" radical="0-$(($2 - 1))" speed="1Gf" bw="125MBps" lat="50us"/>
</zone></platform>
XML
}
limited() { prlimit --as=$((2 << 30)) -- "$hbcast" "$@"; }
expect_refusal() {  # expect_refusal PATTERN ARGS...
  local pattern=$1 status=0
  shift
  limited "$@" > "$work/out" 2> "$work/err" || status=$?
  echo "\$ hbcast $*  (ulimit -v 2 GiB): exit $status: $(cat "$work/err")"
  [ "$status" -eq 2 ] || fail "exit status $status, not 2 (137 would be the OOM killer)"
  [ "$(wc -l < "$work/err")" -eq 1 ] || fail "stderr is not one line"
  [ ! -s "$work/out" ] || fail "something on stdout"
  grep -Eq "^hbcast: error: .*$pattern" "$work/err" || fail "the message does not match: $pattern"
}

cluster "$work/c2m.xml" 2000000
expect_refusal "loading '[^']*c2m.xml' \(2000000 hosts, 0 links outside clusters\) needs an estimated 5\.[0-9]+ GiB of memory \(SimGrid's platform: about 2\.9 KiB per host and 1 KiB per link\), more than the [0-9.]+ [MG]iB available \(ulimit -v\); nothing but a smaller platform or more memory lowers it" \
  simulate "$work/c2m.xml" -s binomial
expect_refusal "loading '[^']*c2m.xml' \(2000000 hosts" lp "$work/c2m.xml"

cluster "$work/c20k.xml" 20000
expect_refusal "--slices 4194304 on 20000 hosts needs an estimated 625 GiB of memory \(the pipelined evaluation's slice arrival times, 20000 hosts x 4194304 slices x 8 bytes\), more than the [0-9.]+ [MG]iB available \(ulimit -v\); fewer --slices lower it" \
  simulate "$work/c20k.xml" -s binomial --slices 4194304

cluster "$work/c6k.xml" 6000
expect_refusal "the steady-state program over all 6000 x 5999 ordered pairs needs an estimated 4[0-9]\.[0-9]+ GiB of memory \(about 1\.3 KiB per candidate pair: its route, graph arc, program column and cut rows\), more than the [0-9.]+ [MG]iB available \(ulimit -v\); --candidates nearest:K lowers it to about n x \(K \+ 2\) pairs" \
  lp "$work/c6k.xml" --candidates all
echo "PASSED: every run refused before it started, none killed"
