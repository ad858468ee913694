#!/usr/bin/env bash
# Times the desktop app on a large case: how long after opening a dataset its first case's images show,
# then its metrics and maps, and the process's peak memory (`lightlens --bench-open`), with the
# browser's background scoring running as it does for a user.
#   scripts/bench-open.sh [GUI] [WORKDIR]
# Environment: SIZE (6000x4000), MODELS (oracle,dim_light,do_nothing: the simulated models written),
# SEED (1). Writes WORKDIR/ds (one synthetic scene, reused when its parameters match) and prints the
# benchmark's Markdown table. Runs without a display (QT_QPA_PLATFORM=offscreen unless set).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
GUI="${1:-$here/build/app/lightlens}"
CLI="$(dirname "$GUI")/lightlens-cli"
WORK="${2:-${TMPDIR:-/tmp}/lightlens-bench-open}"
SIZE="${SIZE:-6000x4000}"
MODELS="${MODELS:-oracle,dim_light,do_nothing}"
SEED="${SEED:-1}"
[ -x "$GUI" ] || { echo "no lightlens at $GUI (build first or pass its path)" >&2; exit 1; }
[ -x "$CLI" ] || { echo "no lightlens-cli beside $GUI" >&2; exit 1; }

ds="$WORK/ds"
stamp="$WORK/ds.params"
params="size=$SIZE models=$MODELS seed=$SEED"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$params" ]; then
    rm -rf "$ds" "$stamp"
    mkdir -p "$WORK"
    echo "synthesising one scene at $SIZE into $ds ..." >&2
    "$CLI" synth "$ds" --scenes 1 --size "$SIZE" --seed "$SEED" --models "$MODELS" --quiet
    echo "$params" > "$stamp"
fi
QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$GUI" --bench-open "$ds"
