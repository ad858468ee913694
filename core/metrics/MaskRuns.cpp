#include "metrics/MaskRuns.h"

#include <tbb/parallel_for.h>

#include <cstdint>
#include <cstring>

namespace ll {

void MaskRuns::assign(const Mask& m) {
    const int W = m.width(), H = m.height();
    rows_.resize(std::size_t(H));
    tbb::parallel_for(0, H, [&](int y) {
        std::vector<PixelRun>& runs = rows_[std::size_t(y)];
        runs.clear();
        const std::uint8_t* p = m.row(y);
        int x = 0;
        while (x < W) {
            // Skip zeros eight at a time.
            while (x + 8 <= W) {
                std::uint64_t word;
                std::memcpy(&word, p + x, 8);
                if (word != 0) break;
                x += 8;
            }
            while (x < W && !p[x]) ++x;
            if (x >= W) break;
            const int begin = x;
            while (x < W && p[x]) ++x;
            runs.push_back({begin, x});
        }
    });
}

} // namespace ll
