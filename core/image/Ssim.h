#pragma once
// SSIM (Wang, Bovik, Sheikh, Simoncelli 2004), one implementation with two outputs:
//  - ssim(): the mean index of two RGB images, the metric engine's diagnostic, with the conventions of
//    scikit-image 0.19 structural_similarity(channel_axis=2, data_range=1, gaussian_weights=True,
//    sigma=1.5, use_sample_covariance=False): Gaussian window sigma 1.5 truncated at 3.5 sigma (11 taps),
//    population covariance, the map averaged leaving out a (taps-1)/2 = 5 pixel border (where the
//    window would cross the edge), then over channels. No value when the image is smaller than the window.
//  - ssimMaps(): the index map of two planes at every pixel, the window folded at the edges by
//    `border`, with the structure term s = (sigma_xy + C3) / (sigma_x sigma_y + C3), C3 = C2 / 2
//    (the edit scores); localMoments() gives the moments themselves (the edit scores' local NCC).
// Both: C1 = (K1 L)^2, C2 = (K2 L)^2 for the dynamic range L; the five local moments filtered
// separably in double (rows, then columns, the taps of image/GaussianBlur.h's exact kernel) and the
// index ((2 mx my + C1)(2 sxy + C2)) / ((mx^2 + my^2 + C1)(sx^2 + sy^2 + C2)) in double; the same
// bits on every machine and thread count.
#include "image/GaussianBlur.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <tbb/enumerable_thread_specific.h>

#include <functional>
#include <optional>
#include <vector>

namespace ll {

struct SsimParams {
    double sigma = 1.5;
    double truncate = 3.5; // radius int(truncate sigma + 0.5), unless radius >= 0
    double k1 = 0.01;
    double k2 = 0.03;
    double range = 1.0; // dynamic range L of the signals
    int radius = -1;
    GaussianBorder border = GaussianBorder::Reflect; // ssimMaps only: ssim() never reaches the edge
};

// Row buffers of the computation, per thread; keeping one between calls (EvalWorkspace does) saves
// allocating and first touching them on every call.
struct SsimScratch {
    struct Buffers {
        std::vector<double> filtered, rowA, rowB, rowAA, rowBB, rowAB, vertical, map;
        std::vector<const double*> rows; // the taps' input rows of one filter pass
        std::vector<float> sourceA, sourceB; // ssimOfRows: the rows of the two images last given
    };
    tbb::enumerable_thread_specific<Buffers> perThread;
};

std::optional<double> ssim(const Image& a, const Image& b, const SsimParams& p = {}, SsimScratch* scratch = nullptr);

// The same index for two W x H RGB images that are not held whole: rows(y0, y1, a, b) writes rows
// [y0, y1) of both images into a and b (3 floats per pixel, the rows one after the other), at most
// `group` rows per call. Calls come from several threads at once, each row in at least one call (rows
// at the edges of a thread's band of rows in two); only the threads' buffers of `group` rows are held.
// Equals ssim() of the two images bit for bit.
using SsimRowSource = std::function<void(int y0, int y1, float* a, float* b)>;
std::optional<double> ssimOfRows(int W, int H, int group, const SsimRowSource& rows, const SsimParams& p = {},
                                 SsimScratch* scratch = nullptr);

struct SsimMaps {
    FloatPlane ssim;      // l * c * s
    FloatPlane structure; // s
};

// Throws std::invalid_argument when the planes differ in size.
SsimMaps ssimMaps(const FloatPlane& x, const FloatPlane& y, const SsimParams& p);

// The local moments SSIM is built on, at every pixel, under the window of `window` (sigma, truncate or
// radius, border): means, variances (clamped at 0) and covariance, from the same double filtering.
struct LocalMoments {
    FloatPlane meanX, meanY, varX, varY, cov;
};
LocalMoments localMoments(const FloatPlane& x, const FloatPlane& y, const SsimParams& window);

} // namespace ll
