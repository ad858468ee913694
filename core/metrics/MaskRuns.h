#pragma once
// The set pixels of a mask as runs [begin, end) per row, so that a pass summing over a region visits
// only the region's pixels of a row instead of testing every pixel of it. Storage is kept between
// assignments (a workspace reuses it evaluation after evaluation).
#include "image/Plane.h"

#include <vector>

namespace ll {

struct PixelRun {
    int begin = 0, end = 0; // x in [begin, end)
};

class MaskRuns {
public:
    // Runs of m's non-zero pixels, rows in parallel.
    void assign(const Mask& m);
    const std::vector<PixelRun>& row(int y) const { return rows_[std::size_t(y)]; }

private:
    std::vector<std::vector<PixelRun>> rows_;
};

} // namespace ll
