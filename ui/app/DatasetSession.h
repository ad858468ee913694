#pragma once
// DatasetSession: the open dataset and the work around it. It turns "show this case" into a job
// (cancelling the job of the case shown before), keeps finished cases in an LRU cache keyed by
// (scene, model, task, metric parameters) so going back to a case is instant, computes the
// do-nothing baselines, and scores every edit in the background for the dataset browser.
// Lives on the GUI thread; all results arrive through signals on the GUI thread.
#include "browser/BrowserRow.h"
#include "dataset/Dataset.h"
#include "inspect/CaseCompute.h"
#include "jobs/JobRunner.h"
#include "jobs/LruCache.h"

#include <QObject>

#include <deque>
#include <map>
#include <memory>
#include <set>

namespace ll::ui {

class DatasetSession : public QObject {
    Q_OBJECT
public:
    DatasetSession(JobRunner* runner, QObject* parent = nullptr);

    // Scans `root` (lazily: folder listings only, no image headers; unreadable files show up as row
    // errors when their case is scored) and starts background scoring. Throws ll::Error.
    void open(const std::filesystem::path& root);
    bool isOpen() const { return dataset_ != nullptr; }
    const Dataset& dataset() const { return *dataset_; }
    const MetricParams& params() const { return params_; }
    // Evaluates with other metric parameters from now on: the case on screen is requested again,
    // baselines and the browser's scores are recomputed (paramsChanged first). Cases evaluated
    // with earlier parameters stay cached under their own key, so switching back is instant.
    void setParams(const MetricParams& params);

    // The labels of `scene` were saved: its cached cases and baselines (scored with the old labels)
    // are dropped, sceneScoresInvalidated() is emitted and the scene's edits are scored again in
    // the background. A labels file that did not exist when the dataset was opened is picked up.
    void labelsChanged(const QString& scene);

    // Reads the scene's files again: as labelsChanged(), and the case on screen, when of that scene,
    // is computed again from disk.
    void reloadScene(const QString& scene);

    // Shows a case: from the cache at once, else through a job (the previous request is cancelled).
    void request(const CaseId& id);
    const CaseId& current() const { return current_; }
    // The cached case, if any.
    CasePtr cached(const CaseId& id);
    // The real pair of `scene` from a cached case of that scene (any model, task or parameters), which
    // the baseline and the background scoring evaluate against instead of loading it again; null
    // when none is cached.
    SharedPair sharedPair(const QString& scene) const;
    std::optional<BaselineScores> baseline(const QString& scene, Task task) const;

    // Cache budget in bytes (default 2 GiB).
    void setCacheBudget(std::size_t bytes) { cache_ = LruCache<QString, CasePtr>(bytes); }
    std::size_t cachedCases() const { return cache_.size(); }
    // Background scoring may hold this much memory at once (documented in the user guide).
    static constexpr std::size_t kScoringBudgetBytes = std::size_t(1) << 30;
    // How many edits of `pixels` pixels are scored at once: as many as fit in the budget, at least one,
    // at most one per core.
    static int scoringSlotsFor(long long pixels);
    // Background scoring: jobs started so far, running now, and waiting.
    long long scoringJobsStarted() const { return scoringLaunched_; }
    int scoringJobsRunning() const { return scoringRunning_; }
    // Baselines being evaluated (each takes one of the scoring slots).
    int baselineJobsRunning() const { return int(baselinePending_.size()); }
    std::size_t scoringJobsQueued() const { return scoreQueue_.size(); }

Q_SIGNALS:
    void paramsChanged();
    // The requested case: first with its images only (CaseData::evaluating) when it has an edit to
    // evaluate, then complete. Cached cases arrive complete at once.
    void caseReady(ll::ui::CasePtr c);
    // How far the evaluation of the requested case got (step `done` of `total`, and what runs now).
    void caseProgress(const ll::ui::CaseId& id, int done, int total, const QString& what);
    void caseFailed(const ll::ui::CaseId& id, const QString& error);
    void baselineReady(const QString& scene, ll::Task task);
    // Background browser scores.
    void scoreReady(const ll::ui::CaseId& id, std::optional<double> sie, std::optional<double> lfe);
    void scoreFailed(const ll::ui::CaseId& id, const QString& error, ll::ui::BrowserRow::Fault fault);
    // The browser's scores of `scene` are out of date (new ones follow through scoreReady).
    void sceneScoresInvalidated(const QString& scene);

private:
    void requestBaseline(const CaseId& id);
    // Background scoring runs from a queue, at most scoringSlotsFor(largestPixels_) jobs at a time, and starts no job
    // while the case on screen is being computed (so it gets the cores and the memory).
    void startScoring();
    void queueScore(const EditEntry& e, bool first);
    void pumpScoring();
    void scoreEdit(const CaseId& id);
    void currentDone(); // the case on screen is complete or failed: background scoring resumes
    void reportScores(const CaseId& id, const EvalScores& scores); // scoreReady, or scoreFailed for a degenerate edit

    JobRunner* runner_;
    std::unique_ptr<Dataset> dataset_;
    MetricParams params_;
    CaseId current_;
    CancelToken currentToken_;
    CancelToken datasetToken_; // cancels background scoring of the dataset when another is opened
    LruCache<QString, CasePtr> cache_{std::size_t(2) << 30};
    std::map<QString, BaselineScores> baselines_; // "scene/task"
    std::set<QString> baselinePending_;
    bool currentPending_ = false; // the requested case is being loaded or evaluated
    std::deque<CaseId> scoreQueue_;
    int scoringRunning_ = 0;
    long long scoringLaunched_ = 0;
    long long largestPixels_ = 0; // of the cases loaded so far
};

} // namespace ll::ui
