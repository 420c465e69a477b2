#!/usr/bin/env bash
# A sweep whose disk fills up (ctest sweep.full_disk): its results go to a 128 KiB tmpfs, most of it
# taken by a filler file. The sweep must stop with one line naming the file, the error and the
# complete rows kept, leave only complete rows (each equal to an undisturbed run's row), and,
# once the filler is gone, `--resume` must finish the file byte for byte as the undisturbed run.
# The tmpfs is mounted in a private mount namespace (unshare; root, or a user namespace).
# Usage: full_disk_sweep_test.sh HBCAST_BINARY
set -euo pipefail
hbcast=$(realpath "${1:?usage: $0 HBCAST_BINARY}")
if [ "${HBCAST_IN_MOUNT_NAMESPACE:-}" != 1 ]; then
  # --map-root-user makes it work without root too (unprivileged user namespaces); as root plain.
  if [ "$(id -u)" -eq 0 ]; then exec env HBCAST_IN_MOUNT_NAMESPACE=1 unshare --mount "$0" "$hbcast"; fi
  exec env HBCAST_IN_MOUNT_NAMESPACE=1 unshare --mount --map-root-user "$0" "$hbcast"
fi
fail() { echo "FAILED: $*" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/hbcast-full-disk.XXXXXX")
trap 'umount "$work/disk" 2>/dev/null; rm -rf "$work"' EXIT
cat > "$work/grid.yaml" <<'YAML'
name: full-disk
platform: {generator: random, parameters: {nodes: 6, density: 0.4}}
schedulers: [flat, binomial, fnf]
sizes: [64KiB, 1MiB]
port: [one, multi]
repetitions: 8
seed: 5
YAML
"$hbcast" sweep "$work/grid.yaml" -j 2 -o "$work/undisturbed.csv" >/dev/null
points=$(($(wc -l < "$work/undisturbed.csv") - 1))
[ "$points" -eq 96 ] || fail "the undisturbed sweep wrote $points rows, not 96"

mkdir "$work/disk"
mount -t tmpfs -o size=128k tmpfs "$work/disk"
# Leave two pages: about ten rows of the results file and its wall-time file.
head -c $((120 * 1024)) /dev/zero > "$work/disk/filler"
status=0
"$hbcast" sweep "$work/grid.yaml" -j 2 -o "$work/disk/out.csv" > "$work/out" 2> "$work/err" || status=$?
echo "sweep on a full disk: exit $status; stderr: $(cat "$work/err")"
[ "$status" -eq 2 ] || fail "exit status $status, not 2"
[ "$(wc -l < "$work/err")" -eq 1 ] || fail "stderr is not one line"
grep -q "^hbcast: error: cannot write '$work/disk/out.csv': No space left on device; '$work/disk/out.csv' keeps its [0-9]* complete rows" "$work/err" ||
  fail "the message does not name the file, the error and the rows kept"
kept=$(($(wc -l < "$work/disk/out.csv") - 1))
[ "$kept" -ge 1 ] && [ "$kept" -lt "$points" ] || fail "$kept rows kept: the disk did not fill mid-sweep"
[ -z "$(tail -c 1 "$work/disk/out.csv")" ] || fail "the file ends with a cut line"
grep -q "keeps its $kept complete rows" "$work/err" || fail "the message's row count is not the file's ($kept)"
head -n 1 "$work/disk/out.csv" | cmp -s - <(head -n 1 "$work/undisturbed.csv") || fail "the header changed"
tail -n +2 "$work/disk/out.csv" | while IFS= read -r row; do
  grep -qxF -- "$row" "$work/undisturbed.csv" || fail "a kept row is not the undisturbed run's: $row"
done

rm "$work/disk/filler"
"$hbcast" sweep "$work/grid.yaml" -j 2 -o "$work/disk/out.csv" --resume > "$work/out"
cat "$work/out"
grep -q "96 points in the scenario, $kept already done, $((points - kept)) run, 0 failed" "$work/out" ||
  fail "--resume did not run exactly the missing points"
cmp "$work/disk/out.csv" "$work/undisturbed.csv" || fail "the resumed file differs from the undisturbed run"
echo "PASSED: $kept of $points rows kept on the full disk, the rest run by --resume, byte-identical"
