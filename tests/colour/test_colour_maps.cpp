// The one set of colour maps (colour/ColourMaps.h) against matplotlib's published tables (reference
// entries in support/MatplotlibColourMaps.h): each 8-bit entry within rounding (half a unit) of
// matplotlib's float colour. And the map palette (metrics/MapPalette.h): bands from inferno, brightest
// palest, exclusion reasons all distinct.
#include "colour/ColourMaps.h"
#include "metrics/MapPalette.h"
#include "metrics/MapRendering.h"
#include "support/MatplotlibColourMaps.h"

#include <QtTest>

#include <set>

using namespace ll;

namespace {

double deviation(const Rgb8Code& c, double r, double g, double b) {
    return std::max({std::abs(c[0] - r), std::abs(c[1] - g), std::abs(c[2] - b)});
}

template <typename Entries>
void checkListed(ColourMapName name, const Entries& entries) {
    for (const auto& e : entries) {
        const double d = deviation(colourMap(name)[std::size_t(e.index)], 255 * e.r, 255 * e.g, 255 * e.b);
        QVERIFY2(d <= 0.5, qPrintable(QString("entry %1 differs by %2").arg(e.index).arg(d)));
    }
}

} // namespace

class TestColourMaps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tablesAreMatplotlibs() {
        checkListed(ColourMapName::Sequential, test::kViridis);
        checkListed(ColourMapName::Turbo, test::kTurbo);
        checkListed(ColourMapName::Inferno, test::kInferno);
        for (int i = 0; i < 256; ++i) {
            const auto ref = test::rdBuReversed(i / 255.0);
            const double d = deviation(colourMap(ColourMapName::Diverging)[std::size_t(i)], ref[0], ref[1], ref[2]);
            QVERIFY2(d <= 0.5, qPrintable(QString("RdBu_r entry %1 differs by %2").arg(i).arg(d)));
        }
    }

    void indexRoundsAndClamps() {
        QCOMPARE(colourMapIndex(-1.0), 0);
        QCOMPARE(colourMapIndex(std::nan("")), 0);
        QCOMPARE(colourMapIndex(0.5), 128); // 127.5 rounds up
        QCOMPARE(colourMapIndex(1.0 / 255.0), 1);
        QCOMPARE(colourMapIndex(2.0), 255);
    }

    void evalMapsUseTheSameTables() {
        // eval --maps colours through divergingColour (t in [-1, 1]) and sequentialColour.
        for (const double t : {-1.0, -0.3, 0.0, 0.42, 1.0}) {
            const Rgb8 c = divergingColour(t);
            const Rgb8Code& want = colourMapAt(ColourMapName::Diverging, (t + 1) / 2);
            QCOMPARE((std::array<int, 3>{c.r, c.g, c.b}), (std::array<int, 3>{want[0], want[1], want[2]}));
        }
        const Rgb8 s = sequentialColour(0.25);
        const Rgb8Code& want = colourMap(ColourMapName::Sequential)[64]; // round(63.75)
        QCOMPARE((std::array<int, 3>{s.r, s.g, s.b}), (std::array<int, 3>{want[0], want[1], want[2]}));
    }

    void palette() {
        // Bands: inferno from 0.98 (brightest band) down to 0.15, evenly spaced; brighter is paler.
        QCOMPARE(bandColour(0, 6), colourMap(ColourMapName::Inferno)[250]); // round(0.98 * 255) = 249.9
        QCOMPARE(bandColour(5, 6), colourMap(ColourMapName::Inferno)[38]);  // round(0.15 * 255) = 38.25
        auto luma = [](const Rgb8Code& c) { return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
        for (std::size_t i = 1; i < 6; ++i) QVERIFY(luma(bandColour(i, 6)) < luma(bandColour(i - 1, 6)));
        // Exclusion reasons: seven distinct colours, none the black of pixels a map leaves out.
        std::set<Rgb8Code> seen;
        for (int r = 0; r < kExclusionReasonCount; ++r) {
            const Rgb8Code c = exclusionReasonColour(ExclusionReason(r));
            QVERIFY(c != kExcludedColour);
            seen.insert(c);
            QVERIFY(std::string(exclusionReasonLabel(ExclusionReason(r))) != "?");
        }
        QCOMPARE(int(seen.size()), kExclusionReasonCount);
    }
};

QTEST_MAIN(TestColourMaps)
#include "test_colour_maps.moc"
