#!/usr/bin/env bash
# Installs what is missing, builds, and runs LightLens on the built-in synthetic demo dataset:
# the GUI when a display exists, otherwise the headless demo benchmark (synth + eval, printing scores).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec ./build/app/lightlens --demo
fi
exec bash scripts/headless-demo.sh
