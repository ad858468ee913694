#pragma once
// Merges the frames of one state (one or more brackets; stacking is just more frames) into linear
// radiance: Debevec and Malik's weighted average of code / exposure with a linear response, weighted
// by the inverse of each sample's noise variance predicted from the merged value (Granados et al.
// 2010). Per channel, saturated samples (code >= saturation) and near-black samples (< dark) are
// left out. Samples that disagree with the others beyond their noise (something moved, a cloud
// passed) are left out too: the reference is the variance-weighted median of the samples, and a
// sample farther from it than rejectSigma standard deviations is rejected.
#include "capture/BracketFrame.h"
#include "capture/NoiseModel.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <atomic>
#include <functional>
#include <vector>

namespace ll::capture {

struct MergeParams {
    double saturation = 0.98; // fraction of the format maximum at and above which a sample is saturated
    double dark = 0.001;      // fraction below which a sample is near-black (used only when nothing else is)
    double rejectSigma = 5.0; // a sample this many standard deviations from the reference disagrees
};

struct MergedState {
    // Radiance in units of the format maximum at relative exposure 1 (the base exposure). A channel
    // saturated in every frame holds clipLevel.
    Image radiance;
    Plane<std::uint8_t> clippedChannels; // bit c set: channel c saturated in every frame
    Mask disagreeing;                    // 1: at least one sample of the pixel was rejected
    Plane<std::uint8_t> rejectedFrames;  // how many frames were rejected at the pixel (any channel)
    double clipLevel = 0;                // saturation / smallest relative exposure
    std::size_t clippedPixels = 0, disagreeingPixels = 0;
    NoiseModel noise;
};

// `exposure[i]` is frame i's exposure relative to the base (time * ISO / f-number^2, divided by the
// base's). Frames must all have the same size (the caller checks and names the file). `progress`
// (optional) receives a fraction in [0, 1]; when `cancel` becomes true the merge stops early and
// returns an empty result.
MergedState mergeBracket(const std::vector<const BracketFrame*>& frames, const std::vector<double>& exposure,
                         const NoiseModel& noise, const MergeParams& params = {},
                         const std::function<void(double)>& progress = {},
                         const std::atomic<bool>* cancel = nullptr);

} // namespace ll::capture
