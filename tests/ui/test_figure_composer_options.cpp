// The composer's output options (y scale, panel layout, model colours, tile format, JPEG quality, tile
// resolution): a description's values go onto the controls and come back unchanged, both through the
// options form alone and through the whole composer (open a description, touch a control, save it).
#include "compose/FigureComposer.h"
#include "compose/FigureOptionsForm.h"
#include "figure/FigureSpec.h"
#include "util/AtomicFile.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace ll;
using namespace ll::ui;
using figure::FigureSpec;

namespace {

const char* const kBands = R"({"kind": "bands", "models": ["oracle", "do_nothing"], "y_scale": "log", "layout": {"columns": 2},
    "model_colours": {"oracle": "#0072B2", "elsewhere": "#123456"}})";
const char* const kHistogram = R"({"kind": "histogram", "y_scale": "linear", "layout": {"rows": 3}})";
const char* const kPercentiles = R"({"kind": "percentiles", "layout": {"columns": 1}})";
const char* const kJpegGrid = R"({"kind": "grid", "scene": "scene_001", "models": ["oracle"], "columns": ["input", "edit", "sie_map"],
    "exposure": -1, "tile_format": "jpeg", "jpeg_quality": 75, "tile_dpi": 600})";
const char* const kNativeGrid = R"({"kind": "grid", "scene": "scene_000", "tile_dpi": "native"})";
const char* const kPlainGrid = R"({"kind": "grid", "scene": "scene_000"})";

const std::vector<const char*>& descriptions() {
    static const std::vector<const char*> d{kBands, kHistogram, kPercentiles, kJpegGrid, kNativeGrid, kPlainGrid};
    return d;
}

// Every key the options form owns, set to something else.
void scramble(FigureSpec& s) {
    s.yScale = "auto";
    s.layoutColumns = 5;
    s.layoutRows = 0;
    s.modelColours = {{"x", "#000000"}};
    s.tileFormat = s.tileFormat == "jpeg" ? "png" : "jpeg";
    s.jpegQuality = 3;
    s.tileDpi = 1234;
}

ComposerContext context() {
    ComposerContext c;
    c.scenes = {"scene_000", "scene_001"};
    c.models = {"do_nothing", "oracle"};
    c.scene = "scene_000";
    c.model = "oracle";
    return c;
}

} // namespace

class TestFigureComposerOptions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formRoundTrip() {
        for (const char* text : descriptions()) {
            const FigureSpec spec = FigureSpec::fromJsonText(text, "f.json");
            FigureOptionsForm form({"do_nothing", "oracle"});
            form.showSpec(spec);
            FigureSpec back = spec;
            scramble(back);
            form.readInto(back);
            QVERIFY2(back == spec, text);
            QCOMPARE(back.toJsonText(), spec.toJsonText());
        }
    }

    void controlsShowTheValues() {
        FigureOptionsForm form({"do_nothing", "oracle"});
        form.showSpec(FigureSpec::fromJsonText(kJpegGrid, "f.json"));
        QCOMPARE(form.findChild<QComboBox*>("tileFormat")->currentData().toString(), QStringLiteral("jpeg"));
        QCOMPARE(form.findChild<QSpinBox*>("jpegQuality")->value(), 75);
        QVERIFY(form.findChild<QSpinBox*>("jpegQuality")->isEnabled());
        QCOMPARE(form.findChild<QComboBox*>("tileDpiMode")->currentData().toString(), QStringLiteral("custom"));
        QCOMPARE(form.findChild<QDoubleSpinBox*>("tileDpi")->value(), 600.0);

        form.showSpec(FigureSpec::fromJsonText(kBands, "f.json"));
        QCOMPARE(form.findChild<QComboBox*>("yScale")->currentData().toString(), QStringLiteral("log"));
        QCOMPARE(form.findChild<QComboBox*>("layoutMode")->currentData().toString(), QStringLiteral("columns"));
        QCOMPARE(form.findChild<QSpinBox*>("layoutCount")->value(), 2);
        // The dataset's models and the one only the description names, each with its colour.
        auto* table = form.findChild<QTableWidget*>("modelColours");
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("oracle"));
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("#0072B2"));
        QCOMPARE(table->item(0, 1)->text(), QString());
        QCOMPARE(table->item(2, 0)->text(), QStringLiteral("elsewhere"));

        // Editing a control reports a change and reads back.
        QSignalSpy spy(&form, &FigureOptionsForm::changed);
        table->item(0, 1)->setText(QStringLiteral("#808080"));
        form.findChild<QComboBox*>("layoutMode")->setCurrentIndex(1); // one column
        QCOMPARE(spy.count(), 2);
        FigureSpec s;
        form.readInto(s);
        QCOMPARE(s.modelColours.at("do_nothing"), std::string("#808080"));
        QCOMPARE(s.layoutColumns, 1);
        QCOMPARE(s.layoutRows, 0);
        // Text that is not a colour is not taken.
        table->item(0, 1)->setText(QStringLiteral("grey"));
        form.readInto(s);
        QVERIFY(!s.modelColours.count("do_nothing"));
    }

    void composerSavesWhatItOpened() {
        QTemporaryDir dir;
        JobRunner runner;
        FigureComposer w(&runner, context());
        for (const char* text : descriptions()) {
            const std::string canonical = FigureSpec::fromJsonText(text, "f.json").toJsonText();
            const QString in = dir.filePath("in.json"), out = dir.filePath("out.json");
            writeFileAtomic(in.toStdString(), canonical);
            QVERIFY2(w.loadDescription(in), qPrintable(w.errorText()));
            // Touch a control and put it back: the composer reads every control into the description.
            auto* quality = w.findChild<QSpinBox*>("jpegQuality");
            const int q = quality->value();
            quality->setValue(q == 100 ? 99 : q + 1);
            quality->setValue(q);
            QVERIFY2(w.saveDescription(out), qPrintable(w.errorText()));
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(QString::fromUtf8(f.readAll()), QString::fromStdString(canonical));
        }
        QVERIFY(QTest::qWaitFor([&] { return !w.previewPending(); }, 60000));
    }
};

QTEST_MAIN(TestFigureComposerOptions)
#include "test_figure_composer_options.moc"
