#include "bench/BenchRunner.h"

#include "bench/BandImages.h"
#include "bench/BenchOutputs.h"
#include "bench/BenchTables.h"
#include "bench/BaselineEdit.h"
#include "bench/IgnoredLabels.h"
#include "bench/ImportedScores.h"
#include "bench/Journal.h"
#include "bench/PerImageCsv.h"
#include "util/Recycler.h"
#include "bench/RowJson.h"
#include "bench/ScenePairCache.h"
#include "bench/WorkList.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "dataset/Dataset.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_group.h>
#include <oneapi/tbb/task_arena.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

namespace ll::bench {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Problems the scan reports about the benchmark's own output folders are not dataset problems: the
// default DATASET/results and, when --out lies inside the dataset, every folder on the way to it (so
// shards writing to DATASET/x/shard-i-of-N all see the same dataset, whichever ran first).
void dropOwnOutputProblems(Dataset& ds, const std::filesystem::path& out) {
    std::error_code ec;
    const auto results = std::filesystem::weakly_canonical(ds.root / "results", ec);
    const auto outAbs = std::filesystem::weakly_canonical(out, ec);
    auto under = [](const std::filesystem::path& p, const std::filesystem::path& dir) {
        const auto rel = p.lexically_relative(dir);
        return !rel.empty() && *rel.begin() != "..";
    };
    std::erase_if(ds.problems, [&](const DatasetProblem& p) {
        if (p.kind != ProblemKind::UnknownFolder && p.kind != ProblemKind::UnknownFile) return false;
        const auto path = std::filesystem::weakly_canonical(p.path, ec);
        return under(path, results) || under(path, outAbs) || under(outAbs, path);
    });
}

ScoreRow rowSkeleton(const Dataset& ds, const WorkItem& item) {
    ScoreRow r;
    r.scene = ds.scenes[item.scene].name;
    r.model = item.model;
    r.task = item.task;
    r.regime = ds.scenes[item.scene].meta.regime;
    for (const auto& [key, value] : ds.scenes[item.scene].meta.fields)
        if (!value.empty()) r.meta[key] = value;
    const Scene& scene = ds.scenes[item.scene];
    std::tie(r.evalWidth, r.evalHeight) = item.size.first > 0 ? item.size : std::pair<int, int>{scene.width, scene.height};
    return r;
}

void fail(ScoreRow& r, Failure kind, const std::filesystem::path& root, const std::string& subject,
          const std::string& problem) {
    r.failure = kind;
    r.errorFile = relativeToRoot(root, subject);
    r.error = r.errorFile.empty() ? problem : r.errorFile + ": " + problem;
}

RegionScore toRegion(const ll::RegionScore& s) { return {static_cast<long long>(s.pixels), s.sie, s.lfe}; }

void fillScores(ScoreRow& r, const EvalScores& s, const std::filesystem::path& root, const std::string& editFile) {
    r.evalWidth = s.width;
    r.evalHeight = s.height;
    r.sie = s.sie;
    r.lfe = s.lfe;
    r.sie1 = s.sie1;
    r.psnr = s.psnr;
    r.ssim = s.ssim;
    r.validFraction = s.validFraction;
    r.validPixels = static_cast<long long>(s.validPixels);
    r.degenerate = s.degenerate;
    for (const auto& [k, v] : s.regions) r.regions[k] = toRegion(v);
    for (const auto& [k, v] : s.bands) r.bands[k] = toRegion(v);
    if (s.uncertainty) {
        r.sdSie = s.uncertainty->sieStd;
        r.sdLfe = s.uncertainty->lfeStd;
    }
    if (s.editFailure) fail(r, Failure::DegenerateEdit, root, editFile, s.editFailureReason);
    else if (s.degenerate) r.error = s.degenerateReason;
}

// Evaluation inputs kept between edits: EvalInputs holds the region masks by value, so they are copied
// from the pair only when an edit of another pair uses these inputs.
struct KeptInputs {
    EvalInputs in;
    std::weak_ptr<const ScenePair> regionsOf; // the pair in.regions were copied from
};

struct Job {
    const WorkItem* item = nullptr;
    ScoreRow row;
    std::shared_ptr<const ScenePair> pair;
    LoadedEdit edit;
};

// The forced size an item's edit is brought to (nullopt: the edit's own size, only when the scene's
// size is unknown, in which case its pair fails to load anyway).
// The item's evaluation size when the plan fixed one, else the edit's own.
EditSizing itemSizing(const WorkItem& item) {
    EditSizing s;
    if (item.size.first > 0 && item.size.second > 0) s.size = item.size;
    return s;
}

} // namespace

