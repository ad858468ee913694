#pragma once
// The 3DLP evaluation of one edit against one real on/off pair (spec metrics-3dlp.md): validity mask,
// ratio images, SIE, LFE, SIE1, PSNR/SSIM, region and band scores, optionally the per-pixel maps and
// the 8-bit quantisation uncertainty. Pure function of its inputs; parallel with oneTBB; the same
// result bit for bit for any thread count.
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/EditPixels.h"
#include "metrics/IntensityBands.h"
#include "metrics/MetricParams.h"
#include "metrics/RegionScores.h"
#include "metrics/Standardisation.h"
#include "metrics/ValidityMask.h"
#include "util/Task.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace ll {

struct EvalInputs {
    const Image* on = nullptr;       // I_on, scene-linear
    const Image* off = nullptr;      // I_off
    const Image* edit = nullptr;     // G, linear and already divided by k
    const Codes8* editCodes = nullptr; // the edit's 8-bit codes when it was 8-bit (clip test, MC, PSNR/SSIM)
    // Instead of `edit` (null), an 8-bit edit at the evaluation size may be given by its codes alone
    // with this table of each code's linear value divided by k (ModelImagePath::decodeTable(k)): the
    // same values, read row by row, without the float image (EditPixels.h).
    const std::array<float, 256>* editTable = nullptr;
    // The edit as the evaluation reads it: `edit`, else editCodes through editTable.
    EditPixels editPixels() const { return edit ? EditPixels(*edit) : EditPixels(*editCodes, *editTable); }
    // The 8-bit codes of an edit that was resized to the evaluation size, at its own size: the
    // quantisation Monte Carlo perturbs them and resizes each draw as the edit was.
    const Codes8* editSourceCodes = nullptr;
    // Optional precomputed clipped-edit mask (e.g. carried through a resize); overrides the code test.
    const Mask* editClipped = nullptr;
    Task task = Task::On;
    float k = 1.0f;                  // exposure multiplier of the model input
    const Mask* window = nullptr;    // optional; united with regions["window"] when present
    std::map<std::string, Mask> regions; // annotation class -> mask (scored per class)
    // The same held by the caller (a scene's masks shared by the evaluations of its edits) instead of
    // a copy in `regions`, which is then ignored. Must outlive the evaluation.
    const std::map<std::string, Mask>* sharedRegions = nullptr;
    const std::map<std::string, Mask>& regionMasks() const { return sharedRegions ? *sharedRegions : regions; }
    std::optional<float> clipLevel;  // real images: clipped where any channel >= this (scene metadata)
    const ModelImagePath* modelPath = nullptr; // sRGB path for PSNR/SSIM and MC; builtin when null
    // Optional: the real target (I_on for turn-on, I_off for turn-off) as the model saw it,
    // modelPath->encode(target, k), when the caller has it already (it is the same for every edit of
    // a scene and task); computed here when null.
    const Image* targetSeen = nullptr;
    // The pair's blurred light signal, blurLightSignal(lightSignal(on, off), params) with the params of
    // the call, when the caller keeps it for several edits of one pair (evaluate computes it when null).
    const FloatPlane* blurredLight = nullptr;
    // The pair's light signal L = lightSignal(on, off) (LightSignal.h), when the caller keeps it for
    // several edits of one pair (evaluate computes it when null).
    const FloatPlane* light = nullptr;
    // Only with blurredLight: its type-7 percentile params.lowSignalPercentile over all pixels, as
    // blurredLightPercentile (LowSignalMask.h) gives it, when the caller keeps it for the pair
    // (evaluate finds it when unset).
    std::optional<double> blurredPercentile;
    // Optional: called on the calling thread before each stage of the evaluation, with the stage's
    // number from 0, the number of stages of this call and the stage's name (EvalStages.h); stages the
    // parameters leave out are not counted. It may throw to stop the evaluation (a cancelled job):
    // the exception leaves evaluate() after releasing its buffers, and the workspace stays usable.
    std::function<void(int stage, int stages, const char* name)> onStage;
    // Trade a little time for memory (the desktop app at large sizes): the gradient images M_R and M_G
    // are not stored for the whole evaluation but computed again row by row where a later pass reads
    // them (unless KeptMaps::All keeps them), and PSNR and SSIM compare the images as the model saw
    // them a group of rows at a time instead of as two whole float images. 24 + 24 bytes per pixel
    // less at the peak (1.15 GB at 6000x4000); the results are the same bits.
    bool lowMemory = false;
};

