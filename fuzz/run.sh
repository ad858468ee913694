#!/usr/bin/env bash
# Builds the libFuzzer targets with clang 14 (libFuzzer + ASan + UBSan; the core libraries are
# instrumented for coverage, OpenImageIO and the other system libraries are not) and runs each for
# a bounded time on its seed corpus and past findings:
#   annotations  the COCO/LabelMe parsers, writers and rasterisers (fuzz/fuzz_annotations.cpp)
#   image        bytes -> file -> loadImage (OpenImageIO) -> the metric on an 8x8 pair (fuzz/fuzz_image.cpp)
# Usage: fuzz/run.sh [SECONDS] (default 60, for each target).
# Environment: LIGHTLENS_FUZZ_SEED (default 1, so a CI run is repeatable), LIGHTLENS_FUZZ_TARGETS
# (default "annotations image"), LIGHTLENS_FUZZ_OUT (default fuzz/out: build, generated corpora, findings),
# LIGHTLENS_FUZZ_BUILD_DIR (default OUT/build), LIGHTLENS_FUZZ_JOBS (build parallelism, default 2).
# Exit status: 0 when every run ends without a finding; 1 on a finding (the input is left in the out
# folder as crash-*, leak-*, timeout-* or oom-*); 2 when the targets cannot be built.
set -euo pipefail
seconds="${1:-60}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
out="${LIGHTLENS_FUZZ_OUT:-$here/out}"
build="${LIGHTLENS_FUZZ_BUILD_DIR:-$out/build}"
targets="${LIGHTLENS_FUZZ_TARGETS:-annotations image}"
seed="${LIGHTLENS_FUZZ_SEED:-1}"
CXX_FUZZ="${CXX_FUZZ:-clang++-14}"
command -v "$CXX_FUZZ" >/dev/null || { echo "fuzz/run.sh: $CXX_FUZZ not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 2; }
mkdir -p "$out/corpus" "$out/corpus-image"

echo "fuzz/run.sh: building the fuzz targets in $build"
instrument="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
CXX="$CXX_FUZZ" cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g" "-DCMAKE_CXX_FLAGS=$instrument" \
  -DLIGHTLENS_FUZZ=ON -DLIGHTLENS_BUILD_GUI=OFF -DLIGHTLENS_BUILD_TESTS=OFF >/dev/null || exit 2
names=()
for t in $targets; do names+=("fuzz_$t"); done
cmake --build "$build" -j "${LIGHTLENS_FUZZ_JOBS:-2}" --target "${names[@]}" >/dev/null || exit 2

cd "$out"
status=0
for t in $targets; do
  case "$t" in
    annotations) args=(-max_len=8192 -timeout=10 -rss_limit_mb=2048 "$out/corpus" "$here/corpus/annotations" "$root/tests/annotations/corpus") ;;
    # The image target's process keeps memory OpenImageIO and OpenEXR allocated for earlier inputs
    # (a damaged EXR header makes OpenEXR allocate about 1 GB before the file is refused,
    # replayed by image.test_image_limits), so its resident size grows past 2 GB over a run although the live heap
    # stays small: the RSS bound is 4 GB, and any single allocation over 2 GB is still a finding.
    image) args=(-max_len=16384 -timeout=30 -rss_limit_mb=4096 -malloc_limit_mb=2048 "$out/corpus-image" "$here/corpus/images" "$root/tests/image/corpus") ;;
    *) echo "fuzz/run.sh: unknown target '$t'" >&2; exit 2 ;;
  esac
  echo "fuzz/run.sh: running fuzz_$t for ${seconds}s (seed $seed)"
  set +e
  "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -seed="$seed" \
    -print_final_stats=1 "${args[@]}" 2>&1 | tail -n 40
  s=${PIPESTATUS[0]}
  set -e
  if [ "$s" -ne 0 ]; then
    echo "fuzz/run.sh: fuzz_$t FINDING (exit $s); inputs in $out:" >&2
    ls "$out" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' >&2 || true
    status=1
  else
    echo "fuzz/run.sh: fuzz_$t: no finding in ${seconds}s"
  fi
done
exit "$status"
