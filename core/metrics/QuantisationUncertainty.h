#pragma once
// 8-bit quantisation uncertainty (paper A.2): Monte Carlo over the edit's code values. In each draw
// every code v is replaced by a uniform draw in [(v - 0.5)/255, (v + 0.5)/255] (clamped to [0, 1]),
// linearised through the model path's transfer function and divided by k; SIE, LFE and SIE1 are then
// recomputed by evaluate() on the same Omega (which depends on the edit only through its codes). Reported: the
// sample standard deviation (n - 1) over the draws. Each draw has its own random streams derived from
// (seed, draw, row), so the result does not depend on the thread count.
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"
#include "metrics/MetricParams.h"

#include <optional>
#include <vector>

namespace ll {

struct McScores {
    std::optional<double> sie, lfe, sie1;
};

// What stays fixed across draws: the evaluation's inputs but the edit (the pair, task, k, window, clip
// level), the exclusion by the edit's clipping as the codes decided it, and the pair's blurred light
// signal, so that every draw has the same Omega. Each draw is scored by evaluate() itself.
struct McFixed {
    const EvalInputs* inputs = nullptr;
    const Mask* clippedEdit = nullptr;       // pixels the edit's codes exclude as clipped
    const FloatPlane* blurredLight = nullptr; // the pair's blurred light signal
    const FloatPlane* light = nullptr;        // the pair's light signal (optional)
    std::optional<double> blurredPercentile;  // the blurred signal's percentile (optional)
    const Codes8* codes = nullptr;
    // When the edit was resized to the evaluation size: that size. Each draw perturbs the edit's own
    // codes at its own size and then goes through the same resize (spec "8-bit quantisation uncertainty").
    std::optional<std::pair<int, int>> resizeTo;
    const ModelImagePath* path = nullptr; // the edit's transfer function (k is the inputs')
};

// The edit of draw `draw`: linear / k, at the codes' size.
Image perturbedEdit(const Codes8& codes, const ModelImagePath& path, float k, std::uint64_t seed, int draw);

// Scores of one draw: evaluate() on the fixed inputs with `edit` (no PSNR/SSIM, no uncertainty, no maps).
McScores scoreDraw(const McFixed& f, const Image& edit, const MetricParams& params, EvalWorkspace& workspace);

struct McSummary {
    int draws = 0;
    std::optional<double> sieStd, lfeStd, sie1Std;
};

McSummary quantisationUncertainty(const McFixed& f, const MetricParams& params);

} // namespace ll
