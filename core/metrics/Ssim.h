#pragma once
// SSIM (Wang et al. 2004) between two display-encoded images in [0, 1], with the conventions of
// scikit-image 0.19 structural_similarity(channel_axis=2, data_range=1, gaussian_weights=True,
// sigma=1.5, use_sample_covariance=False): Gaussian window sigma 1.5 truncated at 3.5 sigma (11 taps),
// mirror boundary "d c b a | a b c d" (scipy 'reflect'), C1 = (K1)^2, C2 = (K2)^2, population
// covariance; the SSIM map is averaged leaving out a (taps-1)/2 = 5 pixel border, then over channels.
// No value when the image is smaller than the window.
#include "image/Image.h"

#include <tbb/enumerable_thread_specific.h>

#include <optional>
#include <vector>

namespace ll {

struct SsimParams {
    double sigma = 1.5;
    double truncate = 3.5;
    double k1 = 0.01;
    double k2 = 0.03;
};

// Row buffers of the computation, per thread; keeping one between calls (EvalWorkspace does) saves
// allocating and first touching them on every call.
struct SsimScratch {
    struct Buffers {
        std::vector<double> filtered, rowA, rowB, rowAA, rowBB, rowAB, vertical, map;
        std::vector<const double*> rows; // the taps' input rows of one filter pass
    };
    tbb::enumerable_thread_specific<Buffers> perThread;
};

std::optional<double> ssim(const Image& a, const Image& b, const SsimParams& p = {}, SsimScratch* scratch = nullptr);

} // namespace ll