BenchOutcome runBench(const BenchConfig& config, const std::function<void(const BenchProgress&)>& progress,
                      const std::atomic<bool>* cancel) {
    BenchOutcome outcome;
    const auto t0 = Clock::now();
    const std::filesystem::path out = outputDir(config);
    outcome.out = out;
    if (!(config.bestPercent > 0 && config.bestPercent <= 100)) throw Error("--best", "must be in (0, 100]");
    for (const auto& key : config.groupBy) checkGroupKey(key);
    for (const auto& w : config.wbShifts) {
        checkGroupKey(w.name); // it names per_image.csv columns
        for (float g : w.gain)
            if (!(g > 0) || !std::isfinite(g)) throw Error("--wb-shift", "gains must be positive and finite");
    }
    if (config.uncertainty && config.draws < 2) throw Error("--draws", "must be at least 2");
    // Imported scores are read first: a bad file stops the run before any scoring.
    const ImportedScores imported = readImportedScores(config.importScores, config.scoreDirections);

    Dataset ds = scanDataset(config.dataset);
    dropOwnOutputProblems(ds, out);
    WorkList work = makeWorkList(ds, config);
    RunPlan plan = work.plan;
    plan.imported = imported.columns;
    plan.importedDigest = imported.digest;
    {
        MetricParams defaults;
        plan.seed = config.uncertainty ? defaults.uncertaintySeed : 0;
    }
    outcome.plan = plan;
    outcome.rows = work.items.size();
    if (!plan.mixedEditSizes.empty())
        outcome.warnings.push_back(mixedSizesWarning(plan));
    const std::vector<std::string> labelsWarnings = ignoredLabelsWarnings(ds, work.items);
    outcome.warnings.insert(outcome.warnings.end(), labelsWarnings.begin(), labelsWarnings.end());
    outcome.scanSeconds = since(t0);

    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) throw Error(out.string(), "cannot create the output folder: " + ec.message());
    const auto journalPath = out / kJournal, planPath = out / kPlanJson, csvPath = out / kPerImageCsv;

    // Rows finished by an earlier run of the same plan.
    std::map<std::string, ScoreRow> finished;
    if (config.resume && std::filesystem::exists(planPath)) {
        const RunPlan old = readPlan(planPath);
        const std::string diff = planDifferences(old, plan, false, true);
        if (!diff.empty())
            throw Error(out.string(), "holds a run with different " + diff +
                                          "; use another --out or run without --resume to start over");
        std::map<std::string, std::pair<int, int>> keys; // row key -> evaluation size
        for (const auto& item : work.items) {
            const ScoreRow planned = rowSkeleton(ds, item);
            keys[rowKey(planned)] = {planned.evalWidth, planned.evalHeight};
        }
        auto keep = [&](ScoreRow r) {
            const auto it = keys.find(rowKey(r));
            if (r.failed() || it == keys.end()) return;
            if (it->second != std::pair{r.evalWidth, r.evalHeight}) return; // scored at another size: again
            finished[rowKey(r)] = std::move(r);
        };
        if (std::filesystem::exists(csvPath)) {
            try {
                for (auto& r : parsePerImageCsv(readFile(csvPath), csvPath.string())) keep(std::move(r));
            } catch (const Error& e) {
                outcome.warnings.push_back(std::string(e.what()) + " (ignored; its rows are scored again)");
            }
        }
        auto journal = readJournal(journalPath);
        outcome.discardedJournalLines = journal.discardedLines;
        for (auto& r : journal.rows) keep(std::move(r));
    }
    // Start the journal afresh with exactly the kept rows (this also drops a torn last line).
    {
        std::string text;
        for (const auto& [k, r] : finished) text += rowToJsonLine(r) + "\n";
        writeFileAtomic(journalPath, text);
    }
    writeFileAtomic(planPath, planToJson(plan).dump(2) + "\n");
    outcome.resumed = finished.size();

    std::vector<const WorkItem*> todo;
    for (const auto& item : work.items)
        if (!finished.count(rowKey(ds.scenes[item.scene].name, item.model, item.task))) todo.push_back(&item);

    const int threads = config.threads > 0 ? config.threads : tbb::info::default_concurrency();
    outcome.threads = threads;
    const ColourConfig colour = ColourConfig::builtin();
    const ModelImagePath modelPath(colour);
    MetricParams params;
    params.computeUncertainty = config.uncertainty;
    params.uncertaintyDraws = config.draws;
    ScenePairCache cache(ds, colour, params, std::size_t(threads) + 2,
                         config.wbShifts);
    MetricParams shiftedParams = params; // the shifted pairs' scores need no Monte Carlo
    shiftedParams.computeUncertainty = false;
    EvalWorkspacePool workspaces; // one per evaluation in flight, reused: no per-edit page faults
    Recycler<LoadedEdit> editBuffers; // decoded edits' buffers, reused likewise
    Recycler<KeptInputs> keptInputs;

    std::vector<ScoreRow> newRows;
    JournalWriter journal(journalPath);
    BenchProgress prog;
    prog.total = work.items.size();
    prog.resumed = finished.size();
    prog.done = finished.size();
    const auto tScore = Clock::now();
    std::size_t next = 0;
    bool stopped = false;

    // --band-images: each scene's band partition, written by whichever item loads its pair first.
    std::mutex bandMutex;
    std::set<std::size_t> bandWritten;
    auto writeBandImageOnce = [&](std::size_t scene, const ScenePair& pair) {
        {
            std::lock_guard<std::mutex> lock(bandMutex);
            if (!bandWritten.insert(scene).second) return;
        }
        try {
            writeBandImage(pair, params, out / kBandsDir, ds.scenes[scene].name);
        } catch (const Error& e) {
            std::lock_guard<std::mutex> lock(bandMutex);
            outcome.warnings.push_back(e.what());
        }
    };

    auto decode = [&](std::shared_ptr<Job> job) {
        const WorkItem& item = *job->item;
        const Scene& scene = ds.scenes[item.scene];
        if (!item.baseline() && !item.edit->path) {
            fail(job->row, Failure::MissingEdit, ds.root,
                 (ds.root / "edits" / item.model / taskFolder(item.task) / (scene.name + ".*")).string(),
                 item.edit->problem.empty() ? "missing" : item.edit->problem);
            return job;
        }
        if (!item.baseline() && !item.edit->problem.empty()) {
            fail(job->row, Failure::BadEdit, ds.root, item.edit->path->string(), item.edit->problem);
            return job;
        }
        std::pair<int, int> size = item.size;
        if (!item.baseline()) {
            try {
                job->edit = editBuffers.take();
                loadEdit(*item.edit->path, modelPath, float(scene.meta.k), itemSizing(item), job->edit);
                size = {job->edit.edit.width(), job->edit.edit.height()};
            } catch (const Error& e) {
                fail(job->row, Failure::BadEdit, ds.root, e.subject(), e.problem());
                return job;
            } catch (const std::exception& e) {
                fail(job->row, Failure::BadEdit, ds.root, item.edit->path->string(), e.what());
                return job;
            }
        }
        try {
            job->pair = cache.get(item.scene, size.first, size.second);
        } catch (const Error& e) {
            fail(job->row, Failure::BadScene, ds.root, e.subject(), e.problem());
            job->edit = {};
            return job;
        }
        if (config.bandImages) writeBandImageOnce(item.scene, *job->pair);
        if (item.baseline()) {
            job->edit = editBuffers.take();
            baselineEdit(*job->pair, item.task, modelPath, job->edit);
        }
        return job;
    };

    auto compute = [&](std::shared_ptr<Job> job) {
        if (job->row.failed()) return job;
        const WorkItem& item = *job->item;
        KeptInputs kept = keptInputs.take();
        try {
            const ScenePair& pair = *job->pair;
            if (kept.regionsOf.lock() != job->pair) {
                kept.regionsOf.reset(); // until the copy is complete
                kept.in.regions = pair.regions;
                kept.regionsOf = job->pair;
            }
            auto regions = std::move(kept.in.regions);
            kept.in = EvalInputs{};
            kept.in.regions = std::move(regions);
            EvalInputs& in = kept.in;
            in.on = &pair.on;
            in.off = &pair.off;
            job->edit.into(in);
            in.task = item.task;
            in.k = pair.k;
            in.clipLevel = pair.clipLevel;
            in.modelPath = &modelPath;
            in.targetSeen = item.task == Task::On ? &pair.seenOn : &pair.seenOff;
            pair.light.into(in);
            EvalWorkspacePool::Lease ws(workspaces);
            const EvalResult res = evaluate(in, params, false, **ws);
            fillScores(job->row, res.scores, ds.root, item.baseline() ? std::string() : item.edit->path->string());
            // --wb-shift: the same edit against the pair under each white-balance shift
            if (!job->row.failed())
                for (const ShiftedPair& s : pair.shifted) {
                    in.on = &s.on;
                    in.off = &s.off;
                    in.targetSeen = item.task == Task::On ? &s.seenOn : &s.seenOff;
                    s.light.into(in);
                    const EvalResult shifted = evaluate(in, shiftedParams, false, **ws);
                    job->row.wb[s.name] = {shifted.scores.sie, shifted.scores.lfe, shifted.scores.psnr, shifted.scores.ssim};
                }
        } catch (const Error& e) {
            fail(job->row, item.baseline() ? Failure::BadScene : Failure::BadEdit, ds.root, e.subject(), e.problem());
        } catch (const std::bad_alloc&) {
            fail(job->row, Failure::BadEdit, ds.root, item.baseline() ? ds.scenes[item.scene].on.string() : item.edit->path->string(),
                 "out of memory");
        }
        keptInputs.giveBack(std::move(kept));
        job->pair.reset();
        editBuffers.giveBack(std::move(job->edit));
        job->edit = {};
        return job;
    };

    auto write = [&](std::shared_ptr<Job> job) {
        journal.append(rowToJsonLine(job->row));
        ++prog.done;
        prog.failed += job->row.failed();
        prog.seconds = since(tScore);
        newRows.push_back(std::move(job->row));
        if (progress) progress(prog);
    };

    // When the first item of a scene enters the pipeline, that scene's pair and the next scene's are
    // loaded in the background, so no thread waits for a pair at a scene change.
    tbb::task_group prefetches;
    std::optional<std::size_t> lastScene;
    auto prefetchAround = [&](std::size_t at) {
        auto prefetchScene = [&](std::size_t from) {
            for (std::size_t i = from; i < todo.size() && todo[i]->scene == todo[from]->scene; ++i)
                if (const auto size = itemSizing(*todo[i]).size) {
                    const std::size_t scene = todo[i]->scene;
                    prefetches.run([&cache, scene, size] { cache.prefetch(scene, size->first, size->second); });
                    return;
                }
        };
        prefetchScene(at);
        const std::size_t end = config.maxRows > 0 ? std::min(todo.size(), config.maxRows) : todo.size();
        std::size_t j = at;
        while (j < end && todo[j]->scene == todo[at]->scene) ++j;
        if (j < end) prefetchScene(j);
    };

    auto runPipeline = [&] {
        tbb::parallel_pipeline(
            std::size_t(2 * threads),
            tbb::make_filter<void, std::shared_ptr<Job>>(
                tbb::filter_mode::serial_in_order,
                [&](tbb::flow_control& fc) -> std::shared_ptr<Job> {
                    const bool limit = config.maxRows > 0 && next >= config.maxRows;
                    if (next >= todo.size() || limit || (cancel && cancel->load())) {
                        stopped = next < todo.size();
                        fc.stop();
                        return nullptr;
                    }
                    if (todo[next]->scene != lastScene) {
                        lastScene = todo[next]->scene;
                        prefetchAround(next);
                    }
                    auto job = std::make_shared<Job>();
                    job->item = todo[next++];
                    job->row = rowSkeleton(ds, *job->item);
                    return job;
                }) &
                tbb::make_filter<std::shared_ptr<Job>, std::shared_ptr<Job>>(tbb::filter_mode::parallel, decode) &
                tbb::make_filter<std::shared_ptr<Job>, std::shared_ptr<Job>>(tbb::filter_mode::parallel, compute) &
                tbb::make_filter<std::shared_ptr<Job>, void>(tbb::filter_mode::serial_in_order, write));
    };

    tbb::task_arena arena(threads);
    arena.execute([&] {
        try {
            runPipeline();
        } catch (...) {
            prefetches.wait();
            throw;
        }
        prefetches.wait();
    });
    outcome.scoreSeconds = since(tScore);
    outcome.scoredNow = newRows.size();
    outcome.sceneLoads = cache.loads();
    if (prog.done == 0 && progress) progress(prog);
    if (stopped) return outcome; // journal complete up to here; resume finishes the run

    const auto tWrite = Clock::now();
    std::vector<ScoreRow> rows;
    rows.reserve(finished.size() + newRows.size());
    for (auto& [k, r] : finished) rows.push_back(std::move(r));
    for (auto& r : newRows) rows.push_back(std::move(r));
    sortRows(rows);
    for (const auto& r : rows) outcome.failed += r.failed();
    std::vector<std::string> warnings = labelsWarnings;
    {
        std::vector<std::string> unmatched = attachImportedScores(rows, imported);
        if (plan.shard.count > 1 && !unmatched.empty()) {
            // A shard holds part of the rows: an import row is unmatched only when no shard has it.
            BenchConfig whole = config;
            whole.shard = Shard{};
            std::set<std::string> keys;
            for (const auto& item : makeWorkList(ds, whole).items)
                keys.insert(ds.scenes[item.scene].name + "/" + item.model + "/" + taskName(item.task));
            std::erase_if(unmatched, [&](const std::string& k) { return keys.count(k) > 0; });
        }
        if (const std::string w = unmatchedImportWarning(unmatched); !w.empty()) {
            warnings.push_back(w);
            outcome.warnings.push_back(w);
        }
    }
    writeResults(out, plan, rows, warnings);
    std::filesystem::remove(journalPath, ec);
    outcome.writeSeconds = since(tWrite);
    {
        nlohmann::ordered_json info;
        info["threads"] = outcome.threads;
        info["rows"] = outcome.rows;
        info["rows_scored_now"] = outcome.scoredNow;
        info["rows_resumed"] = outcome.resumed;
        info["scan_seconds"] = outcome.scanSeconds;
        info["score_seconds"] = outcome.scoreSeconds;
        info["write_seconds"] = outcome.writeSeconds;
        info["rows_per_second"] = outcome.scoreSeconds > 0 ? double(outcome.scoredNow) / outcome.scoreSeconds : 0.0;
        info["scene_pair_loads"] = outcome.sceneLoads;
        writeFileAtomic(out / kRunInfoJson, info.dump(2) + "\n");
    }
    outcome.completed = true;
    return outcome;
}

} // namespace ll::bench
