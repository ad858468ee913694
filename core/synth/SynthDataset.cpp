#include "synth/SynthDataset.h"

#include "annotations/CocoFormat.h"
#include "colour/ColourConfig.h"
#include "dataset/DatasetConfig.h"
#include "dataset/ModelInputs.h"
#include "dataset/SceneMeta.h"
#include "image/ImageIO.h"
#include "synth/ReproducibleExr.h"
#include "synth/SynthScene.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>

namespace ll {
namespace fs = std::filesystem;

namespace {

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void checkTarget(const fs::path& dir) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) return;
    if (!fs::is_directory(dir, ec)) throw Error(dir.string(), "exists and is not a folder");
    if (fs::is_directory(dir / "scenes", ec)) return; // an existing dataset: files are replaced
    if (fs::directory_iterator(dir, ec) != fs::directory_iterator())
        throw Error(dir.string(), "folder is not empty and is not a dataset (no scenes/); choose a new folder");
}

void makeDir(const fs::path& p) {
    std::error_code ec;
    fs::create_directories(p, ec);
    if (ec) throw Error(p.string(), "cannot create folder: " + ec.message());
}

} // namespace

SynthDatasetSummary writeSynthDataset(const fs::path& dir, const SynthDatasetParams& params,
                                      const std::function<void(const SynthSceneSummary&)>& progress) {
    if (params.scenes < 1 || params.scenes > 1000) throw Error("synth", "number of scenes must be between 1 and 1000");
    std::vector<std::string> models = params.models.empty() ? synthModelNames() : params.models;
    for (const auto& m : models)
        if (std::find(synthModelNames().begin(), synthModelNames().end(), m) == synthModelNames().end())
            throw Error("synth", "unknown simulated model '" + m + "' (known: oracle, dim_light, no_shadow, "
                                 "flat_falloff, wrong_position, do_nothing)");
    // Validates the size before touching the disk.
    if (params.render.width < 16 || params.render.height < 16 || params.render.width > 16384 || params.render.height > 16384)
        throw Error("synth", "image size out of range (16 to 16384 per side)");
    checkTarget(dir);
    makeDir(dir / "scenes");

    DatasetConfig cfg;
    cfg.name = params.name.empty() ? "synthetic-" + std::to_string(params.render.seed) : params.name;
    cfg.evalSize = EvalSize{params.render.width, params.render.height};
    {
        nlohmann::json j = {{"name", *cfg.name},
                            {"eval_size", {cfg.evalSize->width, cfg.evalSize->height}},
                            {"generator", {{"program", "lightlens-cli synth"},
                                           {"seed", params.render.seed},
                                           {"scenes", params.scenes},
                                           {"models", models}}}};
        writeFileAtomic(dir / "dataset.json", j.dump(2) + "\n");
    }

    const ModelImagePath path8(ColourConfig::builtin());
    SynthDatasetSummary summary;
    for (int i = 0; i < params.scenes; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const SynthScene s = renderScene(params.render, i);
        SynthSceneSummary ss;
        ss.renderSeconds = secondsSince(t0);
        ss.name = s.name;
        ss.regime = s.meta.regime;
        ss.k = s.meta.k;
        for (const auto& r : s.regions) ss.regions.push_back(r.className);

        const fs::path sceneDir = dir / "scenes" / s.name;
        makeDir(sceneDir);
        writeSceneMeta(sceneDir / "meta.json", s.meta);
        writeCoco(synthAnnotations(s), sceneDir / "labels.json");
        // The image files are independent: encode and write them in parallel (each write is atomic,
        // and its bytes do not depend on the order).
        std::vector<std::function<void()>> jobs;
        jobs.emplace_back([&] { synth::saveExrReproducible(s.on, sceneDir / "on.exr"); });
        jobs.emplace_back([&] { synth::saveExrReproducible(s.off, sceneDir / "off.exr"); });
        for (Task t : {Task::On, Task::Off})
            jobs.emplace_back([&, t] {
                writeModelImage(inputSource(s.on, s.off, t), s.meta.k, path8,
                                dir / "inputs" / taskFolder(t) / (s.name + ".png"));
            });
        std::vector<double> editSeconds(models.size() * 2, 0.0);
        for (std::size_t m = 0; m < models.size(); ++m)
            for (Task t : {Task::On, Task::Off})
                jobs.emplace_back([&, m, t] {
                    const auto te = std::chrono::steady_clock::now();
                    const Image edit = renderEdit(s, models[m], t, params.render.seed);
                    editSeconds[m * 2 + (t == Task::On ? 0 : 1)] = secondsSince(te);
                    writeModelImage(edit, s.meta.k, path8, dir / "edits" / models[m] / taskFolder(t) / (s.name + ".png"));
                });
        // Folders first (creating them concurrently is fine, but keep errors simple).
        for (const auto& m : models)
            for (Task t : {Task::On, Task::Off}) makeDir(dir / "edits" / m / taskFolder(t));
        for (Task t : {Task::On, Task::Off}) makeDir(dir / "inputs" / taskFolder(t));
        std::exception_ptr failure;
        std::mutex failureMutex;
        tbb::parallel_for(std::size_t(0), jobs.size(), [&](std::size_t j) {
            try {
                jobs[j]();
            } catch (...) {
                std::lock_guard<std::mutex> lock(failureMutex);
                if (!failure) failure = std::current_exception();
            }
        });
        if (failure) std::rethrow_exception(failure);
        for (double e : editSeconds) ss.renderSeconds += e;
        ss.totalSeconds = secondsSince(t0);
        if (progress) progress(ss);
        summary.scenes.push_back(std::move(ss));
    }
    return summary;
}

} // namespace ll
