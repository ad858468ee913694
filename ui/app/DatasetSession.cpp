#include "app/DatasetSession.h"

#include <oneapi/tbb/info.h>

#include <algorithm>

namespace ll::ui {
namespace {
QString baselineKey(const QString& scene, Task t) { return scene + '/' + taskName(t); }
} // namespace

DatasetSession::DatasetSession(JobRunner* runner, QObject* parent) : QObject(parent), runner_(runner) {}

void DatasetSession::open(const std::filesystem::path& root) {
    // Lazy scan (no image headers): large datasets open at once; a bad file shows when its case loads.
    auto d = std::make_unique<Dataset>(scanDataset(root, ScanOptions{.readHeaders = false}));
    datasetToken_.cancel();
    currentToken_.cancel();
    datasetToken_ = CancelToken();
    dataset_ = std::move(d);
    cache_.clear();
    baselines_.clear();
    baselinePending_.clear();
    current_ = {};
    currentPending_ = false;
    largestPixels_ = 0;
    startScoring();
}

void DatasetSession::setParams(const MetricParams& params) {
    if (paramsKey(params) == paramsKey(params_)) return;
    params_ = params;
    if (!dataset_) return;
    datasetToken_.cancel();
    datasetToken_ = CancelToken();
    baselines_.clear();
    baselinePending_.clear();
    Q_EMIT paramsChanged();
    if (current_.valid()) request(current_);
    startScoring();
}

CasePtr DatasetSession::cached(const CaseId& id) {
    auto hit = cache_.get(id.key(paramsKey(params_)));
    return hit ? *hit : nullptr;
}

SharedPair DatasetSession::sharedPair(const QString& scene) const {
    const QString prefix = scene + '\x1f';
    const auto hit = cache_.findIf([&](const QString& key) { return key.startsWith(prefix); });
    if (!hit || !*hit) return {};
    return {(*hit)->loadedCase, (*hit)->regions};
}

std::optional<BaselineScores> DatasetSession::baseline(const QString& scene, Task task) const {
    auto it = baselines_.find(baselineKey(scene, task));
    if (it == baselines_.end()) return std::nullopt;
    return it->second;
}

void DatasetSession::request(const CaseId& id) {
    if (!dataset_) return;
    currentToken_.cancel();
    currentToken_ = CancelToken();
    current_ = id;
    currentPending_ = false;
    if (CasePtr c = cached(id)) {
        currentDone();
        Q_EMIT caseReady(c);
        return;
    }
    CaseRequest req;
    try {
        req = makeCaseRequest(*dataset_, id, params_);
    } catch (const std::exception& e) {
        currentDone();
        Q_EMIT caseFailed(id, QString::fromStdString(e.what()));
        return;
    }
    // The case on screen has the machine to itself: no new background scoring starts until it is
    // complete (or fails, or another case is asked for).
    currentPending_ = true;
    // Two jobs: the images first (shown as soon as they are decoded), then the evaluation and the
    // map views, which reports its progress to the panes.
    const QString key = id.key(paramsKey(params_));
    const CancelToken token = currentToken_;
    runner_->run<CasePtr>(
        tr("Loading %1").arg(id.label()), JobPriority::Interactive, token,
        [req](const CancelToken& t) { return loadCaseImages(req, t); }, this,
        [this, key, id, token, params = req.params](CasePtr images) {
            // The images tell how large the dataset's pictures are: fewer scoring jobs at once when large.
            largestPixels_ = std::max(largestPixels_, (long long)images->size.width() * images->size.height());
            if (!images->evaluating) { // no edit to evaluate: the case is complete
                cache_.insert(key, images, images->bytes());
                if (current_ == id) {
                    currentDone();
                    Q_EMIT caseReady(images);
                }
                return;
            }
            if (current_ == id) Q_EMIT caseReady(images);
            const CaseProgress progress = runner_->progressPoster(
                token, this, [this, id](int done, int total, QString what) { Q_EMIT caseProgress(id, done, total, what); });
            runner_->run<CasePtr>(
                tr("Evaluating %1").arg(id.label()), JobPriority::Interactive, token,
                [images, params, progress](const CancelToken& t) { return evaluateCaseImages(*images, params, t, progress); },
                this,
                [this, key, id, params](CasePtr c) {
                    cache_.insert(key, c, c->bytes());
                    if (c->result) {
                        reportScores(id, c->result->scores);
                        // The browser has this edit's scores now (the same evaluation): it is not scored
                        // again in the background.
                        if (paramsKey(params) == paramsKey(params_))
                            std::erase(scoreQueue_, id);
                    }
                    if (current_ == id) {
                        currentDone();
                        Q_EMIT caseReady(c);
                    }
                },
                [this, id](QString error) {
                    if (current_ == id) currentDone();
                    Q_EMIT caseFailed(id, error);
                });
        },
        [this, id](QString error) {
            if (current_ == id) currentDone();
            Q_EMIT caseFailed(id, error);
        });
}

void DatasetSession::currentDone() {
    currentPending_ = false;
    // The baseline column of the score panel after the case itself (it costs another evaluation).
    if (current_.valid()) requestBaseline(current_);
    pumpScoring();
}

void DatasetSession::requestBaseline(const CaseId& id) {
    const QString key = baselineKey(id.scene, id.task);
    if (baselines_.count(key) || baselinePending_.count(key)) return;
    CaseRequest req;
    try {
        req = makeCaseRequest(*dataset_, id, params_);
    } catch (const std::exception&) {
        return;
    }
    baselinePending_.insert(key);
    const QString scene = id.scene;
    const Task task = id.task;
    runner_->run<BaselineScores>(
        tr("Baseline %1 turn %2").arg(scene, taskName(task)), JobPriority::Interactive, datasetToken_,
        [req, pair = sharedPair(scene)](const CancelToken& t) { return computeBaseline(req, t, pair); }, this,
        [this, key, scene, task](BaselineScores b) {
            baselinePending_.erase(key);
            baselines_[key] = std::move(b);
            Q_EMIT baselineReady(scene, task);
            pumpScoring();
        },
        [this, key](QString) {
            baselinePending_.erase(key);
            pumpScoring();
        });
}

void DatasetSession::reportScores(const CaseId& id, const EvalScores& s) {
    // A degenerate edit is a failure, as in the benchmark's tables (spec "Standardisation").
    if (s.editFailure)
        Q_EMIT scoreFailed(id, tr("degenerate edit: %1").arg(QString::fromStdString(s.editFailureReason)),
                           BrowserRow::Fault::Degenerate);
    else Q_EMIT scoreReady(id, s.sie, s.lfe);
}

void DatasetSession::startScoring() {
    // A new generation: jobs of the previous one were cancelled with their token and never report.
    scoreQueue_.clear();
    scoringRunning_ = 0;
    for (const EditEntry& e : dataset_->edits) queueScore(e, false);
    // From the event loop, so that a case asked for right after opening (the first one shown) is
    // requested before any scoring job starts, and has the machine to itself.
    QMetaObject::invokeMethod(this, [this, token = datasetToken_] { if (!token.cancelled()) pumpScoring(); },
                              Qt::QueuedConnection);
}

int DatasetSession::scoringSlotsFor(long long pixels) {
    // About 110 bytes per pixel while an edit is scored (its three images, the evaluation's
    // workspace): jobs at once within the budget, at least one, at most one per core.
    const long long perJob = std::max(1LL, pixels) * 110;
    const long long fit = (long long)(kScoringBudgetBytes / std::size_t(perJob));
    return int(std::clamp<long long>(fit, 1, std::max(1, tbb::info::default_concurrency())));
}

void DatasetSession::queueScore(const EditEntry& e, bool first) {
    if (!e.usable()) return;
    const CaseId id{QString::fromStdString(e.scene), QString::fromStdString(e.model), e.task};
    if (first) scoreQueue_.push_front(id);
    else scoreQueue_.push_back(id);
}

void DatasetSession::pumpScoring() {
    if (!dataset_) return;
    // A baseline being evaluated takes one of the slots (it holds as much memory as a scoring job).
    while (!currentPending_ && scoringRunning_ + int(baselinePending_.size()) < scoringSlotsFor(largestPixels_) &&
           !scoreQueue_.empty()) {
        const CaseId id = scoreQueue_.front();
        scoreQueue_.pop_front();
        scoreEdit(id);
    }
}

void DatasetSession::scoreEdit(const CaseId& id) {
    CaseRequest req;
    try {
        req = makeCaseRequest(*dataset_, id, params_);
    } catch (const std::exception&) {
        return;
    }
    ++scoringRunning_;
    ++scoringLaunched_;
    auto finished = [this] {
        --scoringRunning_;
        pumpScoring();
    };
    runner_->run<EvalScores>(
        tr("Scoring %1").arg(id.label()), JobPriority::Background, datasetToken_,
        [req, pair = sharedPair(id.scene)](const CancelToken& t) { return scoreCase(req, t, pair); }, this,
        [this, id, finished](EvalScores s) {
            reportScores(id, s);
            finished();
        },
        [this, id, finished, sceneDir = QString::fromStdString(req.on.parent_path().string())](QString error) {
            // Errors name their file first ("path: problem"): a file of the scene folder (the real pair,
            // labels, meta.json) is the scene's fault, not the model's.
            const bool scene = !sceneDir.isEmpty() && error.startsWith(sceneDir + '/');
            Q_EMIT scoreFailed(id, error, scene ? BrowserRow::Fault::Scene : BrowserRow::Fault::Edit);
            finished();
        });
}

void DatasetSession::reloadScene(const QString& scene) {
    labelsChanged(scene);
    if (current_.valid() && current_.scene == scene) request(current_);
}

void DatasetSession::labelsChanged(const QString& scene) {
    if (!dataset_) return;
    const std::string name = scene.toStdString();
    for (Scene& s : dataset_->scenes) {
        if (s.name != name) continue;
        const std::filesystem::path labels = s.dir / "labels.json";
        std::error_code ec;
        if (!s.labels && std::filesystem::is_regular_file(labels, ec)) s.labels = labels;
    }
    const QString prefix = scene + '\x1f';
    cache_.eraseIf([&](const QString& key) { return key.startsWith(prefix); });
    for (Task t : {Task::On, Task::Off}) baselines_.erase(baselineKey(scene, t));
    Q_EMIT sceneScoresInvalidated(scene);
    // Ahead of the rest of the queue, in the dataset's order.
    for (auto it = dataset_->edits.rbegin(); it != dataset_->edits.rend(); ++it)
        if (it->scene == name) queueScore(*it, true);
    pumpScoring();
}

} // namespace ll::ui
