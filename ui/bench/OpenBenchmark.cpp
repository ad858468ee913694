#include "bench/OpenBenchmark.h"

#include "MainWindow.h"
#include "app/DatasetSession.h"
#include "app/ProcessMemory.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <optional>

namespace ll::ui {
namespace {

struct Moment {
    double ms = -1.0;
    double peakMiB = 0.0;
    double inUseMiB = 0.0;
};

} // namespace

QString runOpenBenchmark(const OpenBenchOptions& o, QString* error) {
    const double startMiB = processMemoryMiB("VmRSS");
    MainWindow w;
    w.resize(o.windowWidth, o.windowHeight);
    w.show();

    QElapsedTimer clock;
    QEventLoop loop;
    Moment images, complete, browserScore;
    int progressReports = 0;
    std::optional<CaseId> shown;
    QString failure;
    const auto now = [&] {
        return Moment{double(clock.nsecsElapsed()) / 1e6, processMemoryMiB("VmHWM"), processMemoryMiB("VmRSS")};
    };
    QObject::connect(w.session(), &DatasetSession::caseReady, &loop, [&](CasePtr c) {
        if (c->evaluating) {
            if (images.ms < 0) images = now();
            return;
        }
        if (images.ms < 0) images = now(); // no edit to evaluate: images and the case at once
        complete = now();
        shown = c->id;
        loop.quit();
    });
    Moment evaluated; // the evaluation done, the map views about to be built
    QObject::connect(w.session(), &DatasetSession::caseProgress, &loop, [&](const CaseId&, int done, int total) {
        ++progressReports;
        if (evaluationFinished(done, total) && evaluated.ms < 0) evaluated = now();
    });
    QObject::connect(w.session(), &DatasetSession::scoreReady, &loop, [&](const CaseId& id) {
        if (browserScore.ms < 0 && w.session()->current() == id) browserScore = now();
    });
    QObject::connect(w.session(), &DatasetSession::caseFailed, &loop, [&](const CaseId&, const QString& e) {
        failure = e;
        loop.quit();
    });
    QTimer::singleShot(o.timeoutMs, &loop, [&] {
        failure = QStringLiteral("the case was not complete after %1 s").arg(o.timeoutMs / 1000);
        loop.quit();
    });
    clock.start();
    if (!w.openDataset(o.dataset)) {
        if (error) *error = QStringLiteral("cannot open %1").arg(o.dataset);
        return {};
    }
    loop.exec();
    if (!failure.isEmpty() || !shown) {
        if (error) *error = failure.isEmpty() ? QStringLiteral("no case was shown") : failure;
        return {};
    }
    const CasePtr c = w.currentCase();
    const QSize size = c ? c->size : QSize();
    auto row = [](const QString& what, const Moment& m) {
        return m.ms < 0 ? QStringLiteral("| %1 | – | – | – |\n").arg(what)
                        : QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                              .arg(what)
                              .arg(m.ms / 1000.0, 0, 'f', 2)
                              .arg(m.peakMiB, 0, 'f', 0)
                              .arg(m.inUseMiB, 0, 'f', 0);
    };
    QString r;
    r += QStringLiteral("Open benchmark: %1, case %2 at %3x%4, window %5x%6, browser scoring in the background.\n\n")
             .arg(o.dataset, shown->label())
             .arg(size.width())
             .arg(size.height())
             .arg(o.windowWidth)
             .arg(o.windowHeight);
    r += QStringLiteral("| moment | seconds after opening | peak memory so far, MiB | in use then, MiB |\n|---|---|---|---|\n");
    r += row(QStringLiteral("images on screen"), images);
    r += row(QStringLiteral("metrics computed (map views next)"), evaluated);
    r += row(QStringLiteral("the case's score in the browser"), browserScore);
    r += row(QStringLiteral("metrics and maps on screen"), complete);
    r += QStringLiteral("\nMemory before the window: %1 MiB; progress reports while evaluating: %2.\n")
             .arg(startMiB, 0, 'f', 0)
             .arg(progressReports);
    return r;
}

} // namespace ll::ui
