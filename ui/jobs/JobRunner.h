#pragma once
// JobRunner: runs core work (loading, evaluating, building display pyramids) on oneTBB worker
// threads and hands results back to the GUI thread through queued calls, so the event loop never
// waits for a computation. Two task arenas: Interactive (the case on screen; high priority) and
// Background (filling the dataset browser; low priority), sharing TBB's worker pool.
//
// A job is work(token) -> R. When it finishes, onDone(R) runs on the GUI thread unless the token was
// cancelled meanwhile or `context` was destroyed. ll::Error and other exceptions go to
// onError(message); JobCancelled is swallowed silently.
//
// Ownership: the runner (a GUI-thread object) owns the jobs and outlives them (its destructor cancels
// them and waits). A worker never touches `context`: it posts the result to the runner, and the
// runner, on the GUI thread, delivers it only if `context` still exists (QPointer checked there). So a
// window may be closed and deleted at any moment while its jobs run; its `work` must not capture the
// window itself, only copies of what it needs.
#include "jobs/CancelToken.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace ll::ui {

enum class JobPriority { Interactive, Background };

class JobRunner : public QObject {
    Q_OBJECT
public:
    // threads = 0: TBB's default concurrency.
    explicit JobRunner(QObject* parent = nullptr, int threads = 0);
    // Cancels every job and waits for the workers to leave them (jobs check tokens between stages).
    ~JobRunner() override;

    template <typename R>
    void run(const QString& label, JobPriority priority, CancelToken token,
             std::function<R(const CancelToken&)> work, QObject* context,
             std::function<void(R)> onDone, std::function<void(QString)> onError = {}) {
        QPointer<QObject> ctx(context); // made here, read only on the GUI thread
        auto body = [this, token, work = std::move(work), ctx, onDone = std::move(onDone),
                     onError = std::move(onError)]() {
            try {
                throwIfCancelled(token);
                auto result = std::make_shared<R>(work(token));
                if (token.cancelled()) return;
                QMetaObject::invokeMethod(
                    this,
                    [ctx, token, result, onDone]() {
                        if (ctx && !token.cancelled()) onDone(std::move(*result));
                    },
                    Qt::QueuedConnection);
            } catch (const JobCancelled&) {
            } catch (const std::exception& e) {
                postError(ctx, token, onError, QString::fromStdString(e.what()));
            } catch (...) {
                postError(ctx, token, onError, QStringLiteral("unknown error"));
            }
        };
        launch(label, priority, token, std::move(body));
    }

    // A callable that a job's work may call on its worker thread to report how far it got: each call
    // posts (done, total, text) to the runner, which passes it to onProgress on the GUI thread if
    // `context` still exists and `token` was not cancelled. Copies may be called after the context
    // is gone.
    using Progress = std::function<void(int done, int total, const QString& text)>;
    Progress progressPoster(CancelToken token, QObject* context, std::function<void(int, int, QString)> onProgress) {
        QPointer<QObject> ctx(context); // made here, read only on the GUI thread
        return [this, token, ctx, onProgress = std::move(onProgress)](int done, int total, const QString& text) {
            if (token.cancelled()) return;
            QMetaObject::invokeMethod(
                this,
                [ctx, token, onProgress, done, total, text]() {
                    if (ctx && !token.cancelled()) onProgress(done, total, text);
                },
                Qt::QueuedConnection);
        };
    }

    // Jobs started and not yet finished (running or queued).
    int activeJobs() const { return int(labels_.size()); }
    QStringList activeLabels() const;
    // Cancels every job (e.g. when a new dataset is opened).
    void cancelAll();

Q_SIGNALS:
    // Emitted on the GUI thread whenever a job starts or ends.
    void activityChanged(int activeJobs, const QString& summary);

private:
    // Called on a worker: posts to the runner, which checks `ctx` on the GUI thread.
    void postError(const QPointer<QObject>& ctx, const CancelToken& token, const std::function<void(QString)>& onError,
                   const QString& message) {
        if (!onError || token.cancelled()) return;
        QMetaObject::invokeMethod(
            this, [ctx, token, onError, message]() { if (ctx && !token.cancelled()) onError(message); },
            Qt::QueuedConnection);
    }
    void launch(const QString& label, JobPriority priority, const CancelToken& token,
                std::function<void()> body);
    void finished(quint64 id);

    struct Arenas;
    std::unique_ptr<Arenas> arenas_;
    quint64 nextId_ = 1;
    std::map<quint64, std::pair<QString, CancelToken>> labels_; // GUI thread only
    // Outstanding worker bodies; the destructor waits for zero.
    std::mutex mutex_;
    std::condition_variable idle_;
    int outstanding_ = 0;
};

} // namespace ll::ui
