// The figure composer on a small synthetic dataset with a benchmark output: the preview is built in
// the background; a grid exported from the GUI is byte-identical to what `lightlens-cli figure` makes
// from the description the GUI saved; plots and tables of the results preview; insets come from the
// inspector's view; a malformed description gives a one-line error and changes nothing.
#include "MainWindow.h"
#include "compose/FigureComposer.h"
#include "figure/FigureSpec.h"
#include "synth/SynthDataset.h"
#include "util/AtomicFile.h"

#include <QtTest>

#include <QComboBox>
#include <QProcess>
#include <QTemporaryDir>

using namespace ll;
using namespace ll::ui;
namespace fs = std::filesystem;

class TestFigureComposer : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;
    QString cli_;

    ComposerContext context() const {
        ComposerContext c;
        c.dataset = dataset_.toStdString();
        c.scenes = {"scene_000", "scene_001"};
        c.models = {"do_nothing", "flat_falloff", "oracle"};
        c.scene = "scene_001";
        c.model = "flat_falloff";
        return c;
    }
    static bool waitPreview(FigureComposer& w) {
        QSignalSpy spy(&w, &FigureComposer::previewUpdated);
        return QTest::qWaitFor([&] { return !w.previewPending() && spy.count() > 0; }, 60000) ||
               (!w.previewPending() && !w.previewImage().isNull());
    }
    QByteArray runCli(const QStringList& args) {
        QProcess p;
        p.start(cli_, args);
        if (!p.waitForFinished(120000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return p.readAllStandardOutput() + "ok";
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        cli_ = qEnvironmentVariable("LIGHTLENS_CLI");
        if (cli_.isEmpty()) QSKIP("LIGHTLENS_CLI is not set (CTest sets it)");
        dataset_ = dir_.path() + "/synth";
        SynthDatasetParams p;
        p.scenes = 2;
        p.render.width = 240;
        p.render.height = 160;
        p.models = {"do_nothing", "flat_falloff", "oracle"};
        writeSynthDataset(dataset_.toStdString(), p);
        QVERIFY(!runCli({"bench", dataset_, "--quiet", "--threads", "2"}).isEmpty());
        QVERIFY(QFile::exists(dataset_ + "/results/per_image.csv"));
    }

    void findsTheResultsFolder() {
        QCOMPARE(defaultBenchFolder(dataset_.toStdString()), std::optional<fs::path>(fs::path(dataset_.toStdString()) / "results"));
        QVERIFY(!defaultBenchFolder(dir_.path().toStdString()));
        QVERIFY(!defaultBenchFolder(fs::path()));
    }

    void gridExportMatchesTheCommandLine() {
        JobRunner runner;
        FigureComposer w(&runner, context());
        w.show();
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QCOMPARE(w.spec().kind, figure::FigureKind::Grid);
        QCOMPARE(w.spec().scene, std::string("scene_001"));
        // two-column width (17.8 cm = 505 whole points) at the preview's resolution
        QCOMPARE(w.spec().widthPt(), 505.0);
        QVERIFY(w.previewDpi() >= 72 && w.previewDpi() <= 200);
        QCOMPARE(w.previewImage().width(), qRound(505.0 / 72.0 * w.previewDpi()));

        figure::FigureSpec s = w.spec();
        s.columns = {"edit", "real", "sie_map"};
        s.models = {"oracle", "flat_falloff"};
        s.dpi = 150;
        w.setSpec(s);
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));

        const QString desc = dir_.path() + "/grid.json";
        QVERIFY(w.saveDescription(desc));
        QCOMPARE(QString::fromStdString(readFile(desc.toStdString())), QString::fromStdString(w.spec().toJsonText()));
        QCOMPARE(figure::FigureSpec::fromJsonText(readFile(desc.toStdString()), "grid.json").toJsonText(), w.spec().toJsonText());

        const QString gui = dir_.path() + "/gui.pdf";
        QSignalSpy done(&w, &FigureComposer::exportFinished);
        w.exportTo(gui);
        QVERIFY(done.wait(120000) || done.count() == 1);
        QCOMPARE(done.at(0).at(0).toBool(), true);
        // The command under the preview names the description saved and the file exported.
        QVERIFY2(w.shownCommand().startsWith("lightlens-cli figure " + desc + " --out " + gui + " "), qPrintable(w.shownCommand()));

        const QString cli = dir_.path() + "/cli.pdf";
        QVERIFY(!runCli({"figure", desc, "--out", cli, "--dataset", dataset_}).isEmpty());
        const QByteArray a = QByteArray::fromStdString(readFile(gui.toStdString()));
        QVERIFY(a.startsWith("%PDF"));
        QVERIFY(a == QByteArray::fromStdString(readFile(cli.toStdString())));
        QVERIFY(w.commandLine(desc, cli).contains("--dataset"));
    }

    void plotsAndTablesFromTheResults() {
        JobRunner runner;
        FigureComposer w(&runner, context());
        QVERIFY(waitPreview(w));
        auto* kind = w.findChildren<QComboBox*>().value(0);
        QVERIFY(kind);
        kind->setCurrentIndex(kind->findData(int(figure::FigureKind::Bands)));
        QCOMPARE(w.spec().kind, figure::FigureKind::Bands);
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QVERIFY(!w.previewImage().isNull());
        QVERIFY(w.commandLine("b.json", "b.pdf").contains("--bench"));

        kind->setCurrentIndex(kind->findData(int(figure::FigureKind::Table)));
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QVERIFY(w.previewTable().contains("oracle"));
        QVERIFY(w.previewTable().contains('|'));

        // The same table as LaTeX, written by the export.
        QSignalSpy done(&w, &FigureComposer::exportFinished);
        const QString tex = dir_.path() + "/main.tex";
        w.exportTo(tex);
        QVERIFY(done.wait(60000) || done.count() == 1);
        QVERIFY(QString::fromStdString(readFile(tex.toStdString())).contains("\\toprule"));
    }

    void plotsWithoutResultsSayWhatIsMissing() {
        JobRunner runner;
        ComposerContext c = context();
        c.bench = fs::path(dir_.path().toStdString()) / "nowhere";
        FigureComposer w(&runner, c);
        figure::FigureSpec s;
        s.kind = figure::FigureKind::Percentiles;
        w.setSpec(s);
        QVERIFY(waitPreview(w));
        QVERIFY(!w.errorText().isEmpty());
        QVERIFY2(!w.errorText().contains('\n') && w.errorText().contains("nowhere"), qPrintable(w.errorText()));
    }

    void insetsComeFromTheView() {
        JobRunner runner;
        ComposerContext c = context();
        c.viewRect = [] { return std::optional<QRectF>(QRectF(0.25, 0.5, 0.2, 0.3)); };
        FigureComposer w(&runner, c);
        w.addInsetFromView();
        QCOMPARE(int(w.spec().insets.size()), 1);
        QCOMPARE(w.spec().insets[0].rect[0], 0.25);
        QCOMPARE(w.spec().insets[0].rect[3], 0.3);
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
    }

    void malformedDescriptionIsRefused() {
        JobRunner runner;
        FigureComposer w(&runner, context());
        const figure::FigureSpec before = w.spec();
        const QString bad = dir_.path() + "/bad.json";
        writeFileAtomic(bad.toStdString(), "{\"kind\": \"grid\", \"columns\": [\"nope\"]}");
        QVERIFY(!w.loadDescription(bad));
        QVERIFY2(w.errorText().contains("bad.json") && !w.errorText().contains('\n'), qPrintable(w.errorText()));
        QCOMPARE(w.spec(), before);
        writeFileAtomic(bad.toStdString(), "{\"kind\": ");
        QVERIFY(!w.loadDescription(bad));
        QVERIFY(w.errorText().contains("malformed JSON"));
        QVERIFY(!w.loadDescription(dir_.path() + "/missing.json"));
        QVERIFY(w.errorText().contains("missing.json"));
        QVERIFY(waitPreview(w));
    }

    // With LIGHTLENS_SCREENSHOT_DIR set: the picture of the composer in the user guide.
    void screenshotForDocs() {
        const QString out = qEnvironmentVariable("LIGHTLENS_SCREENSHOT_DIR");
        if (out.isEmpty()) QSKIP("LIGHTLENS_SCREENSHOT_DIR is not set");
        JobRunner runner;
        ComposerContext c = context();
        c.viewRect = [] { return std::optional<QRectF>(QRectF(0.55, 0.35, 0.2, 0.25)); };
        FigureComposer w(&runner, c);
        figure::FigureSpec s = w.spec();
        s.models = {"oracle", "flat_falloff", "do_nothing"};
        w.setSpec(s);
        w.addInsetFromView();
        w.resize(1400, 820);
        w.show();
        QVERIFY(waitPreview(w));
        QVERIFY(w.grab().save(out + "/figure-composer.png"));

        // The benchmark's main table, as the composer previews it.
        figure::FigureSpec t;
        t.kind = figure::FigureKind::Table;
        t.table = "main";
        w.setSpec(t);
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QVERIFY(w.grab().save(out + "/benchmark-table.png"));
    }

    void newKindsAndKeysFromTheForm() {
        JobRunner runner;
        FigureComposer w(&runner, context());
        QVERIFY(waitPreview(w));
        auto* kind = w.findChildren<QComboBox*>().value(0);
        auto* orientation = w.findChild<QComboBox*>(QStringLiteral("orientation"));
        auto* tone = w.findChild<QComboBox*>(QStringLiteral("difference_tone"));
        auto* values = w.findChild<QComboBox*>(QStringLiteral("class_values"));
        QVERIFY(kind && orientation && tone && values);

        // Models as columns, signed differences: the spec follows the form and the preview builds.
        orientation->setCurrentIndex(orientation->findData(QStringLiteral("columns")));
        QCOMPARE(w.spec().orientation, std::string("columns"));
        tone->setCurrentIndex(tone->findData(QStringLiteral("signed")));
        QCOMPARE(w.spec().differenceTone, std::string("signed"));
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));

        // The mosaic of every scene and model.
        kind->setCurrentIndex(kind->findData(int(figure::FigureKind::Mosaic)));
        QCOMPARE(w.spec().kind, figure::FigureKind::Mosaic);
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QVERIFY(!w.previewImage().isNull());
        QVERIFY(w.commandLine("m.json", "m.pdf").contains("--dataset"));

        // The classes plot with absolute values.
        kind->setCurrentIndex(kind->findData(int(figure::FigureKind::Classes)));
        QVERIFY(values->isEnabled());
        values->setCurrentIndex(values->findData(QStringLiteral("absolute")));
        QCOMPARE(w.spec().values, std::string("absolute"));
        QVERIFY(waitPreview(w));
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
    }

    void theMainWindowOpensIt() {
        MainWindow m;
        QVERIFY(m.openDataset(dataset_));
        FigureComposer* c = m.openFigureComposer();
        QVERIFY(c && c->isVisible());
        QCOMPARE(m.openFigureComposer(), c); // raised, not duplicated
        QVERIFY(waitPreview(*c));
        QVERIFY2(c->errorText().isEmpty(), qPrintable(c->errorText()));
    }
};

QTEST_MAIN(TestFigureComposer)
#include "test_figure_composer.moc"
