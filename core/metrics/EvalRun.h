#pragma once
// One evaluate() call as a sequence of stages (metrics-3dlp.md, in this order):
//   validityStage        L, its blur, the exclusion reasons, Omega; brackets the medians/MADs of E
//   standardisationStage median and MAD of E_R,c and E_G,c over Omega; which scores can exist
//   classicStage         PSNR and SSIM of the edit as the model returned it
//   sieStage             SIE, SIE1, bands, region sums; in the same pass M_R, M_G and Omega-nabla
//   lfeStage             Omega80_c, median/MAD of M over it, LFE and its region sums
//   regionsStage         region and band scores from the sums
//   uncertaintyStage     the 8-bit quantisation Monte Carlo
//   finishRun            the reasons, and the requested per-pixel maps moved out of the workspace
// Each is a function of the run (one file each); EvalRun carries the inputs, the workspace and what
// one stage hands the next. Evaluate.cpp runs them, announcing each to EvalInputs::onStage.
// Internal to the engine and its tests.
#include "colour/ModelImagePath.h"
#include "metrics/EditPixels.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ll {

// "; "-joined reasons of a degenerate score or a failed edit.
struct Reasons {
    std::string text;
    void add(const std::string& r) { text += (text.empty() ? "" : "; ") + r; }
    bool empty() const { return text.empty(); }
};

struct EvalRun {
    // Sizes the workspace; the scores' size and task are set here.
    EvalRun(const EvalInputs& in, const MetricParams& params, KeptMaps kept, EvalWorkspace& ws);
    EvalRun(const EvalRun&) = delete;
    EvalRun& operator=(const EvalRun&) = delete;

    const EvalInputs& in;
    const MetricParams& params;
    EvalWorkspace& ws;
    const Image& on;
    const Image& off;
    const EditPixels edit; // G: EvalInputs::edit, or its codes through EvalInputs::editTable
    const Image& denominator; // I_off for turn-on, I_on for turn-off
    const Image& numerator;   // the real target: I_on for turn-on, I_off for turn-off
    const int W, H;
    const std::size_t N;
    const std::size_t samples; // sampleCount(N): the selection's sample size
    const bool keepMaps;       // any maps
    const bool perChannelMaps; // KeptMaps::All
    // M_R and M_G are held as whole images in the workspace (else computed again where read:
    // gradientRows, EvalRows.h): unless EvalInputs::lowMemory, and always for KeptMaps::All.
    const bool gradientsStored;
    const std::vector<std::string> bandKeys;
    // The annotation regions scored (all but "window"), in the order of in.regions.
    std::vector<const Mask*> regionMasks;
    std::vector<std::string> regionNames;

    const ModelImagePath& modelPath() const { return in.modelPath ? *in.modelPath : *ownPath_; }
    // The caller's blurred light signal, else the workspace's (after validityStage).
    const FloatPlane& blurred() const { return in.blurredLight ? *in.blurredLight : ws.blurred; }
    // The caller's light signal L, else the workspace's (after validityStage).
    const FloatPlane& light() const { return in.light ? *in.light : ws.light; }

    EvalScores scores;
    EvalMaps maps;
    Reasons reasons;     // why a score is undefined (EvalScores::degenerateReason)
    Reasons editReasons; // why the edit itself failed (EvalScores::editFailureReason)

    // Handed from stage to stage.
    bool empty = true;                // Omega is empty (validityStage)
    double blurredPercentile = 0.0;   // the low-signal percentile of the blurred light (validityStage)
    bool sieDefined = false;          // standardisationStage; lfeStage clears it for a failed edit
    bool lfeDefined = false;          // lfeStage
    std::array<std::size_t, 3> omega80Pixels{}; // |Omega80_c| (lfeStage)

private:
    std::optional<ModelImagePath> ownPath_;
};

// Throws ll::Error when inputs are missing, differ in size or k is not a positive finite number.
void checkEvalInputs(const EvalInputs& in);

void validityStage(EvalRun& run);
void standardisationStage(EvalRun& run);
void classicStage(EvalRun& run);
void sieStage(EvalRun& run);
void lfeStage(EvalRun& run);
void regionsStage(EvalRun& run);
// Whether the uncertainty stage runs: asked for, the edit has 8-bit codes and an SIE.
bool uncertaintyApplies(const EvalRun& run);
void uncertaintyStage(EvalRun& run);
// The run's scores, with the requested maps moved out of the workspace; the run is spent.
EvalResult finishRun(EvalRun& run);

} // namespace ll
