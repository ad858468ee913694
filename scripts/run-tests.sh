#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest; then fuzzes the
# annotation parsers and the image loader for a bounded time each (fuzz/run.sh;
# LIGHTLENS_FUZZ_SECONDS per target, default 60; 0 skips it).
# After the release tests it builds the core, the CLI and the non-GUI tests a second time with
# AddressSanitizer + UndefinedBehaviorSanitizer (leak checking on) and runs those
# (scripts/sanitize-tests.sh); LIGHTLENS_SANITIZE_TESTS=0 skips that step.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
ctest --preset release
if [ "${LIGHTLENS_SANITIZE_TESTS:-1}" != 0 ]; then
  bash scripts/sanitize-tests.sh
fi
seconds=${LIGHTLENS_FUZZ_SECONDS:-60}
if [ "$seconds" -gt 0 ]; then
  bash fuzz/run.sh "$seconds"
fi
