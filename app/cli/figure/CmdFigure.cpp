// `lightlens-cli figure SPEC.json --out FILE [--bench DIR] [--dataset DIR]`: paper figures and tables
// without a display. Draws with Qt Gui on the offscreen platform (set here unless QT_QPA_PLATFORM is
// already set), so it runs on headless machines and in batch jobs.
#include "cli/Commands.h"

#include "figure/FigureBuilder.h"
#include "figure/FigureSpec.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <QGuiApplication>

#include <cstdio>
#include <memory>
#include <ostream>

namespace ll::cli {

namespace {

// Qt's own notices (e.g. "XDG_RUNTIME_DIR not set" on headless machines) would break the rule that
// the command prints nothing but its result and one-line errors; they are dropped while it runs.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg) std::fprintf(stderr, "lightlens-cli figure: %s\n", qPrintable(message));
}

// A QGuiApplication for the command's lifetime, unless the process already has one (the GUI, tests).
class GuiContext {
public:
    GuiContext() {
        if (QCoreApplication::instance() && !qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
            throw ll::Error("figure", "needs a QGuiApplication, but this process runs a QCoreApplication");
        previous_ = qInstallMessageHandler(quietQtMessages);
        if (QCoreApplication::instance()) return;
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        app_ = std::make_unique<QGuiApplication>(argc_, argv_);
    }
    ~GuiContext() { qInstallMessageHandler(previous_); }
    GuiContext(const GuiContext&) = delete;
    GuiContext& operator=(const GuiContext&) = delete;

private:
    QtMessageHandler previous_ = nullptr;
    int argc_ = 1;
    char name_[14] = "lightlens-cli";
    char* argv_[2] = {name_, nullptr};
    std::unique_ptr<QGuiApplication> app_;
};

} // namespace

Command makeFigureCommand() {
    CommandSpec spec{"figure",
                     "SPEC.json",
                     "draw a paper figure (PDF, SVG, PNG) or its table (LaTeX, Markdown, CSV) from a figure description",
                     {{"out", "FILE", "output: .pdf .svg .png (figure) or .tex .md .csv (the figure's numbers as a table)"},
                      {"bench", "DIR", "benchmark output (per_image.csv) for bands, classes, percentiles, histogram"},
                      {"dataset", "DIR", "dataset folder for grid figures"},
                      {"dpi", "N", "resolution of image tiles and PNG output (overrides the spec's dpi)"},
                      {"print-spec", "", "print the complete figure description (all defaults filled in) on stdout"}},
                     1,
                     1,
                     "The description's schema is in docs/figures.md. Same inputs give byte-identical files."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const std::string specPath = args.positionals[0];
                const std::string out = args.required("out");
                figure::FigureSpec fs = figure::FigureSpec::fromJsonText(readFile(specPath), specPath);
                if (args.has("dpi")) {
                    const double dpi = args.number("dpi", fs.dpi);
                    if (!(dpi >= 10 && dpi <= 2400)) throw UsageError("--dpi must be in 10..2400");
                    fs.dpi = dpi;
                }
                figure::outputKindForPath(out); // unknown extension: fail before any work
                if (args.flag("print-spec")) io.out << fs.toJsonText();
                figure::FigureSources sources;
                if (auto b = args.value("bench")) sources.bench = *b;
                if (auto d = args.value("dataset")) sources.dataset = *d;
                GuiContext gui;
                figure::writeFigureOutput(fs, sources, out, specPath);
                return 0;
            }};
}

} // namespace ll::cli
