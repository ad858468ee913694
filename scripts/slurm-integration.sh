#!/usr/bin/env bash
# Runs the cluster recipe of packaging/cluster (an array job of bench shards, then a dependent merge
# job) on a real single-node SLURM started here from Debian's packages, and checks that the merged
# result is byte-identical to a plain `lightlens-cli bench` of the same dataset.
#
# Usage: bash scripts/slurm-integration.sh [SHARDS]   (default 3; needs root and ./build/app/lightlens-cli)
# What it does: installs slurmctld, slurmd, slurm-client and munge when missing; starts munged,
# slurmctld and slurmd on localhost with a throw-away configuration and state under a temporary folder
# (node declared with 8 CPUs and 16 GB so the recipe's #SBATCH requests fit; ports 6817/6818); writes
# the synthetic dataset (`synth --scenes 4 --size 312x208`); runs packaging/cluster/submit-bench.sh;
# waits for the merge job (a failed shard leaves it waiting forever: that is a failure); compares per_image.csv, summary.json, bench_run.json and tables/ with the plain run.
# The daemons it started are stopped on exit. LIGHTLENS_SLURM_KEEP=1 keeps the temporary folder.
# Exit status: 0 when the merged result equals the plain run; 1 otherwise (job logs are printed).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
shards="${1:-3}"
cli="${LIGHTLENS_CLI:-$root/build/app/lightlens-cli}"
[ "$(id -u)" -eq 0 ] || { echo "slurm-integration.sh: needs root (starts munged, slurmctld, slurmd)" >&2; exit 2; }
[ -x "$cli" ] || { echo "slurm-integration.sh: $cli not found (build first: bash scripts/build.sh)" >&2; exit 2; }

missing=()
for p in slurmctld slurmd slurm-client munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "slurm-integration.sh: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

t0=$(date +%s)
work="$(mktemp -d /tmp/lightlens-slurm.XXXXXX)"
chmod 755 "$work"
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  if [ "${LIGHTLENS_SLURM_KEEP:-0}" = 1 ]; then echo "slurm-integration.sh: kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT

node="$(hostname -s)"
mkdir -p "$work/state" "$work/spool" "$work/munge" "$work/run"
chown munge:munge "$work/munge"
cat >"$work/slurm.conf" <<EOF
ClusterName=lightlens-test
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=8 RealMemory=16384 State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"

# munged, with its socket in the work folder (AuthInfo above), as the munge user.
runuser -u munge -- /usr/sbin/munged --socket="$work/munge/munge.socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed"
for _ in $(seq 50); do [ -s "$work/munge/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munge/munged.pid")")
/usr/sbin/slurmctld -D -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=("$!")
/usr/sbin/slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
pids+=("$!")
for i in $(seq 120); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)
  case "$state" in idle*|mixed*|allocated*) break ;; esac
  if [ "$i" = 120 ]; then
    echo "slurm-integration.sh: the node did not come up (state '$state')" >&2
    tail -n 20 "$work/slurmctld.log" "$work/slurmd.log" "$work/slurmctld.out" "$work/slurmd.out" >&2 || true
    exit 1
  fi
  sleep 1
done
echo "slurm-integration.sh: SLURM up after $(( $(date +%s) - t0 )) s ($(sinfo -h -o '%P %a %D %T'))"

# The dataset and the plain run.
"$cli" synth "$work/ds" --scenes 4 --size 312x208 --quiet
"$cli" bench "$work/ds" --out "$work/plain" --quiet
echo "slurm-integration.sh: dataset and plain run after $(( $(date +%s) - t0 )) s"
mkdir -p "$work/jobs"
start=$(date +%s)
(cd "$work/jobs" && LIGHTLENS_CLI="$cli" bash "$root/packaging/cluster/submit-bench.sh" "$work/ds" "$shards" "$work/results")

# Wait for every job to leave the queue (the merge runs last, after the array).
for i in $(seq 1800); do
  queue="$(squeue -h -o '%i %r' 2>/dev/null)"
  [ -z "$queue" ] && break
  if grep -q DependencyNeverSatisfied <<<"$queue"; then
    echo "slurm-integration.sh: a shard failed, so the merge job can never run" >&2
    for log in "$work"/jobs/*.log; do echo "== $log" >&2; tail -n 20 "$log" >&2; done
    scancel --user=root 2>/dev/null || true
    exit 1
  fi
  if [ "$i" = 1800 ]; then echo "slurm-integration.sh: jobs still queued after 30 minutes" >&2; squeue >&2; exit 1; fi
  sleep 1
done
echo "slurm-integration.sh: array of $shards shards and merge done in $(( $(date +%s) - start )) s"

status=0
for f in per_image.csv summary.json bench_run.json; do
  if ! cmp -s "$work/plain/$f" "$work/results/$f"; then
    echo "slurm-integration.sh: $f differs from the plain run" >&2
    status=1
  fi
done
if ! diff -r -q "$work/plain/tables" "$work/results/tables" >&2; then status=1; fi
if [ "$status" -ne 0 ]; then
  for log in "$work"/jobs/*.log; do echo "== $log" >&2; tail -n 20 "$log" >&2; done
  exit 1
fi
echo "slurm-integration.sh: merged result byte-identical to the plain run (per_image.csv, summary.json, bench_run.json, tables/)"
