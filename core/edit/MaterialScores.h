#pragma once
// Material-edit scores after MatReplace section 4, with classical measures (spec: edit-scores.md).
// Each score lies in [0, 1], higher is better:
//   preservation  SSIM of sRGB luminance over o = not dilate(m, band), times the colour fidelity
//                 mean exp(-dE00 / preservationDeltaE) of low-passed Lab over o (paper: 1 - LPIPS)
//   structure     SSIM structure term of sigma-2 low-passed sRGB luminance over m (paper: depth AbsRel)
//   harmony       mean of (NCC + 1) / 2 of sigma-8 low-passed Rec.709 luminance over m and the seam
//                 term min(1, E(x) / E(y)), E = mean squared Sobel magnitude over the ring (as the paper)
//   material      mean of exp(-dE00 / 20) between mean Lab colours of y in m and r, and
//                 1 - Hellinger distance of gradient-magnitude histograms (paper: SigLIP2 + DINOv2)
//   overall       mean of the available scores; gate = clip((material - a) / b, 0, 1) * cbrt(p s h)
#include "edit/EditInputs.h"
#include "edit/ImageViews.h"
#include "edit/Score.h"

#include <map>
#include <string>
#include <vector>

namespace ll::edit {

struct GateAnchors {
    double a = 0.242; // material score of the identity anchor (paper's mean)
    double b = 0.380; // exemplar minus identity material score (paper's means)
};

struct MaterialScoreParams {
    double band = 7.0;            // px: boundary band excluded from the outside region
    double ring = 7.0;            // px: width of the seam ring outside the mask
    double structureSigma = 2.0;  // px: low-pass before the SSIM structure term
    double harmonySigma = 8.0;    // px: low-pass of the luminance fields correlated for harmony
    double deltaEScale = 20.0;    // exp(-dE / deltaEScale) for the colour match
    double preservationDeltaE = 20.0; // colour fidelity of preservation: mean exp(-dE00 / this) over o ...
    double preservationColourSigma = 2.0; // ... of the Lab planes low-passed with this Gaussian (px)
    int histogramBins = 32;       // gradient-magnitude histogram
    double histogramMax = 0.25;   // upper edge of the last bin (sRGB luma per px); larger values go there
    GateAnchors gate;
};

struct MaterialScores {
    Score preservation, structure, harmony, material, overall, gate;
    // Diagnostics (absent when undefined).
    std::optional<double> ssimOutside;      // before clipping
    std::optional<double> psnrOutside;      // dB, sRGB-encoded RGB, peak 1 (absent when identical)
    std::optional<double> deltaEOutside;    // mean CIEDE2000 over o
    std::optional<double> colourOutside;    // colour fidelity: mean exp(-CIEDE2000 / preservationDeltaE) over o
    std::optional<double> harmonyNcc;       // Pearson correlation in [-1, 1]
    std::optional<double> harmonySeam;      // min(1, E(x) / E(y))
    std::optional<double> seamEnergyInput, seamEnergyEdit;
    std::optional<double> materialColour;   // exp(-dE / 20)
    std::optional<double> materialDeltaE;   // CIEDE2000 between the mean Lab colours
    std::optional<double> materialTexture;  // 1 - Hellinger distance
    std::size_t maskPixels = 0, outsidePixels = 0, ringPixels = 0;
    std::vector<std::string> warnings;
    std::map<std::string, FloatPlane> maps; // "ssim", "structure", "delta_e", "harmony_ring" (1 on R)
};

// Normalised gradient-magnitude histogram (Sobel on sRGB luminance) over the set pixels of `region`
// (all pixels when null), skipping the one-pixel image border.
std::vector<double> gradientHistogram(const FloatPlane& luma, const Mask* region, const MaterialScoreParams& params);
double hellingerDistance(const std::vector<double>& p, const std::vector<double>& q);

// The gate aggregate; absent unless all four scores are.
std::optional<double> gateScore(std::optional<double> material, std::optional<double> preservation,
                                std::optional<double> structure, std::optional<double> harmony,
                                const GateAnchors& anchors);

MaterialScores computeMaterialScores(const EditCase& c, const ImageViews& x, const ImageViews& y,
                                     const ColourConfig& colour, const MaterialScoreParams& params = {});

} // namespace ll::edit
