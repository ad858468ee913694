#pragma once
// Intensity bands (paper 4.2, C.4): r = L / max_P(L), L = mean_c max(I_on - I_off, 0) (unblurred), P a
// mask of the real pair alone (BandPairMask.h), so every model and task shares one partition.
// With edges e_0 = 100 > e_1 > ... > e_n = 0 (percent) band i holds 100 r in (e_{i+1}, e_i], the last
// band [0, e_{n-1}]; r > 1 (possible outside P) falls in band 0. Keys name the range in percent,
// lower first: "16-100", "6-16", ..., "0-1".
#include "image/Plane.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ll {

constexpr std::uint8_t kNoBand = 255;

struct IntensityBands {
    Plane<std::uint8_t> labels; // band index per pixel, kNoBand where r is undefined
    double maxSignal = 0.0;     // max of L over the mask (0 when the mask is empty)
    std::vector<std::string> keys;
};

// Throws ll::Error when the edges are not strictly descending from 100 to 0 or more than 254 bands.
std::vector<std::string> bandKeys(const std::vector<double>& edgesPercent);

// The band of a value of L for a given max_P(L): the same answer as computing 100 L / max in double
// and comparing with the edges, from float thresholds found once (no division per pixel).
class BandClassifier {
public:
    BandClassifier(const std::vector<double>& edgesPercent, double maxSignal);
    std::uint8_t operator()(float l) const {
        if (undefined_ || !(l < infinite_)) return kNoBand; // also NaN
        for (std::size_t i = 0; i < thresholds_.size(); ++i)
            if (l >= thresholds_[i]) return std::uint8_t(i);
        return std::uint8_t(thresholds_.size());
    }
    // operator() of l[0..n) into out: as the thresholds do not increase (the edges descend), the band is
    // the number of thresholds above l, counted threshold by threshold over the whole run (vectorises).
    void classify(const float* l, std::size_t n, std::uint8_t* out) const;

private:
    bool undefined_ = false;       // max not positive: no band anywhere
    float infinite_ = 0.0f;        // 100 l / max is not finite from here up
    std::vector<float> thresholds_; // band i from thresholds_[i] up (first match)
};

// Bands of every pixel of L relative to the maximum of L over `mask`.
IntensityBands intensityBands(const FloatPlane& L, const Mask& mask, const std::vector<double>& edgesPercent);

} // namespace ll
