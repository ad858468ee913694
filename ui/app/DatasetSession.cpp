#include "app/DatasetSession.h"

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
    requestBaseline(id);
    if (CasePtr c = cached(id)) {
        Q_EMIT caseReady(c);
        return;
    }
    CaseRequest req;
    try {
        req = makeCaseRequest(*dataset_, id, params_);
    } catch (const std::exception& e) {
        Q_EMIT caseFailed(id, QString::fromStdString(e.what()));
        return;
    }
    const QString key = id.key(paramsKey(params_));
    runner_->run<CasePtr>(
        tr("Evaluating %1").arg(id.label()), JobPriority::Interactive, currentToken_,
        [req](const CancelToken& t) { return computeCase(req, t); }, this,
        [this, key, id](CasePtr c) {
            cache_.insert(key, c, c->bytes());
            if (c->result) reportScores(id, c->result->scores);
            if (current_ == id) Q_EMIT caseReady(c);
        },
        [this, id](QString error) { Q_EMIT caseFailed(id, error); });
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
        [req](const CancelToken& t) { return computeBaseline(req, t); }, this,
        [this, key, scene, task](BaselineScores b) {
            baselinePending_.erase(key);
            baselines_[key] = std::move(b);
            Q_EMIT baselineReady(scene, task);
        },
        [this, key](QString) { baselinePending_.erase(key); });
}

void DatasetSession::reportScores(const CaseId& id, const EvalScores& s) {
    // A degenerate edit is a failure, as in the benchmark's tables (spec "Standardisation").
    if (s.editFailure)
        Q_EMIT scoreFailed(id, tr("degenerate edit: %1").arg(QString::fromStdString(s.editFailureReason)),
                           BrowserRow::Fault::Degenerate);
    else Q_EMIT scoreReady(id, s.sie, s.lfe);
}

void DatasetSession::startScoring() {
    for (const EditEntry& e : dataset_->edits) scoreEdit(e);
}

void DatasetSession::scoreEdit(const EditEntry& e) {
    if (!e.usable()) return;
    const CaseId id{QString::fromStdString(e.scene), QString::fromStdString(e.model), e.task};
    CaseRequest req;
    try {
        req = makeCaseRequest(*dataset_, id, params_);
    } catch (const std::exception&) {
        return;
    }
    runner_->run<EvalScores>(
        tr("Scoring %1").arg(id.label()), JobPriority::Background, datasetToken_,
        [req](const CancelToken& t) { return scoreCase(req, t); }, this,
        [this, id](EvalScores s) { reportScores(id, s); },
        [this, id, sceneDir = QString::fromStdString(req.on.parent_path().string())](QString error) {
            // Errors name their file first ("path: problem"): a file of the scene folder (the real pair,
            // labels, meta.json) is the scene's fault, not the model's.
            const bool scene = !sceneDir.isEmpty() && error.startsWith(sceneDir + '/');
            Q_EMIT scoreFailed(id, error, scene ? BrowserRow::Fault::Scene : BrowserRow::Fault::Edit);
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
    for (const EditEntry& e : dataset_->edits)
        if (e.scene == name) scoreEdit(e);
}

} // namespace ll::ui
