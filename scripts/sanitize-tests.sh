#!/usr/bin/env bash
# Builds the core library, the CLI and the non-GUI tests with AddressSanitizer + UndefinedBehaviorSanitizer
# at -O1 (preset "sanitize", GUI off) and runs those tests through CTest.
# The build directory is ./build-sanitize unless LIGHTLENS_SANITIZE_BUILD_DIR names another one.
# LIGHTLENS_SANITIZE_JOBS sets the build and test parallelism (default 2).
# Exit status: 0 when every test passes with no sanitizer report; non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
dir="${LIGHTLENS_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
jobs="${LIGHTLENS_SANITIZE_JOBS:-2}"
start=$(date +%s)
cmake --preset sanitize -B "$dir" "$@" >/dev/null
cmake --build "$dir" -j "$jobs"
built=$(date +%s)
# Leak checking on; any ASan or UBSan report aborts the test process, so CTest sees a failure.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan.supp:print_suppressions=0}"
ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 1800
end=$(date +%s)
echo "sanitize-tests.sh: build $((built - start)) s, tests $((end - built)) s"
