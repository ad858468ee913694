// What the panes draw over the images is explained in the pane: the key lists the overlays switched on
// (outside Omega, the band contours, the annotation classes drawn); and band contours outline regions,
// not per-pixel noise (islands under the minimum area join the band around them, display only).
#include "view/CaseOverlays.h"
#include "view/LabelDespeckle.h"

#include <QtTest>

using namespace ll;
using namespace ll::ui;

class TestOverlayKey : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keyListsTheOverlaysSwitchedOn() {
        CaseOverlays o;
        o.size = QSize(4, 4);
        o.outsideOmega = QImage(4, 4, QImage::Format_ARGB32_Premultiplied);
        o.bandContours = QImage(4, 4, QImage::Format_ARGB32_Premultiplied);
        o.bands = {{"0-1%", Qt::white}, {"1-16%", Qt::yellow}};
        for (const char* c : {"mirror", "metallic", "mirror", "window"}) o.annotations.push_back({c, annotationClassColour(c), {}});

        OverlayOptions opt;
        QVERIFY(overlayLegend(o, opt).empty()); // nothing switched on

        opt.omega = true;
        opt.bandContours = true;
        opt.annotations = true;
        opt.hiddenClasses = {"window"};
        const auto key = overlayLegend(o, opt);
        const std::vector<OverlayLegendEntry> want = {
            {"outside Ω", outsideOmegaColour()},
            {"band 0-1%", Qt::white},
            {"band 1-16%", Qt::yellow},
            {"mirror", annotationClassColour("mirror")},
            {"metallic", annotationClassColour("metallic")},
        };
        QCOMPARE(key.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            QCOMPARE(key[i].name, want[i].name);
            QCOMPARE(key[i].colour, want[i].colour);
        }
        // No tint image (no maps yet): no "outside" entry even when switched on.
        o.outsideOmega = QImage();
        QCOMPARE(overlayLegend(o, opt).front().name, QString("band 0-1%"));
    }

    void islandsJoinTheBandAroundThem() {
        // 12 x 8: band 0 on the left half, band 1 on the right, one-pixel specks of the other band in
        // each half, a 2 x 2 island of band 0 in the right half, and a 4 x 3 block of band 2 (12 px).
        Plane<std::uint8_t> labels(12, 8);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 12; ++x) labels(x, y) = x < 6 ? 0 : 1;
        labels(2, 2) = 1;
        labels(4, 6) = 1;
        labels(8, 1) = 0;
        for (int y = 5; y < 7; ++y)
            for (int x = 9; x < 11; ++x) labels(x, y) = 0;
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 4; ++x) labels(x, y) = 2; // overlaps the speck at (2, 2)

        // minArea 5: regions of 1 and 4 pixels go; the 12-pixel block stays.
        const Plane<std::uint8_t> out = despeckleLabels(labels, 5);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 12; ++x) {
                const int want = (x < 4 && y < 3) ? 2 : x < 6 ? 0 : 1;
                QVERIFY2(out(x, y) == want, qPrintable(QString("(%1, %2): %3").arg(x).arg(y).arg(out(x, y))));
            }
        // minArea 1 keeps everything.
        const Plane<std::uint8_t> same = despeckleLabels(labels, 1);
        QVERIFY(std::equal(same.data(), same.data() + same.size(), labels.data()));
        QCOMPARE(contourMinArea(1248, 832), std::size_t(51)); // 1038336 / 20000 = 51.9
        QCOMPARE(contourMinArea(100, 100), std::size_t(16));
    }
};

QTEST_MAIN(TestOverlayKey)
#include "test_overlay_key.moc"
