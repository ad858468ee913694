#!/usr/bin/env bash
# Builds the annotations fuzz target with clang 14 (libFuzzer + ASan + UBSan) and runs it for a
# bounded time on the seed corpus and past findings. Usage: fuzz/run.sh [SECONDS] (default 60);
# LIGHTLENS_FUZZ_SEED picks the random seed (default 1, so a CI run is repeatable).
# Exit status: 0 when the run ends without a finding; 1 on a finding (the crashing input is left
# in fuzz/out/ as crash-*, leak-* or timeout-*); 2 when the target cannot be built.
set -euo pipefail
seconds="${1:-60}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="$here/out"
mkdir -p "$out/corpus"
CXX="${CXX_FUZZ:-clang++-14}"
command -v "$CXX" >/dev/null || { echo "fuzz/run.sh: $CXX not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 2; }

sources=(
  "$root"/core/annotations/*.cpp
  "$root"/core/util/AtomicFile.cpp
)
flags=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$root/core")
echo "fuzz/run.sh: building $out/fuzz_annotations"
"$CXX" "${flags[@]}" "$here/fuzz_annotations.cpp" "${sources[@]}" -o "$out/fuzz_annotations" || exit 2

echo "fuzz/run.sh: running for ${seconds}s"
cd "$out"
set +e
./fuzz_annotations -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -seed="${LIGHTLENS_FUZZ_SEED:-1}" -print_final_stats=1 "$out/corpus" "$here/corpus/annotations" "$root/tests/annotations/corpus" 2>&1 | tail -n 40
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "fuzz/run.sh: FINDING (exit $status); inputs in $out:" >&2
  ls "$out" | grep -E '^(crash|leak|timeout|oom)-' >&2 || true
  exit 1
fi
echo "fuzz/run.sh: no finding in ${seconds}s"
