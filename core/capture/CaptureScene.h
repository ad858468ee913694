#pragma once
// Makes a scene (on.exr, off.exr, meta.json, capture-report.png, capture-flags.png) from the exposure brackets of the
// light-on and light-off states, as the 3DLP paper captured its pairs (section 3.1):
//   1. every frame's exposure (time * ISO / f-number^2) from EXIF, or the times given;
//   2. each state merged to linear radiance (BracketMerge), both at the base exposure of the on image
//      (the middle of its bracket), so on/off ratios are physical;
//   3. the pair refused when the views moved (PairShift above allowShift pixels);
//   4. lens distortion and vignetting corrected with lensfun (optional);
//   5. channels saturated in every frame set to one clip level recorded in meta.json, so the
//      validity mask leaves them out.
// Every check runs before anything is written; each failure is an ll::Error naming the file.
#include "capture/BracketMerge.h"
#include "capture/LensCorrection.h"
#include "capture/PairShift.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace ll::capture {

enum class LensMode { Auto, None };

struct CaptureRequest {
    std::filesystem::path sceneDir;
    std::vector<std::filesystem::path> onFiles, offFiles;
    LensMode lens = LensMode::Auto;
    double allowShift = 0.5;   // px
    std::vector<double> times; // empty: EXIF; else one per on frame then off frame, or one per frame of a state
    MergeParams merge;
    bool writeReport = true; // capture-report.png and capture-flags.png
};

struct StateSummary {
    std::vector<double> exposureTimes; // s, per frame as used
    std::vector<double> relativeExposure;
    std::size_t clippedPixels = 0, disagreeingPixels = 0;
    NoiseModel noise;
};

struct CaptureSummary {
    int width = 0, height = 0;
    double baseExposureTime = 0; // s, of the on image's base frame
    double baseRelative = 1;     // by definition
    double clipLevel = 0;
    PairShift shift;
    LensProfile lens;
    bool lensApplied = false;
    StateSummary on, off;
    std::filesystem::path onExr, offExr, metaJson, report, flags;
    // Seconds per stage (both states together for read, noise and merge): wall clock, and the
    // process's CPU time (all threads), which a busy shared machine does not inflate.
    struct Timings {
        double read = 0, noise = 0, merge = 0, shift = 0, lens = 0, write = 0;
    } seconds, cpuSeconds;
};

// `progress(fraction, what)` is called from the calling thread. When `cancel` becomes true the
// capture stops and throws ll::Error("capture", "cancelled") having written nothing.
CaptureSummary captureScene(const CaptureRequest& request,
                            const std::function<void(double, const std::string&)>& progress = {},
                            const std::atomic<bool>* cancel = nullptr);

// Relative exposure of a frame: time * ISO / f-number^2 (ISO and f-number as 1 when unknown for any
// frame, so they cancel). Exposed for the tests.
double exposureValue(double time, double iso, double fNumber);

} // namespace ll::capture
