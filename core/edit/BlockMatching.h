#pragma once
// Local displacement by block matching: the reference (x) is cut into square blocks on a regular grid;
// each block is searched in y over integer offsets within +-radius of a search centre by normalised
// cross-correlation, and the best offset is refined to sub-pixel by a parabola through the
// neighbouring scores. Each block also reports what makes its match trustworthy: the contrast of x,
// the smaller eigenvalue of its gradient structure tensor (Shi and Tomasi 1994: a block with an edge
// in one direction only, or no texture, cannot tell a shift along that edge), the best correlation
// and the correlation at the search centre.
// Sign as in PhaseCorrelation.h: the offset d satisfies y(p + d) ~ x(p).
#include "image/Plane.h"

#include <vector>

namespace ll::edit {

struct BlockMatchParams {
    int blockSize = 32;
    int searchRadius = 8;
    int centreX = 0, centreY = 0; // offsets searched: centre +- searchRadius
    double textureStd = 0.02;  // std of x in the block (sRGB luma) below which the block is untextured
    double minCoverage = 0.9;  // share of the block that must lie in the region
};

struct BlockShift {
    int x0 = 0, y0 = 0;       // top-left corner in x
    double dx = 0, dy = 0;    // displacement of the content in y
    double ncc = 0;           // best correlation
    double nccAtCentre = 0;   // correlation at the search centre (at no shift for the default centre)
    double std = 0;           // std of x in the block
    double minEigen = 0;      // smaller eigenvalue of the mean structure tensor of x (central differences), (luma/px)^2
    bool textured = false;    // std >= textureStd
};

// Blocks lie on a grid starting at (searchRadius, searchRadius); blocks whose search window would leave
// the image are skipped.
std::vector<BlockShift> matchBlocks(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                                    const BlockMatchParams& params = {});

} // namespace ll::edit
