// lightlens: the LightLens desktop application (the Inspector).
//   lightlens [DATASET] [--demo]
//   lightlens --study FILE [--results CSV] [--rater NAME]   the A/B study window alone (asks for what is missing)
//   lightlens --edit-scores DIR                              also open the edit-score window on a material dataset
//   lightlens --validate                                     also open the validation window
// Extra modes for documentation and measurements:
//   --screenshot FILE [--grid 2x3] [--delay MS]   open, wait for the case, save the window, quit
//   --bench-view                                 print pan/zoom frame times on a 6000x4000 pair
//   --bench-open DATASET                         print the time to a case's images, then its maps, and peak memory
#include "MainWindow.h"
#include "app/FreedMemory.h"
#include "bench/OpenBenchmark.h"
#include "bench/ViewBenchmark.h"
#include "study/StudyLauncher.h"
#include "style/DarkTheme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv) {
    ll::ui::returnLargeBlocksToTheSystem();
    QApplication app(argc, argv);
    QApplication::setApplicationName("LightLens");
    QApplication::setOrganizationName("LightLens");
    QApplication::setApplicationVersion(LIGHTLENS_VERSION);
    ll::ui::applyDarkTheme(app);

    QCommandLineParser parser;
    parser.setApplicationDescription("Inspect how well image-editing models handle light.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("PATH", "dataset folder to open, or a file inside one (its case is shown)");
    QCommandLineOption demo("demo", "write the synthetic demo dataset to the cache folder (once) and open it");
    QCommandLineOption screenshot("screenshot", "save a screenshot of the window to FILE once the case is shown, then quit", "FILE");
    QCommandLineOption grid("grid", "pane grid: 1x1, 1x2, 2x2 or 2x3", "RxC", "2x3");
    QCommandLineOption delay("delay", "extra wait before the screenshot, ms", "MS", "300");
    QCommandLineOption benchView("bench-view", "measure pan/zoom frame times on a 6000x4000 pair and print them");
    QCommandLineOption benchOpen("bench-open", "open DATASET, time its first case's images and maps, print them with the peak memory", "DATASET");
    QCommandLineOption study("study", "run the A/B study in FILE (JSON or CSV) in the study window alone", "FILE");
    QCommandLineOption results("results", "with --study: the results CSV answers are appended to", "CSV");
    QCommandLineOption rater("rater", "with --study: the rater's name or id", "NAME");
    QCommandLineOption editScores("edit-scores", "open the edit-score window on the material dataset DIR", "DIR");
    QCommandLineOption validateWindow("validate", "open the window that validates a metric against human judgements");
    parser.addOptions({demo, screenshot, grid, delay, benchView, benchOpen, study, results, rater, editScores, validateWindow});
    parser.process(app);

    if (parser.isSet(benchView)) {
        const QString report = ll::ui::runViewBenchmark({});
        std::fputs(report.toUtf8().constData(), stdout);
        return 0;
    }

    if (parser.isSet(benchOpen)) {
        QString error;
        const QString report = ll::ui::runOpenBenchmark({.dataset = parser.value(benchOpen)}, &error);
        if (report.isEmpty()) {
            std::fprintf(stderr, "lightlens: %s\n", qPrintable(error));
            return 1;
        }
        std::fputs(report.toUtf8().constData(), stdout);
        return 0;
    }

    if (parser.isSet(study)) {
        // The rater sees only the study; the application ends when its window is closed.
        if (parser.isSet(results) && parser.isSet(rater)) {
            QString error;
            if (!ll::ui::openStudyWindow(parser.value(study), parser.value(results), parser.value(rater), &error)) {
                std::fprintf(stderr, "lightlens: %s\n", qPrintable(error));
                return 1;
            }
        } else if (!ll::ui::startStudy(nullptr, parser.value(study), parser.value(results), parser.value(rater))) {
            return 1;
        }
        return app.exec();
    }

    ll::ui::MainWindow window;
    const QString g = parser.value(grid);
    using ll::ui::GridLayout;
    window.grid()->setGridLayout(g == "1x1" ? GridLayout::Single : g == "1x2" ? GridLayout::OneByTwo
                                 : g == "2x2" ? GridLayout::TwoByTwo : GridLayout::TwoByThree);
    window.show();

    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        const int wait = parser.value(delay).toInt();
        QObject::connect(&window, &ll::ui::MainWindow::caseShown, &window, [&window, file, wait] {
            QTimer::singleShot(wait, &window, [&window, file] {
                if (!window.grab().save(file)) std::fprintf(stderr, "lightlens: cannot write %s\n", qPrintable(file));
                QApplication::quit();
            });
        });
    }
    if (parser.isSet(editScores)) window.openEditScores(parser.value(editScores));
    if (parser.isSet(validateWindow)) window.openValidation();
    if (parser.isSet(demo)) window.openDemo();
    else if (!parser.positionalArguments().isEmpty()) {
        // A dataset folder, or any file or folder inside one (that case is shown).
        const QString path = parser.positionalArguments().front();
        if (!window.openPath(path)) window.openDataset(path); // says why it is not a dataset
    }
    return app.exec();
}