// Everything the GUI shows. Signed maps are 0 outside their masks.
struct EvalMaps {
    Image ratioReal, ratioEdit;              // E_R, E_G (0 outside Omega)
    Image standardisedReal, standardisedEdit; // S(E_R), S(E_G)
    Image siePerChannel;                     // D_c = S(E_R,c) - S(E_G,c)
    FloatPlane sieMap;                       // mean_c D_c (positive: reality has relatively more light)
    FloatPlane standardisedRealMean, standardisedEditMean; // mean_c S(E_R,c), mean_c S(E_G,c)
    Image gradientReal, gradientEdit;        // M_R, M_G on Omega-nabla
    Image lfePerChannel;                     // S(M_R,c) - S(M_G,c) on Omega80_c
    FloatPlane lfeMap;                       // mean_c of lfePerChannel
    ValidityMasks masks;                     // each exclusion reason, reason plane, Omega
    Mask gradientDomain;                     // Omega-nabla
    std::array<Mask, 3> omega80;             // per channel
    Plane<std::uint8_t> bandLabels;          // intensity band index, kNoBand where undefined
    std::vector<std::string> bandKeys;
    FloatPlane lightSignal;                  // L = mean_c max(I_on - I_off, 0)
    FloatPlane blurredSignal;                // the low-signal test's blurred L
    double lowSignalThreshold = 0.0;
    // Compact maps (KeptMaps::Compact) leave ratioReal, ratioEdit, standardisedReal, standardisedEdit,
    // siePerChannel, sieMap, standardisedRealMean, standardisedEditMean, lfePerChannel, gradientReal and
    // gradientEdit empty (EvalDerivedMaps.h computes rows of E_R, E_G, the SIE map and the means of S(E)
    // from the images; pixelMetrics() in PixelMetrics.h gives every value at a pixel), and also the masks
    // of the single exclusion reasons (masks.reason and masks.omega are kept), gradientDomain and
    // blurredSignal.
    bool compact = false;
};

// Which per-pixel maps evaluate() keeps in EvalResult::maps.
enum class KeptMaps {
    None,
    All,
    // All but the maps that follow pixel by pixel from the images, Omega and the scores' medians and
    // MADs: E_R, E_G, the four per-channel float maps S(E_R), S(E_G), D_c, LFE_c, the SIE map, the means
    // of S(E_R) and S(E_G), the gradient images M_R, M_G, the masks of each exclusion reason,
    // Omega-nabla and the blurred light signal (EvalMaps::compact): 119 bytes per pixel less, 2.9 GB at
    // 6000x4000. What is kept: the LFE map, L, the first exclusion reason, Omega, Omega80_c and the
    // bands (14 bytes per pixel). The desktop app's set.
    Compact,
};

struct QuantisationUncertainty {
    int draws = 0;
    std::optional<double> sieStd, lfeStd, sie1Std; // sample standard deviation over the draws
};

struct EvalScores {
    std::optional<double> sie, lfe, sie1, psnr, ssim;
    std::array<std::optional<double>, 3> siePerChannel, lfePerChannel, sie1PerChannel;
    double validFraction = 0.0;
    std::size_t validPixels = 0;
    bool degenerate = false;
    std::string degenerateReason; // "; "-joined, empty when not degenerate
    // The edit itself is degenerate (spec "Standardisation"): its ratio or gradient image has MAD below
    // the floor (a blank, constant or flat edit), or it is clipped wherever the pair is valid. Its
    // scores are then all undefined and the benchmark counts it as a failure.
    bool editFailure = false;
    std::string editFailureReason;
    std::map<std::string, RegionScore> regions, bands;
    std::array<std::size_t, kExclusionReasonCount> excludedByFirstReason{}; // index 0 = valid
    RgbStats ratioRealStats, ratioEditStats; // median / MAD over Omega
    RgbStats gradientRealStats, gradientEditStats; // median / MAD of M_R,c and M_G,c over Omega80_c
    double lowSignalThreshold = 0.0;
    double bandMaxSignal = 0.0; // max of L over the pair mask of the bands (BandPairMask.h)
    std::optional<QuantisationUncertainty> uncertainty;
    int width = 0, height = 0;
    Task task = Task::On;
};

struct EvalResult {
    EvalScores scores;
    std::optional<EvalMaps> maps;
};

// Throws ll::Error when inputs are missing or differ in size. Degenerate data never throws: it gives
// null scores and a reason.
// keepMaps: KeptMaps::All (true) or None (false).
EvalResult evaluate(const EvalInputs& in, const MetricParams& params = {}, bool keepMaps = false);
EvalResult evaluate(const EvalInputs& in, const MetricParams& params, KeptMaps kept);

// The same, working in `workspace` (EvalWorkspace.h): repeated calls of one size reuse its buffers.
class EvalWorkspace;
EvalResult evaluate(const EvalInputs& in, const MetricParams& params, bool keepMaps, EvalWorkspace& workspace);
EvalResult evaluate(const EvalInputs& in, const MetricParams& params, KeptMaps kept, EvalWorkspace& workspace);

} // namespace ll
