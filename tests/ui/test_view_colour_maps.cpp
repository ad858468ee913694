// The GUI's colour tables (view/ColourMaps.h) against matplotlib's maps they are named after
// (reference entries in support/MatplotlibColourMaps.h): diverging is RdBu_r, sequential viridis. An
// 8-bit entry may differ from matplotlib's float colour by rounding (one unit per channel), no more.
#include "colour/ColourMaps.h"
#include "support/MatplotlibColourMaps.h"
#include "view/ColourMaps.h"

#include <QtTest>

#include <algorithm>

using namespace ll;
using namespace ll::ui;

namespace {

double deviation(const ColourTable& t, int i, double r, double g, double b) {
    const QRgb c = t[std::size_t(i)];
    return std::max({std::abs(qRed(c) - r), std::abs(qGreen(c) - g), std::abs(qBlue(c) - b)});
}

} // namespace

class TestViewColourMaps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void divergingIsMatplotlibRdBuReversed() {
        const ColourTable& t = divergingMap();
        for (int i = 0; i < 256; ++i) {
            const auto ref = test::rdBuReversed(i / 255.0);
            const double d = deviation(t, i, ref[0], ref[1], ref[2]);
            QVERIFY2(d <= 1.0, qPrintable(QString("entry %1 differs by %2").arg(i).arg(d)));
        }
    }

    void sameTablesAsTheFiguresAndEvalMaps() {
        for (int i = 0; i < 256; ++i) {
            for (const auto& [table, name] : {std::pair{&divergingMap(), ColourMapName::Diverging},
                                              std::pair{&sequentialMap(), ColourMapName::Sequential},
                                              std::pair{&turboMap(), ColourMapName::Turbo}}) {
                const auto& c = colourMap(name)[std::size_t(i)];
                QCOMPARE((*table)[std::size_t(i)] & 0xffffffu, qRgb(c[0], c[1], c[2]) & 0xffffffu);
            }
        }
    }

    void sequentialIsMatplotlibViridis() {
        const ColourTable& t = sequentialMap();
        // The core table (colour/ColourMaps.h): matplotlib's 256 entries.
        double worst = 0;
        int at = 0;
        for (const auto& e : test::kViridis) {
            const double d = deviation(t, e.index, 255 * e.r, 255 * e.g, 255 * e.b);
            if (d > worst) worst = d, at = e.index;
        }
        QVERIFY2(worst <= 1.0, qPrintable(QString("entry %1 differs by %2").arg(at).arg(worst)));
        QCOMPARE(t[0] & 0xffffffu, 0x440154u);
        QCOMPARE(t[255] & 0xffffffu, 0xfde725u);
    }

    void tableIndexRoundsAndClamps() {
        QCOMPARE(tableIndex(-1.0f), 0);
        QCOMPARE(tableIndex(std::nanf("")), 0);
        QCOMPARE(tableIndex(0.5f), 128); // 127.5 rounds up
        QCOMPARE(tableIndex(1.0f / 255.0f), 1);
        QCOMPARE(tableIndex(2.0f), 255);
    }
};

QTEST_MAIN(TestViewColourMaps)
#include "test_view_colour_maps.moc"
