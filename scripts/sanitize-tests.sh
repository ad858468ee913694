#!/usr/bin/env bash
# Builds LightLens with a sanitizer and runs its suites through CTest. The configure preset is the
# first argument or LIGHTLENS_SANITIZE_PRESET (default "sanitize"):
#   sanitize      AddressSanitizer + UndefinedBehaviorSanitizer at -O1, GUI off: core, CLI and the
#                 non-GUI suites (./build-sanitize)
#   sanitize-gui  the same with the GUI: every suite but packaging, ui and figure included, on the
#                 offscreen platform (./build-sanitize-gui)
#   tsan          ThreadSanitizer at -O1 with the GUI: builds and runs only the suites labelled
#                 "threads" (TBB loops, the GUI's JobRunner; ./build-tsan)
# The build directory is the preset's unless LIGHTLENS_SANITIZE_BUILD_DIR names another one; extra
# arguments after the preset go to CMake. LIGHTLENS_SANITIZE_JOBS sets the build and test parallelism
# (default 2).
# Exit status: 0 when every test passes with no sanitizer report; non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
preset="${LIGHTLENS_SANITIZE_PRESET:-sanitize}"
case "${1:-}" in sanitize|sanitize-gui|tsan) preset=$1; shift ;; esac
case "$preset" in
  sanitize) default_dir=build-sanitize ;;
  sanitize-gui) default_dir=build-sanitize-gui ;;
  tsan) default_dir=build-tsan ;;
  *) echo "sanitize-tests.sh: unknown preset '$preset' (sanitize, sanitize-gui, tsan)" >&2; exit 2 ;;
esac
dir="${LIGHTLENS_SANITIZE_BUILD_DIR:-$root/$default_dir}"
jobs="${LIGHTLENS_SANITIZE_JOBS:-2}"
start=$(date +%s)
cmake --preset "$preset" -B "$dir" "$@" >/dev/null
labels=()
if [ "$preset" = tsan ]; then
  # Only the threaded suites (and the CLI they call): their targets are <area>_<test> for <area>.<test>.
  mapfile -t targets < <(ctest --test-dir "$dir" -N -L threads | sed -n 's/^ *Test *#[0-9]*: \([a-z]*\)\.\(test_[a-z0-9_]*\)$/\1_\2/p')
  cmake --build "$dir" -j "$jobs" --target lightlens-cli "${targets[@]}"
  labels=(-L threads)
else
  cmake --build "$dir" -j "$jobs"
  labels=(-LE packaging)
fi
built=$(date +%s)
# Any sanitizer report aborts the test process, so CTest sees a failure. Leak checking on.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan.supp:print_suppressions=0}"
# die_after_fork=0: suites run the CLI in a child process (QProcess forks from a threaded process).
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:die_after_fork=0:suppressions=$root/scripts/tsan.supp}"
# Sanitized code runs 5 to 20 times slower: Qt Test's per-function watchdog (300 s by default) would
# abort a long suite that is merely slow, so it gets CTest's limit instead.
export QTEST_FUNCTION_TIMEOUT="${QTEST_FUNCTION_TIMEOUT:-1800000}"
ctest --test-dir "$dir" "${labels[@]}" -j "$jobs" --output-on-failure --timeout 1800
end=$(date +%s)
echo "sanitize-tests.sh ($preset): build $((built - start)) s, tests $((end - built)) s"
