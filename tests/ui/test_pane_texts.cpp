// What the inspector's panels say where a number would mislead or not fit: the pixel inspector
// reports "outside Omega80" for LFE where a pixel is in no channel's Omega80 (LFE is undefined
// there, not 0); a pane's message wraps over several centred lines instead of one clipped line;
// the dataset browser keeps its SIE and LFE columns in view at the dock's default width when scene
// and model names are long; a colour bar's end labels ("-10.0 EV") are never clipped.
#include "browser/DatasetBrowser.h"
#include "browser/DatasetTableModel.h"
#include "dataset/Dataset.h"
#include "inspect/CaseData.h"
#include "metrics/Evaluate.h"
#include "metrics/SyntheticCase.h"
#include "panels/PixelInspector.h"
#include "view/LegendBar.h"
#include "view/WrappedMessage.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>
#include <QtTest>

using namespace ll;
using namespace ll::ui;

class TestPaneTexts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pixelInspectorSaysOutsideOmega80() {
        SyntheticCase s = makeSyntheticCase(96, 64, 3);
        auto c = std::make_shared<CaseData>();
        c->id = CaseId{"scene", "model", Task::On};
        c->size = QSize(96, 64);
        c->hasEdit = true;
        auto loaded = std::make_shared<LoadedCase>();
        loaded->on = s.on;
        loaded->off = s.off;
        loaded->edit = s.edit;
        loaded->width = 96;
        loaded->height = 64;
        c->loadedCase = loaded;
        c->result = std::make_shared<const EvalResult>(evaluate(c->inputs(), MetricParams{}, true));
        const EvalMaps& m = *c->maps();
        // A pixel in no channel's Omega80, and one in every channel's.
        std::optional<std::size_t> outside, inside;
        for (std::size_t i = 0; i < m.lfeMap.size(); ++i) {
            const int n = int(m.omega80[0][i] != 0) + int(m.omega80[1][i] != 0) + int(m.omega80[2][i] != 0);
            if (n == 0 && !outside) outside = i;
            if (n == 3 && !inside) inside = i;
        }
        QVERIFY(outside && inside);
        PixelInspector p;
        p.setCase(c);
        p.setPixel(QPoint(int(*outside % 96), int(*outside / 96)));
        QCOMPARE(p.valueText("LFE map"), QString("outside Omega80"));
        QCOMPARE(p.valueText("LFE per channel"), QString("outside Omega80"));
        p.setPixel(QPoint(int(*inside % 96), int(*inside / 96)));
        QCOMPARE(p.valueText("LFE map"), QString::number(double(m.lfeMap[*inside]), 'g', 5));
        QVERIFY(!p.valueText("LFE per channel").contains("outside"));
    }

    void legendLabelsAreNotClipped() {
        const QFontMetrics fm(QApplication::font());
        const int lh = fm.height();
        const QString lo = "-10.0 EV", hi = "6.0 EV", hiLong = "6.0 EV (log2 luminance)";
        // Pane widths of a 2x3 grid in a 1600 px window (about 400 px), a narrow pane and a wide one.
        for (const int width : {170, 260, 400, 1000}) {
            const LegendBarLayout l = legendBarLayout(fm, width, lh, lo, hi, hiLong);
            QVERIFY2(l.low.width() >= fm.horizontalAdvance(lo), qPrintable(QString::number(width)));
            QVERIFY(l.high.width() >= fm.horizontalAdvance(l.highText));
            QVERIFY(l.low.left() >= 0);
            QVERIFY(l.low.right() < l.bar.left());
            QVERIFY(l.bar.right() < l.high.left());
            QVERIFY(l.bar.width() >= 40 && l.bar.width() <= 220);
            // Everything fits in the strip whenever the short labels and the shortest bar can.
            if (6 + fm.horizontalAdvance(lo) + 8 + 40 + fm.horizontalAdvance(hi) + 8 <= width)
                QVERIFY2(l.high.right() < width, qPrintable(QString::number(width)));
            // The unit is dropped only when it does not fit.
            const bool longFits = 6 + fm.horizontalAdvance(lo) + 8 + 40 + fm.horizontalAdvance(hiLong) + 8 <= width;
            QCOMPARE(l.highText, longFits ? hiLong : hi);
        }
    }

    void paneMessageWrapsInsteadOfClipping() {
        const QString error = "/work/data/scenes/kitchen_evening/edits/some_model/turn_on/kitchen_evening.png: "
                              "size 1248x832 differs from the on image's 1024x768 and cannot be resampled";
        const QRect pane(0, 0, 320, 240);
        const QFontMetrics fm(QApplication::font());
        QVERIFY(fm.horizontalAdvance(error) > pane.width()); // one line would be clipped
        const QRect inner = wrappedMessageRect(pane);
        const QRect used = fm.boundingRect(inner, wrappedMessageFlags(), breakableText(error));
        QVERIFY2(used.width() <= inner.width(), qPrintable(QString::number(used.width())));
        QVERIFY(used.height() >= 3 * fm.lineSpacing());
        QVERIFY(inner.contains(used));
        // The break opportunities are invisible: the text is unchanged apart from them.
        QCOMPARE(breakableText(error).remove(QChar(0x200B)), error);
    }

    void browserKeepsTheScoresInView() {
        Dataset d;
        // Enough rows for a vertical scroll bar, which takes its width from the viewport.
        for (const char* scene : {"kitchen_evening_two_lamps_and_a_window", "hallway_night", "scene_000", "scene_001",
                                  "scene_002", "scene_003", "scene_004", "scene_005", "scene_006", "scene_007"})
            for (const char* model : {"instruct_relight_finetuned_v2_large", "do_nothing"})
                for (Task t : {Task::On, Task::Off}) {
                    EditEntry e;
                    e.scene = scene;
                    e.model = model;
                    e.task = t;
                    e.path = std::filesystem::path("x.png");
                    d.edits.push_back(e);
                }
        DatasetBrowser b;
        b.resize(320, 500); // narrower than the Dataset dock's default width (380)
        b.show();
        QVERIFY(QTest::qWaitForWindowExposed(&b));
        b.setDataset(d);
        // Scores as wide as real ones (the do-nothing baseline's SIE reaches tens to hundreds).
        for (int r = 0; r < b.model()->rowCount(); ++r) b.model()->setScores(r, 146.532, 1.463);
        QApplication::processEvents();
        const QHeaderView* h = b.view()->horizontalHeader();
        const int viewport = b.view()->viewport()->width();
        for (int col : {int(DatasetTableModel::SieCol), int(DatasetTableModel::LfeCol)}) {
            QVERIFY(!h->isSectionHidden(col));
            QVERIFY2(h->sectionViewportPosition(col) + h->sectionSize(col) <= viewport,
                     qPrintable(QString("column %1 ends at %2, viewport %3")
                                    .arg(col)
                                    .arg(h->sectionViewportPosition(col) + h->sectionSize(col))
                                    .arg(viewport)));
        }
        // The names are elided, with the full name as tooltip.
        const QModelIndex first = b.view()->model()->index(0, DatasetTableModel::SceneCol);
        QVERIFY(b.view()->model()->data(first, Qt::ToolTipRole).toString().startsWith(
            b.view()->model()->data(first, Qt::DisplayRole).toString()));
    }
};

QTEST_MAIN(TestPaneTexts)
#include "test_pane_texts.moc"
