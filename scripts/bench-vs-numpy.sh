#!/bin/bash
# The metric engine against the NumPy/SciPy reference a researcher would write (scripts/numpy-reference.py)
# on the same in-memory case, run side by side in alternating rounds: the ratio is what counts, since the
# machine's speed drifts. Needs python3 with numpy and scipy (Debian: apt-get install python3-numpy
# python3-scipy).
# Usage: scripts/bench-vs-numpy.sh [CLI] ; environment: SIZE (1248x832), ROUNDS (3), REPEAT (15), REF_REPEAT (5)
set -euo pipefail
CLI=${1:-build/app/lightlens-cli}
SIZE=${SIZE:-1248x832}
ROUNDS=${ROUNDS:-3}
REPEAT=${REPEAT:-15}
REF_REPEAT=${REF_REPEAT:-5}
PY=${PYTHON:-/usr/bin/python3}
HERE=$(cd "$(dirname "$0")" && pwd)
CASE=$(mktemp -d)
trap 'rm -rf "$CASE"' EXIT
"$CLI" bench-metrics --size "$SIZE" --repeat 1 --write-case "$CASE" > /dev/null
field() { "$PY" -c "import json, sys; print(json.load(sys.stdin)['$1'])"; }
echo "size $SIZE, $(nproc) cores; engine: bench-metrics --repeat $REPEAT (median wall); reference: numpy-reference.py --repeat $REF_REPEAT (median)"
for r in $(seq "$ROUNDS"); do
  E=$("$CLI" bench-metrics --size "$SIZE" --repeat "$REPEAT" --json)
  R=$("$PY" "$HERE/numpy-reference.py" "$CASE" --repeat "$REF_REPEAT")
  e=$(echo "$E" | field median_ms)
  n=$(echo "$R" | field median_ms)
  printf 'round %d: engine %.1f ms, reference %.1f ms, ratio %.1fx\n' "$r" "$e" "$n" "$("$PY" -c "print($n / $e)")"
done
echo "reference scores: $(echo "$R" | "$PY" -c "import json, sys; d = json.load(sys.stdin); print('SIE %.4f LFE %.4f SIE1 %.4f valid %.3f' % (d['sie'], d['lfe'], d['sie1'], d['valid_fraction']))")"
echo "engine scores:    $("$CLI" bench-metrics --size "$SIZE" --repeat 1 | grep scores | sed 's/^ *scores: //')"
