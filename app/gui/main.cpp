// lightlens: the LightLens desktop application (the Inspector).
//   lightlens [DATASET] [--demo]
// Extra modes for documentation and measurements:
//   --screenshot FILE [--grid 2x3] [--delay MS]   open, wait for the case, save the window, quit
//   --bench-view                                 print pan/zoom frame times on a 6000x4000 pair
#include "MainWindow.h"
#include "bench/ViewBenchmark.h"
#include "style/DarkTheme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("LightLens");
    QApplication::setOrganizationName("LightLens");
    QApplication::setApplicationVersion(LIGHTLENS_VERSION);
    ll::ui::applyDarkTheme(app);

    QCommandLineParser parser;
    parser.setApplicationDescription("Inspect how well image-editing models handle light.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("DATASET", "dataset folder to open");
    QCommandLineOption demo("demo", "write the synthetic demo dataset to the cache folder (once) and open it");
    QCommandLineOption screenshot("screenshot", "save a screenshot of the window to FILE once the case is shown, then quit", "FILE");
    QCommandLineOption grid("grid", "pane grid: 1x1, 1x2, 2x2 or 2x3", "RxC", "2x3");
    QCommandLineOption delay("delay", "extra wait before the screenshot, ms", "MS", "300");
    QCommandLineOption benchView("bench-view", "measure pan/zoom frame times on a 6000x4000 pair and print them");
    parser.addOptions({demo, screenshot, grid, delay, benchView});
    parser.process(app);

    if (parser.isSet(benchView)) {
        const QString report = ll::ui::runViewBenchmark({});
        std::fputs(report.toUtf8().constData(), stdout);
        return 0;
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
    if (parser.isSet(demo)) window.openDemo();
    else if (!parser.positionalArguments().isEmpty()) window.openDataset(parser.positionalArguments().front());
    return app.exec();
}
