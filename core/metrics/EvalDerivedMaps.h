#pragma once
// The per-pixel maps of an evaluation that follow pixel by pixel from the evaluated images, Omega and
// the scores' medians and MADs: E_R, E_G, the channel means of S(E_R) and S(E_G), and the SIE map
// mean_c D_c. Computed for any span of a row with the evaluation's own kernels (ratioSpan,
// sieDifferences; EvalRowKernels.h), so they equal the maps evaluate() keeps with KeptMaps::All bit
// for bit. The desktop app keeps none of them (KeptMaps::Compact) and computes the rows it draws.
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/EvalRowKernels.h"
#include "metrics/EditPixels.h"
#include "metrics/Evaluate.h"

namespace ll {

enum class DerivedMap {
    RatioReal,            // E_R: 3 values per pixel
    RatioEdit,            // E_G: 3 values per pixel
    StandardisedRealMean, // mean_c S(E_R,c): 1 value per pixel
    StandardisedEditMean, // mean_c S(E_G,c)
    Sie,                  // mean_c D_c
};

// Values per pixel of `map` (3 for the ratio images, 1 for the means).
int derivedMapChannels(DerivedMap map);

class EvalDerivedMaps {
public:
    // `on`, `off` and `edit` are the evaluated images (EvalInputs: the edit linear and divided by k, as
    // an image or its codes),
    // `omega` the evaluation's Omega and `scores` its scores (the ratio statistics and the task). All
    // must outlive this object and have the same size. Throws std::invalid_argument when they differ.
    EvalDerivedMaps(const Image& on, const Image& off, EditPixels edit, const Mask& omega, const EvalScores& scores);

    int width() const { return omega_->width(); }
    int height() const { return omega_->height(); }

    // `map` at pixels [x0, x0 + n) of row y into out (derivedMapChannels(map) floats per pixel), 0
    // outside Omega as in the kept maps. The span must lie inside the image.
    void row(DerivedMap map, int y, int x0, int n, float* out) const;

    // Every map at once (one ratio row and one standardisation for all five): out[m] receives map m
    // (in DerivedMap order) as row() gives it, or nothing when null.
    void rows(int y, int x0, int n, const std::array<float*, 5>& out) const;

private:
    const Image* numerator_;
    EditPixels edit_;
    const Image* denominator_;
    const Mask* omega_;
    ChannelStandardisers z_;
    bool standardised_; // false when Omega is empty: the evaluation computed no differences
};

} // namespace ll
