#pragma once
// Every named parameter of the 3DLP metrics (docs/metrics.md, spec metrics-3dlp.md). The defaults are
// the spec's; the items the paper leaves open are marked "(chosen)" there and here.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace ll {

// How the low-signal light map is blurred. Both give the same Gaussian (sigma, 4-sigma truncation,
// mirror boundary) to within 1e-3 relative; the exact kernel is the O(sigma)-per-pixel reference.
enum class BlurMethod { Recursive, ExactKernel };

struct MetricParams {
    // --- validity mask -------------------------------------------------------------------------
    // Low-signal test: L = mean_c max(I_on - I_off, 0) blurred by a Gaussian of
    // sigma = lowSignalSigmaFraction * max(H, W), truncated at lowSignalTruncate * sigma (radius
    // round(truncate*sigma), as scipy.ndimage), mirror boundary "d c b a | a b c d"; a pixel is kept
    // when blurred >= lowSignalFraction * P_lowSignalPercentile(blurred over all pixels).
    double lowSignalSigmaFraction = 0.02;
    double lowSignalTruncate = 4.0;
    double lowSignalFraction = 0.01;
    double lowSignalPercentile = 99.0;
    BlurMethod blurMethod = BlurMethod::Recursive;
    // (chosen) The edit is clipped where any channel's 8-bit code equals this value.
    int editClipCode = 255;
    // (chosen) Without 8-bit codes and without a precomputed clipped-edit mask, the edit is clipped
    // where any channel of k * G (the normalised value the model returned) is >= this level; unset by
    // default, so in-memory float edits are not clip-tested (loadCase marks the format maximum of
    // 16-bit edit files itself).
    std::optional<float> editClipLevel;

    // --- standardisation ---------------------------------------------------------------------
    // MAD below this is replaced by it and the result is reported as degenerate.
    double madFloor = 1e-12;
    // (chosen) When the *real* side (E_R, or M_R for LFE) has MAD below madFloor the reference has
    // no structure to compare with: report that score as null (degenerate) instead of a number.
    bool nullWhenRealDegenerate = true;

    // --- LFE ---------------------------------------------------------------------------------
    // Omega80: keep gradient pixels where both M_R and M_G are <= this percentile over Omega-nabla.
    double lfeGradientPercentile = 80.0;

    // --- regions and bands ----------------------------------------------------------------------
    // (chosen) A region or band with fewer valid pixels than this gets null scores.
    std::size_t minRegionPixels = 100;
    // Intensity band edges in percent of max_P(L) (BandPairMask.h), descending, first 100 and last 0
    // ((chosen) beyond the paper's first two). Bands: (e1,e0], (e2,e1], ..., [0, e_{n-2}].
    std::vector<double> bandEdgesPercent{100, 16, 6, 3, 2, 1, 0};

    // --- classic metrics (diagnostics) ----------------------------------------------------------
    bool computeClassic = true; // PSNR and SSIM
    double ssimSigma = 1.5;
    double ssimTruncate = 3.5; // 11 taps for sigma 1.5
    double ssimK1 = 0.01;
    double ssimK2 = 0.03;

    // --- 8-bit quantisation uncertainty (Monte Carlo) ---------------------------------------------
    bool computeUncertainty = false;
    int uncertaintyDraws = 32;
    std::uint64_t uncertaintySeed = 20240611;
};

} // namespace ll
