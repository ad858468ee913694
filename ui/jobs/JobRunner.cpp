#include "jobs/JobRunner.h"

#include "app/FreedMemory.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

namespace ll::ui {
namespace {

// The labels of the first few jobs, then how many more: opening a large dataset queues tens of
// thousands of scoring jobs, and joining every label on every start and end would be quadratic.
QString summaryOf(const std::map<quint64, std::pair<QString, CancelToken>>& labels) {
    constexpr std::size_t kShown = 8;
    QStringList shown;
    for (auto it = labels.begin(); it != labels.end() && std::size_t(shown.size()) < kShown; ++it) shown << it->second.first;
    QString s = shown.join(", ");
    if (labels.size() > kShown) s += QStringLiteral(" and %1 more").arg(labels.size() - kShown);
    return s;
}

} // namespace

struct JobRunner::Arenas {
    // The GUI thread never joins the arenas (jobs are enqueued), so let TBB start one worker per
    // core instead of its default of one fewer (which counts on the calling thread to help).
    explicit Arenas(int threads)
        : workers(tbb::global_control::max_allowed_parallelism, std::size_t(tbb::info::default_concurrency()) + 1),
          interactive(threads, 0, tbb::task_arena::priority::high),
          background(threads, 0, tbb::task_arena::priority::low) {}
    tbb::global_control workers;
    tbb::task_arena interactive;
    tbb::task_arena background;
};

JobRunner::JobRunner(QObject* parent, int threads) : QObject(parent) {
    if (threads <= 0) threads = tbb::info::default_concurrency();
    arenas_ = std::make_unique<Arenas>(threads);
}

JobRunner::~JobRunner() {
    cancelAll();
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return outstanding_ == 0; });
}

QStringList JobRunner::activeLabels() const {
    QStringList out;
    for (const auto& [id, entry] : labels_) out << entry.first;
    return out;
}

void JobRunner::cancelAll() {
    for (auto& [id, entry] : labels_) entry.second.cancel();
}

void JobRunner::launch(const QString& label, JobPriority priority, const CancelToken& token,
                       std::function<void()> body) {
    const quint64 id = nextId_++;
    labels_[id] = {label, token};
    {
        std::lock_guard lock(mutex_);
        ++outstanding_;
    }
    auto task = [this, id, body = std::move(body)]() {
        body();
        QMetaObject::invokeMethod(this, [this, id]() { finished(id); }, Qt::QueuedConnection);
        std::lock_guard lock(mutex_);
        if (--outstanding_ == 0) idle_.notify_all();
    };
    // enqueue never blocks the calling (GUI) thread, unlike execute().
    (priority == JobPriority::Interactive ? arenas_->interactive : arenas_->background).enqueue(std::move(task));
    Q_EMIT activityChanged(activeJobs(), summaryOf(labels_));
}

void JobRunner::finished(quint64 id) {
    labels_.erase(id);
    if (labels_.empty()) trimFreedMemory(); // the last job's buffers go back to the system
    Q_EMIT activityChanged(activeJobs(), summaryOf(labels_));
}

} // namespace ll::ui
