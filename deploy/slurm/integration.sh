#!/bin/bash
# Runs a sharded sweep under a real Slurm and checks it: the job array's
# shards, merged, must equal the sweep run whole, byte for byte.
#
#   deploy/slurm/integration.sh [FAMILY [VALUES [SHARDS]]]     (default: octal:2 5000 4)
#
# With no Slurm running here, it sets up a single-node cluster from Debian's
# packages (slurm-wlm, munge; needs root): a slurm.conf for this machine,
# munged, slurmctld and slurmd. It is not part of `go test` (CI cannot start
# daemons); docs/sweep.md quotes a run.
set -euo pipefail
cd "$(dirname "$0")/../.."
FAMILY=${1:-octal:2}
VALUES=${2:-5000}
SHARDS=${3:-4}
WORK=$(mktemp -d /tmp/gamelang-slurm.XXXXXX)

if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null; then
	echo "== installing slurm-wlm and munge"
	DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >/dev/null
fi

if ! scontrol ping >/dev/null 2>&1; then
	echo "== starting a single-node Slurm on $(hostname)"
	node=$(hostname)
	conf=/etc/slurm/slurm.conf
	if [ ! -e "$conf" ]; then
		cpus=$(nproc)
		mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
		cat >"$conf" <<CONF
ClusterName=gamelang
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$node CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
	fi
	mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
	chown munge:munge /run/munge 2>/dev/null || true
	pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged || /usr/sbin/munged --force
	pgrep -x slurmctld >/dev/null || slurmctld
	pgrep -x slurmd >/dev/null || slurmd
	for _ in $(seq 50); do scontrol ping >/dev/null 2>&1 && break; sleep 0.2; done
	for _ in $(seq 50); do sinfo -h -o %T | grep -qE 'idle|mixed' && break; sleep 0.2; done
fi
sinfo

echo "== building gamelang"
go build -o "$WORK/gamelang" ./cmd/gamelang
"$WORK/gamelang" version

echo "== sbatch --array=0-$((SHARDS - 1)): $FAMILY to $VALUES values in $SHARDS shards"
start=$(date +%s)
sbatch --wait --array=0-$((SHARDS - 1)) --chdir="$WORK" --mem=1G \
	--export=ALL,FAMILY="$FAMILY",VALUES="$VALUES",OUT="$WORK/results",GAMELANG="$WORK/gamelang",TIMES=false \
	deploy/slurm/sweep.sbatch
echo "the array took $(($(date +%s) - start)) s"
wc -l "$WORK"/results/shard-*.jsonl

echo "== merging"
"$WORK/gamelang" merge "$WORK"/results/shard-*-of-"$SHARDS".jsonl -o "$WORK/merged.jsonl" 2>"$WORK/summary.txt"
tail -n 3 "$WORK/summary.txt"

echo "== the same sweep run whole, outside Slurm"
"$WORK/gamelang" sweep "$FAMILY" --values "$VALUES" --times=false -o "$WORK/whole.jsonl" 2>/dev/null
if cmp "$WORK/merged.jsonl" "$WORK/whole.jsonl"; then
	echo "OK: $SHARDS Slurm tasks merged are byte for byte the whole sweep ($(wc -l <"$WORK/whole.jsonl") lines, sha256 $(sha256sum <"$WORK/whole.jsonl" | cut -c1-16))"
else
	echo "FAIL: the merged shards differ from the whole sweep (see $WORK)"
	exit 1
fi
