#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest, then fuzzes the
# annotation parsers for a bounded time (LIGHTLENS_FUZZ_SECONDS, default 60; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
ctest --preset release
seconds=${LIGHTLENS_FUZZ_SECONDS:-60}
if [ "$seconds" -gt 0 ]; then
  bash fuzz/run.sh "$seconds"
fi
