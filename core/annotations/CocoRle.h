#pragma once
// COCO run-length encoded masks, as pycocotools stores them: runs over the pixels in column-major
// order (down the first column, then the next), starting with a run of zeros (possibly empty).
// "counts" is either a list of run lengths (uncompressed, used with iscrowd) or pycocotools'
// compressed string (6 bits a character, offsets 48..111, runs after the third stored as the
// difference to the run two before).
#include "image/Plane.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// Decodes run lengths to a row-major mask of width x height. Throws ll::Error("RLE", ...) when the
// runs do not add up to width*height.
Mask decodeRleCounts(const std::vector<std::uint64_t>& counts, int width, int height);

// pycocotools' string form to run lengths. Throws ll::Error("RLE", ...) on bad characters,
// overlong numbers or negative runs.
std::vector<std::uint64_t> rleCountsFromString(std::string_view text);
std::string rleCountsToString(const std::vector<std::uint64_t>& counts);

// Run lengths of a row-major mask, in column-major order.
std::vector<std::uint64_t> encodeRleCounts(const Mask& mask);

} // namespace ll
