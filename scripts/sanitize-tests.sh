#!/usr/bin/env bash
# Builds the core library, the CLI and their tests with AddressSanitizer + UndefinedBehaviorSanitizer
# (preset "sanitize", ./build-sanitize, no GUI) and runs those tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp}
ctest --preset sanitize
