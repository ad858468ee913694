#pragma once
// White-balance shifts of the real pair (spec metrics-3dlp.md "White-balance invariance", paper
// Table 6): the pair's channels are multiplied by per-channel gains, the edits stay as they are, and
// every score is computed again against the shifted pair (PSNR/SSIM against the shifted target as
// the model would have seen it). SIE and LFE standardise each channel's ratios and gradients, so they
// should not move; PSNR and SSIM do.
#include "image/Image.h"

#include <array>
#include <string>
#include <vector>

namespace ll::bench {

struct WhiteBalanceShift {
    std::string name;          // "warm", "cold": the per_image.csv columns wb_<name>.*
    std::array<float, 3> gain; // R, G, B multipliers of the real pair
    bool operator==(const WhiteBalanceShift&) const = default;
};

// The paper's two shifts: warm (1.12, 1, 0.85) and cold (0.88, 1, 1.15).
const std::vector<WhiteBalanceShift>& defaultWhiteBalanceShifts();

// `image` with channel c multiplied by gain[c] (the info block is kept).
Image shiftWhiteBalance(const Image& image, const std::array<float, 3>& gain);

} // namespace ll::bench
