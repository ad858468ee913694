#!/bin/bash
# Submits a sharded benchmark to SLURM: an array of SHARDS bench jobs, then a merge job that runs
# when all of them succeeded.
#   packaging/cluster/submit-bench.sh DATASET SHARDS [OUT] [-- extra bench options]
# Example: submit-bench.sh /data/3dlp 32 /data/3dlp/results -- --uncertainty --draws 32
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 2 ]; then
    echo "usage: $0 DATASET SHARDS [OUT] [-- extra bench options]" >&2
    exit 2
fi
DATASET="$1"
SHARDS="$2"
shift 2
OUT="$DATASET/results"
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    OUT="$1"
    shift
fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
EXTRA_ARGS="$*"
case "$SHARDS" in '' | *[!0-9]*) echo "SHARDS must be a positive number" >&2; exit 2 ;; esac
[ "$SHARDS" -ge 1 ] || { echo "SHARDS must be at least 1" >&2; exit 2; }
[ -d "$DATASET/scenes" ] || { echo "$DATASET: not a dataset (no scenes/ folder)" >&2; exit 1; }
mkdir -p "$OUT"

export DATASET SHARDS OUT EXTRA_ARGS
array_id=$(sbatch --parsable --array="0-$((SHARDS - 1))" --export=ALL "$here/bench-array.sbatch")
merge_id=$(sbatch --parsable --dependency="afterok:${array_id%%;*}" --export=ALL "$here/merge.sbatch")
echo "bench array job $array_id ($SHARDS shards), merge job $merge_id; results in $OUT"
