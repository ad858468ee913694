#pragma once
// The real pair of a scene (I_on, I_off at one evaluation size, its region masks, k and clip level),
// loaded once and shared by the edits of that scene. The cache holds at most `capacity` pairs and drops
// the least recently used; a pair being scored stays alive through its shared_ptr. Work is ordered
// scene-major, so each pair is normally loaded once. Thread-safe: concurrent requests for the same
// pair wait for one load.
#include "bench/WhiteBalanceShift.h"
#include "colour/ColourConfig.h"
#include "dataset/Dataset.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/MetricParams.h"
#include "metrics/PairLight.h"
#include "util/Recycler.h"

#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ll::bench {

// The real pair under one white-balance shift (bench --wb-shift), with what evaluate needs of it.
struct ShiftedPair {
    std::string name; // WhiteBalanceShift::name
    Image on, off, seenOn, seenOff;
    PairLight light;
};

struct ScenePair {
    Image on, off; // scene-linear, at the evaluation size
    // on and off as a model sees them (sRGB of clamp(k X), ModelImagePath::encode): the PSNR/SSIM
    // targets, shared by every edit of the scene (EvalInputs::targetSeen).
    Image seenOn, seenOff;
    std::map<std::string, Mask> regions;
    // The light signal of the pair, its blur and the blur's percentile for the run's metric parameters
    // (EvalInputs::light, blurredLight, blurredPercentile): computed once per pair instead of once per
    // edit.
    PairLight light;
    float k = 1.0f;
    std::optional<float> clipLevel;
    std::vector<std::string> warnings;
    // The scene's labels file could not be read: its labels are ignored and the regions are empty
    // (the global scores are still computed; annotations/SceneRegions.h).
    std::optional<std::string> labelsProblem;
    std::vector<ShiftedPair> shifted; // one per white-balance shift asked for, in that order
};

// Loads and resizes one scene's pair (0x0: native size). Throws ll::Error naming the file.
// `shifts`: also prepare the pair under each white-balance shift (ScenePair::shifted).
ScenePair loadScenePair(const Scene& scene, int width, int height, const ColourConfig& colour,
                        const MetricParams& params, const std::vector<WhiteBalanceShift>& shifts = {});
// The same into `into`, reusing the buffers of the images and light planes it holds (a pair given
// back by the cache): a pair of the same size allocates and first-touches none of them again. Every
// other field is reset.
void loadScenePair(const Scene& scene, int width, int height, const ColourConfig& colour, const MetricParams& params,
                   const std::vector<WhiteBalanceShift>& shifts, ScenePair& into);

class ScenePairCache {
public:
    ScenePairCache(const Dataset& dataset, const ColourConfig& colour, const MetricParams& params,
                   std::size_t capacity, std::vector<WhiteBalanceShift> shifts = {});

    // The pair of dataset.scenes[scene] at width x height. Rethrows the load error to every caller.
    std::shared_ptr<const ScenePair> get(std::size_t scene, int width, int height);

    // Loads the pair ahead of its first request (a load error is kept for that request).
    void prefetch(std::size_t scene, int width, int height);

    std::size_t loads() const; // pairs loaded so far (for statistics)

private:
    struct Entry {
        std::mutex mutex;
        bool done = false;
        std::shared_ptr<const ScenePair> pair;
        std::optional<std::pair<std::string, std::string>> error; // subject, problem
    };
    using Key = std::tuple<std::size_t, int, int>;

    const Dataset& dataset_;
    const ColourConfig& colour_;
    const MetricParams& params_;
    std::size_t capacity_;
    std::vector<WhiteBalanceShift> shifts_;
    // Pairs no longer used by anyone (dropped from the cache and released by the jobs), whose buffers
    // the next loads reuse. Shared with the pairs' deleters, which may run after the cache is gone.
    std::shared_ptr<Recycler<ScenePair>> spare_ = std::make_shared<Recycler<ScenePair>>();
    mutable std::mutex mutex_;
    std::list<Key> lru_; // most recent first
    std::map<Key, std::shared_ptr<Entry>> entries_;
    std::size_t loads_ = 0;
};

} // namespace ll::bench
