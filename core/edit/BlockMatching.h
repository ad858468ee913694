#pragma once
// Local displacement by block matching: the reference (x) is cut into square blocks on a regular grid;
// each block is searched in y over integer offsets within +-radius by normalised cross-correlation,
// and the best offset is refined to sub-pixel by a parabola through the neighbouring scores.
// Sign as in PhaseCorrelation.h: the offset d satisfies y(p + d) ~ x(p).
#include "image/Plane.h"

#include <vector>

namespace ll::edit {

struct BlockMatchParams {
    int blockSize = 32;
    int searchRadius = 8;
    double textureStd = 0.02;  // std of x in the block (sRGB luma) below which the block is untextured
    double minCoverage = 0.9;  // share of the block that must lie in the region
};

struct BlockShift {
    int x0 = 0, y0 = 0;       // top-left corner in x
    double dx = 0, dy = 0;    // displacement of the content in y
    double ncc = 0;           // best correlation
    bool textured = false;    // enough contrast in x for the match to mean something
};

// Blocks start at (searchRadius, searchRadius) so every candidate stays inside the image.
std::vector<BlockShift> matchBlocks(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                                    const BlockMatchParams& params = {});

} // namespace ll::edit
