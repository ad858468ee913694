#!/usr/bin/env bash
# Installs the Debian 12 packages LightLens needs, skipping those already present.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config git ccache
  qt6-base-dev qt6-svg-dev
  libopenimageio-dev openimageio-tools
  libopencolorio-dev libdeflate-dev libeigen3-dev libtbb-dev nlohmann-json3-dev
  liblensfun-dev liblensfun-data-v1 libtiff-dev
  xvfb xauth xdotool imagemagick poppler-utils fonts-dejavu-core
  clang-14 libclang-rt-14-dev dpkg-dev file
)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
