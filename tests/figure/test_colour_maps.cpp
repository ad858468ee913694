// The figures' colour tables (figure/ColourMap.h) against matplotlib's maps they are named after
// (reference entries in support/MatplotlibColourMaps.h): the diverging table is RdBu_r and the
// sequential one viridis. An 8-bit entry may differ from matplotlib's float colour by rounding (one
// unit per channel), no more.
#include "colour/ColourMaps.h"
#include "figure/ColourMap.h"
#include "support/MatplotlibColourMaps.h"

#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

// Largest channel difference between table entry i and (r, g, b) in 0..255.
double deviation(const ColourTable& t, int i, double r, double g, double b) {
    const QRgb c = t[std::size_t(i)];
    return std::max({std::abs(qRed(c) - r), std::abs(qGreen(c) - g), std::abs(qBlue(c) - b)});
}

} // namespace

class TestColourMaps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void divergingIsMatplotlibRdBuReversed() {
        const ColourTable& t = colourTable(ColourMapKind::Diverging);
        for (int i = 0; i < 256; ++i) {
            const auto ref = test::rdBuReversed(i / 255.0);
            const double d = deviation(t, i, ref[0], ref[1], ref[2]);
            QVERIFY2(d <= 1.0, qPrintable(QString("entry %1 differs by %2").arg(i).arg(d)));
        }
        // The ends and the middle by name: 0x053061 (dark blue), 0x67001f (dark red); near-white at 0.
        QCOMPARE(t[0] & 0xffffffu, 0x053061u);
        QCOMPARE(t[255] & 0xffffffu, 0x67001fu);
        QCOMPARE(colourAt(ColourMapKind::Diverging, 0.5) & 0xffffffu, t[128] & 0xffffffu);
    }

    void sameTablesAsTheGuiAndEvalMaps() {
        // One table per map (colour/ColourMaps.h), so a figure, a pane and `eval --maps` agree.
        for (int i = 0; i < 256; ++i) {
            const auto& d = colourMap(ColourMapName::Diverging)[std::size_t(i)];
            const auto& s = colourMap(ColourMapName::Sequential)[std::size_t(i)];
            QCOMPARE(colourTable(ColourMapKind::Diverging)[std::size_t(i)] & 0xffffffu, qRgb(d[0], d[1], d[2]) & 0xffffffu);
            QCOMPARE(colourTable(ColourMapKind::Sequential)[std::size_t(i)] & 0xffffffu, qRgb(s[0], s[1], s[2]) & 0xffffffu);
        }
    }

    void sequentialIsMatplotlibViridis() {
        const ColourTable& t = colourTable(ColourMapKind::Sequential);
        // The core table (colour/ColourMaps.h): matplotlib's 256 entries.
        double worst = 0;
        int at = 0;
        for (const auto& e : test::kViridis) {
            const double d = deviation(t, e.index, 255 * e.r, 255 * e.g, 255 * e.b);
            if (d > worst) worst = d, at = e.index;
        }
        QVERIFY2(worst <= 1.0, qPrintable(QString("entry %1 differs by %2").arg(at).arg(worst)));
        // The ends are exact in any case.
        QCOMPARE(t[0] & 0xffffffu, 0x440154u);
        QCOMPARE(t[255] & 0xffffffu, 0xfde725u);
    }
};

QTEST_MAIN(TestColourMaps)
#include "test_colour_maps.moc"
