#!/usr/bin/env bash
# A single-node Slurm on this machine, to try sweep.sbatch without a cluster (and to test it in CI).
#
#   sudo scenarios/slurm/local_cluster.sh start    # installs what is missing, starts MUNGE, slurmctld, slurmd
#   export SLURM_CONF=...                          # the line `start` prints: sbatch, squeue, ... then use it
#   sudo scenarios/slurm/local_cluster.sh status
#   sudo scenarios/slurm/local_cluster.sh stop     # cancels its jobs, stops exactly the daemons it started
#
# Everything (configuration, MUNGE key and socket, spool, state, logs, pid files) lives in one state
# directory; nothing under /etc is read or written. Settings, from the environment:
#   HBCAST_SLURM_DIR      state directory (default ${XDG_RUNTIME_DIR:-/tmp}/hbcast-slurm)
#   HBCAST_SLURM_PORT     slurmctld's port; slurmd takes the next one (default 6817)
#   HBCAST_SLURM_TIMEOUT  seconds `start` waits for the node to be idle (default 60)
# The node has the CPUs `nproc` counts. The plugins need neither cgroups nor systemd (process
# tracking through /proc, no task binding, no accounting), so it runs in containers too.
# Exit status: 0 done, 1 failed, 3 cannot run here (not root, or the packages cannot be installed).
set -euo pipefail

state_dir=${HBCAST_SLURM_DIR:-${XDG_RUNTIME_DIR:-/tmp}/hbcast-slurm}
ctld_port=${HBCAST_SLURM_PORT:-6817}
timeout=${HBCAST_SLURM_TIMEOUT:-60}
node=$(hostname -s)
conf=$state_dir/slurm.conf
packages=(munge slurmctld slurmd slurm-client)
daemons=(slurmd slurmctld munged)  # in stopping order

say() { echo "local_cluster: $*"; }
fail() { echo "local_cluster: error: $1" >&2; exit "${2:-1}"; }  # $2: exit status

pid_file() { echo "$state_dir/$1.pid"; }

# The pid recorded for a daemon, if that process is still this daemon (a pid may be reused).
running_pid() {
  local file pid
  file=$(pid_file "$1")
  [ -s "$file" ] || return 1
  pid=$(cat "$file")
  [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm")" = "$1" ] && echo "$pid"
}

install_packages() {
  local missing=() package
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || fail "could not install ${missing[*]}" 3
}

write_config() {
  # Root writes here: a directory someone else made (in /tmp, say) is not trusted.
  [ ! -e "$state_dir" ] || [ "$(stat -c %u "$state_dir")" -eq 0 ] || fail "$state_dir exists and is not root's"
  mkdir -p "$state_dir"/{munge,ctld,spool,log}
  chmod 755 "$state_dir" "$state_dir/munge"  # munged wants its socket reachable by every user
  [ -s "$state_dir/munge/munge.key" ] || mungekey --create --keyfile="$state_dir/munge/munge.key"
  cat >"$conf" <<EOF
# Written by local_cluster.sh: one node, $(nproc) CPUs, no cgroups, no accounting.
ClusterName=hbcast-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$((ctld_port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state_dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$state_dir/ctld
SlurmdSpoolDir=$state_dir/spool
SlurmctldPidFile=$(pid_file slurmctld)
SlurmdPidFile=$(pid_file slurmd)
SlurmctldLogFile=$state_dir/log/slurmctld.log
SlurmdLogFile=$state_dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
# Finished jobs stay visible to scontrol for 10 minutes (their state and exit code).
MinJobAge=600
KillWait=5
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
  running_pid munged >/dev/null && return 0
  munged --socket="$state_dir/munge/munge.socket" --key-file="$state_dir/munge/munge.key" \
    --pid-file="$(pid_file munged)" --log-file="$state_dir/log/munged.log" --seed-file="$state_dir/munge/munge.seed" \
    || fail "munged did not start (see $state_dir/log/munged.log)"
}

start_slurm() {
  # -c: a fresh controller state, so that no job of an earlier run comes back.
  running_pid slurmctld >/dev/null || SLURM_CONF=$conf slurmctld -c -f "$conf" \
    || fail "slurmctld did not start (see $state_dir/log/slurmctld.log)"
  running_pid slurmd >/dev/null || SLURM_CONF=$conf slurmd -f "$conf" -N "$node" \
    || fail "slurmd did not start (see $state_dir/log/slurmd.log)"
}

node_state() { SLURM_CONF=$conf sinfo -h -n "$node" -o %T 2>/dev/null || true; }

wait_until_idle() {
  local deadline=$((SECONDS + timeout)) state
  while state=$(node_state); [ "$state" != idle ]; do
    [ $SECONDS -lt $deadline ] || fail "node $node not idle after ${timeout}s (state '${state:-unknown}'; see $state_dir/log)"
    sleep 0.5
  done
}

start() {
  [ "$(id -u)" -eq 0 ] || fail "needs root (slurmd runs jobs as the user who submits them): use sudo" 3
  install_packages
  write_config
  start_munge
  start_slurm
  wait_until_idle
  say "node $node idle with $(nproc) CPUs; state in $state_dir"
  echo "export SLURM_CONF=$conf"
}

# SIGTERM, then SIGKILL after 10 s; only the pid this script recorded, and only if it is that daemon.
stop_daemon() {
  local pid
  pid=$(running_pid "$1") || return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 100); do
    [ -d "/proc/$pid" ] || { say "stopped $1 ($pid)"; return 0; }
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  say "killed $1 ($pid)"
}

stop() {
  if running_pid slurmctld >/dev/null; then
    # Jobs first, so that no slurmstepd outlives slurmd.
    SLURM_CONF=$conf scancel --quiet --partition=local 2>/dev/null || true
    local deadline=$((SECONDS + 15))
    while [ -n "$(SLURM_CONF=$conf squeue -h -o %i 2>/dev/null)" ] && [ $SECONDS -lt $deadline ]; do sleep 0.5; done
  fi
  local daemon
  for daemon in "${daemons[@]}"; do stop_daemon "$daemon"; done
}

status() {
  local daemon pid down=0
  for daemon in "${daemons[@]}"; do
    if pid=$(running_pid "$daemon"); then say "$daemon running ($pid)"; else say "$daemon not running"; down=1; fi
  done
  [ $down -eq 0 ] || return 1
  say "node $node $(node_state); SLURM_CONF=$conf"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status (state in \$HBCAST_SLURM_DIR, default $state_dir)" >&2; exit 2 ;;
esac
