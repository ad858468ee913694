#!/usr/bin/env bash
# Configures and builds LightLens (Release, Ninja) into ./build. Extra arguments go to CMake.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release "$@" >/dev/null
cmake --build --preset release
