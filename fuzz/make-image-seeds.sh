#!/usr/bin/env bash
# Writes the seed corpus of fuzz_image into fuzz/corpus/images: tiny (8x8) valid files of every
# format loadImage reads, in the variants it handles differently (bit depth, channels, compression,
# tiling). Needs oiiotool (openimageio-tools) and python3. The committed files came from this script.
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)/corpus/images"
mkdir -p "$dir"
cd "$dir"
rgb=(--pattern "checker:width=2:height=2:color1=0.9,0.5,0.1:color2=0.05,0.2,0.7" 8x8 3)
o() { oiiotool --nosoftwareattrib "$@"; }
o "${rgb[@]}" --eraseattrib ".*" -d uint8 -o rgb8.png
o --pattern checker 8x8 1 --eraseattrib ".*" -d uint16 -o grey16.png
o --pattern checker 8x8 4 --eraseattrib ".*" -d uint8 -o rgba8.png
o "${rgb[@]}" --eraseattrib ".*" --compression jpeg:50 -o rgb.jpg
o --pattern checker 8x8 1 --eraseattrib ".*" --compression jpeg:50 -o grey.jpg
o "${rgb[@]}" --eraseattrib ".*" -d float --compression none -o float.exr
o "${rgb[@]}" --eraseattrib ".*" -d half --compression piz -o half_piz.exr
o "${rgb[@]}" --eraseattrib ".*" -d half --tile 4 4 -o half_tiled.exr
o --pattern checker 8x8 5 --chnames R,G,B,A,Z --eraseattrib ".*" -d half --compression zip -o rgbaz.exr
o "${rgb[@]}" --eraseattrib ".*" -o rgbe.hdr
o "${rgb[@]}" --eraseattrib ".*" -d float -o float.tif
o "${rgb[@]}" --eraseattrib ".*" -d uint16 -o rgb16.tif
o "${rgb[@]}" --eraseattrib ".*" -d half --tile 16 16 -o tiled.tif
python3 - <<'PY'
import struct
w = h = 8
rgb = b''.join(struct.pack('<3f', 0.1 * x, 0.05 * y, 1.5) for y in range(h) for x in range(w))
open('rgb.pfm', 'wb').write(b'PF\n8 8\n-1.0\n' + rgb)
grey = b''.join(struct.pack('>f', 0.1 * x + y) for y in range(h) for x in range(w))
open('grey_be.pfm', 'wb').write(b'Pf\n8 8\n1.0\n' + grey)
PY
ls -l "$dir"
