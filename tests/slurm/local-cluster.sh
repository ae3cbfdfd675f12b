#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for testing `queens count --part slurm` with real
# job arrays (see tests/slurm.rs and examples/slurm/count.sbatch).
#
#   tests/slurm/local-cluster.sh start   install Slurm and munge if needed, start the daemons,
#                                        wait until the node is idle; prints the SLURM_CONF to use
#   tests/slurm/local-cluster.sh stop    stop the daemons (by their pid files)
#
# Needs root and Debian (apt-get). Everything it writes lives in $QUEENS_SLURM_DIR (default
# /tmp/queens-slurm): its own munge key and socket, slurm.conf, state, logs and pid files, so
# it leaves any system-wide Slurm or munge configuration alone. Clients find the cluster
# through SLURM_CONF=$QUEENS_SLURM_DIR/slurm.conf.
set -euo pipefail

dir=${QUEENS_SLURM_DIR:-/tmp/queens-slurm}
conf=$dir/slurm.conf
pids=("$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid")

log() { echo "local-cluster: $*" >&2; }

stop() {
  for pidfile in "${pids[@]}"; do
    [ -s "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if kill "$pid" 2>/dev/null; then
      # Wait up to 10 s for the daemon to exit.
      for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      log "stopped $(basename "$pidfile" .pid) (pid $pid)"
    fi
    rm -f "$pidfile"
  done
}

install() {
  local missing=()
  for cmd in slurmctld slurmd sbatch munged; do
    command -v "$cmd" >/dev/null || missing+=("$cmd")
  done
  [ ${#missing[@]} -eq 0 ] && return
  log "installing slurmctld slurmd slurm-client munge (missing: ${missing[*]})"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # policy-rc.d-style environments refuse to start the packaged services; we start our own.
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
}

start() {
  [ "$(id -u)" -eq 0 ] || { log "must run as root"; exit 1; }
  install
  stop
  local host cpus mem
  host=$(hostname -s)
  cpus=$(nproc --all)
  # Leave 10 % of the memory (in MiB) to the system.
  mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
  # The daemons find each other by this name.
  if ! getent hosts "$host" >/dev/null; then
    log "adding $host to /etc/hosts (it did not resolve)"
    echo "127.0.0.1 $host" >>/etc/hosts
  fi
  rm -rf "$dir/state" "$dir/spool"
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 0700 "$dir/munge"

  # Munge: a fresh key, our own socket.
  if [ ! -s "$dir/munge/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 0400 "$dir/munge/munge.key"
  fi
  munged --force \
    --key-file="$dir/munge/munge.key" \
    --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed"

  cat >"$conf" <<CONF
# One-node cluster for the queens tests, written by tests/slurm/local-cluster.sh.
ClusterName=queens-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldTimeout=30
# sbatch --wait polls every 2 s (instead of 2, 8, 32 s) only while MinJobAge/3 is at most 2.
MinJobAge=6
SlurmdTimeout=30
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=queens Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$conf
  slurmctld -f "$conf"
  slurmd -f "$conf"

  # Wait (up to 60 s) for the node to come up idle.
  local state=""
  for _ in $(seq 600); do
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1 || true)
    [ "$state" = idle ] && break
    sleep 0.1
  done
  if [ "$state" != idle ]; then
    log "the node did not become idle (state: '${state:-none}'); logs follow"
    tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" "$dir/munge/munged.log" >&2 || true
    stop
    exit 1
  fi
  log "node $host ($cpus CPUs) idle; use SLURM_CONF=$conf"
  echo "$conf"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
