#!/usr/bin/env bash
# The headless demo: synthesise the built-in demo dataset, score every edit, print the scores.
set -euo pipefail
cd "$(dirname "$0")/.."
CLI=./build/app/lightlens-cli
DEMO=${LIGHTLENS_DEMO_DIR:-build/demo}
if [ ! -f "$DEMO/scenes/.complete" ]; then
  rm -rf "$DEMO"
  "$CLI" synth "$DEMO" --scenes 6 --size 624x416 --seed 1
  touch "$DEMO/scenes/.complete"
fi
echo
echo "== One edit, scored (lightlens-cli eval) =="
scene=$(ls "$DEMO/scenes" | head -n 1)
"$CLI" eval --on "$DEMO/scenes/$scene/on.exr" --off "$DEMO/scenes/$scene/off.exr" \
  --edit "$DEMO/edits/oracle/turn_on/$scene.png" --task on \
  --k "$(sed -n 's/.*"k": *\([0-9.eE+-]*\).*/\1/p' "$DEMO/scenes/$scene/meta.json")" \
  --labels "$DEMO/scenes/$scene/labels.json"
echo
echo "== The whole demo benchmark (lightlens-cli bench) =="
"$CLI" bench "$DEMO" --out "$DEMO/results"
echo
echo "== Main table: mean of the best 80% per model (lower is better) =="
cat "$DEMO/results/tables/main.md"
echo
echo "== Classic metrics beside SIE/LFE, with the do-nothing baseline =="
cat "$DEMO/results/tables/classic.md"
echo
echo "All outputs: $DEMO/results"
