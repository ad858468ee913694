#!/usr/bin/env bash
# Times `lightlens-cli bench` end to end on a synthetic dataset (decoding, scoring, writing).
#   scripts/bench-dataset.sh [CLI] [WORKDIR]
# Environment: SCENES (100), SIZE (1248x832), THREADS (all cores), SEED (1), KEEP=1 keeps the dataset,
# RENDERED (default SCENES): how many scenes `synth` renders; when RENDERED < SCENES the dataset is
# filled up to SCENES with renamed copies of the rendered scenes (with their inputs and edits), which
# costs the benchmark exactly as much per edit (every file is decoded) but avoids rendering time.
# Writes WORKDIR/ds (the dataset, reused when its parameters match) and WORKDIR/ds/results, then prints
# edits/s, wall time, CPU use and peak memory (from /usr/bin/time -v).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
CLI="${1:-$here/build/app/lightlens-cli}"
WORK="${2:-${TMPDIR:-/tmp}/lightlens-bench-dataset}"
SCENES="${SCENES:-100}"
SIZE="${SIZE:-1248x832}"
SEED="${SEED:-1}"
RENDERED="${RENDERED:-$SCENES}"
THREADS="${THREADS:-0}"
[ -x "$CLI" ] || { echo "no lightlens-cli at $CLI (build first or pass its path)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

ds="$WORK/ds"
stamp="$WORK/ds.params"
params="scenes=$SCENES rendered=$RENDERED size=$SIZE seed=$SEED"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$params" ]; then
    rm -rf "$ds" "$stamp"
    mkdir -p "$WORK"
    echo "synthesising $SCENES scenes at $SIZE into $ds ..."
    start=$(date +%s.%N)
    "$CLI" synth "$ds" --scenes "$RENDERED" --size "$SIZE" --seed "$SEED" --quiet
    echo "synth took $(echo "$(date +%s.%N) - $start" | bc) s"
    # Fill up to SCENES with copies named copyNNN_<scene>.
    n=$RENDERED
    while [ "$n" -lt "$SCENES" ]; do
        for src in "$ds"/scenes/*; do
            [ "$n" -lt "$SCENES" ] || break
            s=$(basename "$src")
            case "$s" in copy*) continue ;; esac
            name=$(printf 'copy%03d_%s' "$n" "$s")
            cp -r "$src" "$ds/scenes/$name"
            for f in "$ds"/inputs/*/"$s".png "$ds"/edits/*/*/"$s".png; do
                [ -f "$f" ] && cp "$f" "$(dirname "$f")/$name.png"
            done
            n=$((n + 1))
        done
    done
    echo "$params" > "$stamp"
fi

threads_arg=()
[ "$THREADS" != "0" ] && threads_arg=(--threads "$THREADS")
rm -rf "$ds/results"
log="$WORK/time.log"
/usr/bin/time -v "$CLI" bench "$ds" "${threads_arg[@]}" --quiet 2> "$log"
info="$ds/results/run_info.json"
rows=$(grep -o '"rows": [0-9]*' "$info" | grep -o '[0-9]*$')
wall=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')
cpu=$(grep 'Percent of CPU' "$log" | awk '{print $NF}')
rss=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
secs=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
echo "dataset:        $SCENES scenes at $SIZE, $rows edits (models x tasks incl. do_nothing)"
echo "wall time:      $wall ($secs s) end to end (scan, decode, score, write)"
echo "edits/second:   $(echo "scale=2; $rows / $secs" | bc)"
echo "CPU:            $cpu (100% = one core busy)"
echo "peak memory:    $(echo "scale=0; $rss / 1024" | bc) MB (max RSS)"
echo "run_info.json:  $(tr -d '\n ' < "$info")"
echo "load average:   $(cut -d' ' -f1-3 /proc/loadavg) (other processes compete for the cores)"
[ "${KEEP:-1}" = "1" ] || rm -rf "$ds" "$stamp"
