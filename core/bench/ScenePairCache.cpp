#include "bench/ScenePairCache.h"

#include "annotations/SceneRegions.h"
#include "colour/ModelImagePath.h"
#include "metrics/LightSignal.h"
#include "metrics/LowSignalMask.h"
#include "metrics/RealImages.h"
#include "util/Error.h"

#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <exception>

namespace ll::bench {

ScenePair loadScenePair(const Scene& scene, int width, int height, const ColourConfig& colour,
                        const MetricParams& params, const std::vector<WhiteBalanceShift>& shifts) {
    ScenePair p;
    loadScenePair(scene, width, height, colour, params, shifts, p);
    return p;
}

void loadScenePair(const Scene& scene, int width, int height, const ColourConfig& colour, const MetricParams& params,
                   const std::vector<WhiteBalanceShift>& shifts, ScenePair& p) {
    // The buffers to reuse; everything else starts afresh.
    Image on = std::move(p.on), off = std::move(p.off);
    Image seenOn = std::move(p.seenOn), seenOff = std::move(p.seenOff);
    PairLight light = std::move(p.light);
    p = ScenePair{};
    p.seenOn = std::move(seenOn);
    p.seenOff = std::move(seenOff);
    p.light = std::move(light);
    if (!(scene.meta.k > 0) || !std::isfinite(scene.meta.k))
        throw Error(scene.metaFile ? scene.metaFile->string() : scene.name, "k must be a positive finite number");
    p.k = float(scene.meta.k);
    // Both files at once; a failure of on is reported before one of off, as when read in turn.
    std::exception_ptr onError, offError;
    tbb::parallel_invoke(
        [&] {
            try {
                loadRealImage(scene.on, colour, true, on);
            } catch (...) {
                onError = std::current_exception();
            }
        },
        [&] {
            try {
                loadRealImage(scene.off, colour, true, off);
            } catch (...) {
                offError = std::current_exception();
            }
        });
    if (onError) std::rethrow_exception(onError);
    if (offError) std::rethrow_exception(offError);
    checkPairSize(on, off, scene.off);
    std::optional<float> clipLevel;
    if (scene.meta.clipLevel) clipLevel = float(*scene.meta.clipLevel);
    p.clipLevel = realClipLevel(on, off, clipLevel);
    const int W = width > 0 ? width : on.width(), H = height > 0 ? height : on.height();
    for (const Image* img : {&on, &off})
        for (const auto& n : img->info.notes) p.warnings.push_back(img->info.path + ": " + n);
    p.on = toEvaluationSize(std::move(on), W, H, scene.on);
    p.off = toEvaluationSize(std::move(off), W, H, scene.off);
    if (scene.labels) {
        SceneRegions r = loadSceneRegions(*scene.labels, W, H, &p.warnings);
        p.regions = std::move(r.regions);
        p.labelsProblem = std::move(r.labelsProblem);
    }
    const ModelImagePath path(colour);
    tbb::parallel_invoke([&] { path.encode(p.on, p.k, p.seenOn); }, [&] { path.encode(p.off, p.k, p.seenOff); },
                         [&] { pairLight(p.on, p.off, params, p.light); });
    for (const auto& shift : shifts) {
        ShiftedPair s;
        s.name = shift.name;
        s.on = shiftWhiteBalance(p.on, shift.gain);
        s.off = shiftWhiteBalance(p.off, shift.gain);
        tbb::parallel_invoke([&] { s.seenOn = path.encode(s.on, p.k); }, [&] { s.seenOff = path.encode(s.off, p.k); },
                             [&] { s.light = pairLight(s.on, s.off, params); });
        p.shifted.push_back(std::move(s));
    }
}

ScenePairCache::ScenePairCache(const Dataset& dataset, const ColourConfig& colour, const MetricParams& params,
                               std::size_t capacity, std::vector<WhiteBalanceShift> shifts)
    : dataset_(dataset), colour_(colour), params_(params), capacity_(std::max<std::size_t>(capacity, 1)),
      shifts_(std::move(shifts)) {}

std::shared_ptr<const ScenePair> ScenePairCache::get(std::size_t scene, int width, int height) {
    const Key key{scene, width, height};
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard lock(mutex_);
        auto it = entries_.find(key);
        if (it != entries_.end()) {
            entry = it->second;
            lru_.remove(key);
        } else {
            entry = std::make_shared<Entry>();
            entries_[key] = entry;
        }
        lru_.push_front(key);
        while (lru_.size() > capacity_) {
            entries_.erase(lru_.back());
            lru_.pop_back();
        }
    }
    std::lock_guard lock(entry->mutex);
    if (!entry->done) {
        try {
            // Isolated: while this thread waits inside the load's parallel loops it must not pick up
            // another task that asks for this pair (it would wait on the mutex it holds).
            tbb::this_task_arena::isolate([&] {
                ScenePair pair = spare_->take();
                loadScenePair(dataset_.scenes.at(scene), width, height, colour_, params_, shifts_, pair);
                // When the last user lets go, the pair's buffers go to the spares.
                entry->pair = std::shared_ptr<const ScenePair>(
                    new ScenePair(std::move(pair)), [spare = spare_](const ScenePair* q) {
                        std::unique_ptr<ScenePair> owned(const_cast<ScenePair*>(q));
                        spare->giveBack(std::move(*owned));
                    });
            });
        } catch (const Error& e) {
            entry->error = std::make_pair(e.subject(), e.problem());
        } catch (const std::bad_alloc&) {
            entry->error = std::make_pair(dataset_.scenes.at(scene).name, std::string("out of memory"));
        } catch (const std::exception& e) {
            entry->error = std::make_pair(dataset_.scenes.at(scene).on.string(), std::string(e.what()));
        }
        entry->done = true;
        std::lock_guard statLock(mutex_);
        ++loads_;
    }
    if (entry->error) throw Error(entry->error->first, entry->error->second);
    return entry->pair;
}

void ScenePairCache::prefetch(std::size_t scene, int width, int height) {
    try {
        get(scene, width, height);
    } catch (const std::exception&) {
        // a load error is kept in the entry: the request that needs the pair gets it
    }
}

std::size_t ScenePairCache::loads() const {
    std::lock_guard lock(mutex_);
    return loads_;
}

} // namespace ll::bench
