#!/usr/bin/env bash
# The test command. By default: installs the missing Debian packages, builds the release preset in
# ./build (incrementally: what scripts/run-demo.sh built is reused, and ccache serves unchanged files),
# and runs every correctness suite through CTest (label "correctness": all suites but packaging).
#
# Usage: bash scripts/run-tests.sh [TIER...]
#   --sanitize      the ASan + UBSan build (./build-sanitize, GUI off) and its suites (scripts/sanitize-tests.sh)
#   --sanitize-gui  the ASan + UBSan build with the GUI (./build-sanitize-gui): every suite, ui included
#   --tsan          the ThreadSanitizer build of the suites labelled "threads" (./build-tsan)
#   --fuzz[=SECS]   the libFuzzer targets, SECS each (default 60; fuzz/run.sh)
#   --package       the packaging suite (builds the .deb and runs the CLI from it)
#   --slurm         the cluster recipe on a single-node SLURM started locally (scripts/slurm-integration.sh;
#                   root, installs slurmctld, slurmd and munge when missing)
#   --all           correctness, --package, --slurm, --sanitize-gui and --fuzz (the GUI sanitizer
#                   build runs every suite, so it stands for --sanitize; TSan is asked for by name)
#   --no-correctness  skip the correctness suites (e.g. `--no-correctness --fuzz` fuzzes only)
# Environment: LIGHTLENS_TEST_JOBS (CTest parallelism, default 2); the older switches still work:
# LIGHTLENS_SANITIZE_TESTS=1 adds --sanitize, LIGHTLENS_FUZZ_SECONDS=N (N > 0) adds --fuzz=N.
#
# Every tier runs even when an earlier one failed; the end prints each tier's time and result, and the
# exit status is non-zero when any tier failed.
set -uo pipefail
cd "$(dirname "$0")/.."

correctness=1 sanitize=0 sanitize_gui=0 tsan=0 fuzz=0 package=0 slurm=0
fuzz_seconds=60
[ "${LIGHTLENS_SANITIZE_TESTS:-0}" = 1 ] && sanitize=1
if [ "${LIGHTLENS_FUZZ_SECONDS:-0}" -gt 0 ] 2>/dev/null; then fuzz=1 fuzz_seconds=$LIGHTLENS_FUZZ_SECONDS; fi
for arg in "$@"; do
  case "$arg" in
    --sanitize) sanitize=1 ;;
    --sanitize-gui) sanitize_gui=1 ;;
    --tsan) tsan=1 ;;
    --fuzz) fuzz=1 ;;
    --fuzz=*) fuzz=1 fuzz_seconds=${arg#--fuzz=} ;;
    --package) package=1 ;;
    --slurm) slurm=1 ;;
    --all) sanitize_gui=1 fuzz=1 package=1 slurm=1 ;;
    --no-correctness) correctness=0 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "run-tests.sh: unknown option '$arg' (see --help)" >&2; exit 2 ;;
  esac
done
jobs="${LIGHTLENS_TEST_JOBS:-2}"

# ccache keys on paths below base_dir relatively, so another clone of the project hits the same cache.
if command -v ccache >/dev/null && [ -z "${CCACHE_BASEDIR:-}" ] && [ -z "$(ccache -k base_dir 2>/dev/null)" ]; then
  export CCACHE_BASEDIR="$PWD"
fi

summary=()
failed=0
# tier NAME COMMAND...: runs the command, records its wall time and result.
tier() {
  local name=$1 start end status
  shift
  echo "run-tests.sh: == $name =="
  start=$(date +%s)
  "$@"
  status=$?
  end=$(date +%s)
  if [ "$status" -eq 0 ]; then
    summary+=("$(printf '%-12s %5d s  ok' "$name" $((end - start)))")
  else
    summary+=("$(printf '%-12s %5d s  FAILED (exit %d)' "$name" $((end - start)) "$status")")
    failed=1
  fi
  return "$status"
}

tier install bash scripts/install-deps.sh || { printf '%s\n' "${summary[@]}"; exit 1; }
tier build bash scripts/build.sh || { printf '%s\n' "${summary[@]}"; exit 1; }
if [ "$correctness" = 1 ]; then
  tier correctness ctest --preset correctness -j "$jobs"
fi
if [ "$package" = 1 ]; then
  tier package ctest --preset packaging
fi
if [ "$slurm" = 1 ]; then
  tier slurm bash scripts/slurm-integration.sh
fi
if [ "$sanitize" = 1 ]; then
  tier sanitize env LIGHTLENS_SANITIZE_JOBS="$jobs" bash scripts/sanitize-tests.sh sanitize
fi
if [ "$sanitize_gui" = 1 ]; then
  tier sanitize-gui env LIGHTLENS_SANITIZE_JOBS="$jobs" bash scripts/sanitize-tests.sh sanitize-gui
fi
if [ "$tsan" = 1 ]; then
  tier tsan env LIGHTLENS_SANITIZE_JOBS="$jobs" bash scripts/sanitize-tests.sh tsan
fi
if [ "$fuzz" = 1 ]; then
  tier fuzz bash fuzz/run.sh "$fuzz_seconds"
fi

echo "run-tests.sh: time per tier (wall clock)"
printf '  %s\n' "${summary[@]}"
exit "$failed"
