#pragma once
// The buffers evaluate() works in, kept between calls: repeated evaluations of the same size (the
// benchmark, the batch runner) then allocate nothing large and take no first-touch page faults.
// About 9 floats per pixel at most (light signal, its blur, both gradient images, four byte planes).
// One workspace serves one evaluate() call at a time (not shared between concurrent calls); its
// contents between calls are scratch. Maps requested with keepMaps are moved out of it.
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/BracketSelect.h"
#include "metrics/MaskRuns.h"
#include "metrics/RegionSums.h"
#include "image/Ssim.h"

#include "util/Recycler.h"

#include <tbb/enumerable_thread_specific.h>

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace ll {

class EvalWorkspace {
public:
    // Makes the full-size buffers W x H (kept as they are when already that size); the gradient images
    // only when `gradients`, the light signal only when `light` and its blur only when `blurred` (else
    // the caller gives them: EvalInputs::light, blurredLight), else they are released.
    void ensureSize(int W, int H, bool gradients = true, bool light = true, bool blurred = true);

    FloatPlane light;                // L
    FloatPlane blurred;              // L blurred (low-signal test)
    Plane<std::uint8_t> reason;      // exclusion reasons (first failing), 0 = valid
    Mask omega, domain;              // Omega, Omega-nabla
    Plane<std::uint8_t> omega80Bits; // bit c: in Omega80_c
    Plane<std::uint8_t> bands;       // intensity band per pixel
    Image gradReal, gradEdit;        // M_R, M_G (0 outside Omega-nabla)

    Image editSeen;      // the 8-bit edit as the model returned it (codes / 255), for PSNR/SSIM
    SsimScratch ssim;

    BracketSelect select;
    RegionSums regions;
    std::vector<MaskRuns> regionRuns; // per region of the evaluation (window excluded)
    std::array<std::vector<float>, 6> samples; // per selected set
    std::vector<float> sampleTuples;            // gradient samples, 6 values per sampled pixel
    std::vector<std::array<std::size_t, 8>> rowReasonCounts;
    std::vector<double> rowPairMax;        // per row: max of L over the band pair mask
    std::vector<std::size_t> rowPairOnly;  // per row: pixels only the edit's clipping excludes
    std::vector<std::array<double, 6>> rowSums; // SIE: |D_c|, |D1_c|; LFE: |S(M_R,c)-S(M_G,c)|

    // Per thread: ratio rows E_R, E_G (6 interleaved values per pixel) of the last three rows it
    // computed, and per-row scratch: the SIE and LFE differences, mean_c |D_c|, gathered selection values.
    struct RowScratch {
        std::array<std::vector<double>, 3> rows;
        std::array<int, 3> rowOf{-1, -1, -1};
        std::vector<std::uint8_t> flags, editClipped, window; // a row's validity tests (pixelFlagsSpan)
        std::vector<float> quotientR, quotientG; // E_R, E_G of a row as float quotients
        std::vector<float> editRow; // a row of an edit read from its codes (EditPixels::row)
        std::vector<float> sieAbs;
        std::vector<double> absD, absD1;   // SIE: |D_c|, |D1_c| of a row (3 per pixel)
        std::vector<double> diff, zr, zg;  // SIE maps: D_c, S(E_R,c), S(E_G,c); LFE: the differences
        std::vector<float> lfeAbs, lfeFloat; // LFE: |S(M_R,c) - S(M_G,c)| and the difference, as float
        std::vector<float> gradR, gradE;     // M_R, M_G of a row when the gradient images are not stored
        int gradientRow = -1;                // the row gradR and gradE hold
        std::array<std::vector<float>, 6> columns; // a row's values of each selected set, gathered
    };
    tbb::enumerable_thread_specific<RowScratch> rowScratch;
};

// Workspaces for concurrent evaluations (a batch run's pipeline): lease one for a call
// (EvalWorkspacePool::Lease ws(pool); evaluate(..., **ws)); at most as many exist as calls ever ran at
// once. Which workspace a call gets does not change its result.
struct EvalWorkspacePool : Recycler<std::unique_ptr<EvalWorkspace>> {
    EvalWorkspacePool() : Recycler([] { return std::make_unique<EvalWorkspace>(); }) {}
};

} // namespace ll
