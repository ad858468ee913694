#!/usr/bin/env bash
# The desktop app's resident memory over time: opens DATASET (its first case, then the browser's
# background scoring, as for a user), samples VmRSS every 0.1 s until the app quits after SECONDS
# (`lightlens --screenshot --delay`), and prints the peak, the value a second before quitting and the
# highest value of each 2-second bin. Runs without a display (QT_QPA_PLATFORM=offscreen unless set).
#   scripts/trace-app-memory.sh [GUI] [DATASET] [SECONDS]
# DATASET defaults to the one scripts/bench-open.sh writes (a 6000x4000 scene); SECONDS to 45.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
GUI="${1:-$here/build/app/lightlens}"
DS="${2:-${TMPDIR:-/tmp}/lightlens-bench-open/ds}"
SECONDS_OPEN="${3:-45}"
[ -x "$GUI" ] || { echo "no lightlens at $GUI (build first or pass its path)" >&2; exit 1; }
[ -d "$DS" ] || { echo "no dataset at $DS (scripts/bench-open.sh writes one)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$GUI" "$DS" --screenshot "$work/shot.png" \
    --delay "$((SECONDS_OPEN * 1000))" >/dev/null 2>"$work/stderr" &
pid=$!
start=$(date +%s%N)
while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$rss" ] && echo "$(( ($(date +%s%N) - start) / 1000000 )) $rss" >> "$work/trace"
    sleep 0.1
done
wait "$pid" || { echo "the app failed:" >&2; tail -5 "$work/stderr" >&2; exit 1; }
awk '{ if ($2 > peak) peak = $2; bin = int($1 / 2000); if (!(bin in m) || $2 > m[bin]) m[bin] = $2;
       if (bin > last) last = bin; ring[NR % 10] = $2 }
     END { prev = ring[(NR + 1) % 10]; # a second before the end: the window is already closing after that
           printf "peak %d MiB, %d MiB a second before quitting\nper 2 s (s: MiB):", peak, prev;
           for (b = 0; b <= last; ++b) if (b in m) printf " %d: %d", 2 * b, m[b]; printf "\n" }' "$work/trace"
