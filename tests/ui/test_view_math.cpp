// Canvas arithmetic and display encoding: zoom around the cursor, fit, pan, 1:1; the LRU cache;
// the mip pyramid; signed-map colours and excluded pixels.
#include "jobs/LruCache.h"
#include "view/ColourMaps.h"
#include "view/DisplayEncoder.h"
#include "view/ImageSource.h"
#include "view/RegionRenderer.h"
#include "view/ViewTransform.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace ll;
using namespace ll::ui;

class TestViewMath : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void zoomKeepsThePointUnderTheCursor() {
        const QSizeF w(800, 600);
        ViewTransform t = ViewTransform::fit(QSize(6000, 4000), w);
        QCOMPARE(t.scale, 800.0 / 6000.0);
        QCOMPARE(t.centre, QPointF(3000, 2000));
        const QPointF cursor(123.5, 456.25);
        const QPointF before = t.toImage(cursor, w);
        for (int i = 0; i < 30; ++i) {
            t = t.zoomedAround(cursor, w, std::pow(2.0, 0.25), minimumScale(QSize(6000, 4000), w));
            const QPointF after = t.toImage(cursor, w);
            QVERIFY2(std::abs(after.x() - before.x()) < 1e-9 && std::abs(after.y() - before.y()) < 1e-9,
                     "the image point under the cursor moved");
        }
        // Clamped at 64x, and still anchored.
        for (int i = 0; i < 40; ++i) t = t.zoomedAround(cursor, w, 2.0, 0.01);
        QCOMPARE(t.scale, ViewTransform::kMaxScale);
        QVERIFY(std::abs(t.toImage(cursor, w).x() - before.x()) < 1e-9);
        // Zooming out stops at half the fit scale.
        for (int i = 0; i < 80; ++i) t = t.zoomedAround(cursor, w, 0.5, minimumScale(QSize(6000, 4000), w));
        QCOMPARE(t.scale, 0.5 * 800.0 / 6000.0);
    }

    void screenAndImageAreInverse() {
        ViewTransform t;
        t.centre = QPointF(10.25, 20.5);
        t.scale = 3.5;
        const QSizeF w(301, 199);
        const QPointF p(17, 33);
        const QPointF q = t.toImage(t.toScreen(p, w), w);
        QVERIFY(std::abs(q.x() - p.x()) < 1e-12 && std::abs(q.y() - p.y()) < 1e-12);
        // The image point at the centre of the widget is `centre`.
        QCOMPARE(t.toImage(QPointF(w.width() / 2, w.height() / 2), w), t.centre);
    }

    void panMovesByScreenDelta() {
        ViewTransform t;
        t.centre = QPointF(100, 100);
        t.scale = 4;
        const QSizeF w(400, 300);
        const QPointF grabbed = t.toImage(QPointF(50, 60), w);
        const ViewTransform p = t.panned(QPointF(20, -8));
        QCOMPARE(p.toImage(QPointF(70, 52), w), grabbed); // the grabbed point followed the mouse
    }

    void oneToOneAlignsPixels() {
        ViewTransform t;
        t.centre = QPointF(1234.37, 567.81);
        t.scale = 0.3;
        const QSizeF w(801, 600);
        const ViewTransform o = t.oneToOne(w);
        QCOMPARE(o.scale, 1.0);
        const QPointF s = o.toScreen(QPointF(0, 0), w);
        QCOMPARE(s.x(), std::round(s.x()));
        QCOMPARE(s.y(), std::round(s.y()));
    }

    void lruEvictsLeastRecentlyUsed() {
        LruCache<int, int> c(3);
        c.insert(1, 10);
        c.insert(2, 20);
        c.insert(3, 30);
        QCOMPARE(*c.get(1), 10); // 1 becomes most recent
        c.insert(4, 40);         // evicts 2
        QVERIFY(!c.contains(2));
        QVERIFY(c.contains(1) && c.contains(3) && c.contains(4));
        c.insert(5, 50, 3); // cost 3 alone fills the budget
        QCOMPARE(c.size(), std::size_t(1));
        QVERIFY(c.contains(5));
    }

    void pyramidAveragesFiniteSamples() {
        FloatPlane p(4, 2);
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 4; ++x) p(x, y) = float(x + 4 * y);
        p(3, 1) = std::numeric_limits<float>::quiet_NaN();
        auto s = ImageSource::signedMap(std::make_shared<FloatPlane>(p), nullptr, "m");
        QCOMPARE(s->levelCount(), 1); // already below 64 px: no further levels
        Image big(300, 130, 2.0f);
        auto c = ImageSource::colour(big, "c");
        QCOMPARE(c->level(1).width, 150);
        QCOMPARE(c->level(1).height, 65);
        QCOMPARE(c->level(2).width, 75);
        QCOMPARE(c->level(2).height, 33);
        QCOMPARE(c->level(2).values[0], 2.0f);
        // Level 1 is computed when drawn (no buffer of its own); level 2 is stored.
        QVERIFY(c->level(1).computed() && c->level(1).ownBytes == 0);
        QVERIFY(!c->level(2).computed());
        float px[3];
        c->readRow(1, 64, 149, 1, px);
        QCOMPARE(px[0], 2.0f);
    }

    // A 130x3 colour image with an odd height: level 1 (computed) is the 2x2 mean of the
    // finite samples, the last column and row counting twice at the edge, by hand.
    void computedLevelOneAveragesByHand() {
        Image im(130, 3, 0.0f);
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 130; ++x) im.at(x, y, 0) = float(x + 10 * y);
        im.at(1, 0, 0) = std::numeric_limits<float>::infinity(); // left out of its mean
        auto c = ImageSource::colour(im, "c");
        QCOMPARE(c->level(1).width, 65);
        QCOMPARE(c->level(1).height, 2);
        std::vector<float> row(65 * 3);
        c->readRow(1, 0, 0, 65, row.data());
        QCOMPARE(row[0], 7.0f); // (0 + 10 + 11) / 3: (1,0) is infinite
        QCOMPARE(row[3], 7.5f); // (2 + 3 + 12 + 13) / 4
        c->readRow(1, 1, 0, 65, row.data()); // row 2 is the last: it counts twice
        QCOMPARE(row[3 * 64], 148.5f); // (148 + 149 + 148 + 149) / 4
        // A span read alone equals the same pixels of the whole row.
        std::vector<float> part(5 * 3);
        c->readRow(1, 1, 30, 5, part.data());
        for (int k = 0; k < 15; ++k) QCOMPARE(part[std::size_t(k)], row[std::size_t(90 + k)]);
        // Level 2 (stored) is built from the computed level 1: pixel 0 averages level 1's (0,0) = 7,
        // (1,0) = 7.5, (0,1) = (20 + 21 + 20 + 21) / 4 = 20.5 and (1,1) = 22.5.
        QCOMPARE(c->level(2).width, 33);
        QCOMPARE(c->level(2).values[0], (7.0f + 7.5f + 20.5f + 22.5f) / 4.0f);
    }

    // A map computed row by row when drawn equals the same map stored: automatic ranges (checked
    // against sorting the values here), every pyramid level and the rendered pixels.
    void computedMapsEqualStoredOnes() {
        const int W = 300, H = 200;
        std::mt19937 rng(3);
        std::normal_distribution<float> z(0.0f, 2.0f);
        auto plane = std::make_shared<FloatPlane>(W, H);
        auto ratios = std::make_shared<Image>(W, H);
        auto valid = std::make_shared<Mask>(W, H, 1);
        for (std::size_t i = 0; i < plane->size(); ++i) {
            (*plane)[i] = z(rng);
            for (int c = 0; c < 3; ++c) ratios->data()[3 * i + std::size_t(c)] = std::exp2(z(rng));
            (*valid)[i] = (i % 7) != 0;
        }
        auto signedRows = [plane, valid, W](int y, int x0, int n, float* out) {
            for (int x = 0; x < n; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(W) + std::size_t(x0 + x);
                out[x] = (*valid)[i] ? (*plane)[i] : std::numeric_limits<float>::quiet_NaN();
            }
        };
        auto ratioRows = [ratios, valid, W](int y, int x0, int n, float* out) {
            for (int x = 0; x < n; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(W) + std::size_t(x0 + x);
                for (int c = 0; c < 3; ++c)
                    out[3 * x + c] = (*valid)[i] ? ratios->data()[3 * i + std::size_t(c)] : std::numeric_limits<float>::quiet_NaN();
            }
        };
        const std::vector<std::pair<SourcePtr, SourcePtr>> pairs{
            {ImageSource::signedMap(plane, valid, "s"), ImageSource::signedMap(W, H, signedRows, "s")},
            {ImageSource::ratio(ratios, valid, "r"), ImageSource::ratio(W, H, ratioRows, "r")}};
        for (const auto& [stored, computed] : pairs) {
            QVERIFY(computed->level(0).computed() && computed->bytes() < stored->bytes() + 1);
            QCOMPARE(computed->autoRange(), stored->autoRange());
            QCOMPARE(computed->rangeLow(), stored->rangeLow());
            QCOMPARE(computed->rangeHigh(), stored->rangeHigh());
            QCOMPARE(computed->levelCount(), stored->levelCount());
            const int ch = stored->channels();
            for (int l = 0; l < stored->levelCount(); ++l) {
                const MipLevel& a = stored->level(l);
                std::vector<float> ra(std::size_t(a.width) * ch), rb(ra.size());
                for (int y = 0; y < a.height; ++y) {
                    stored->readRow(l, y, 0, a.width, ra.data());
                    computed->readRow(l, y, 0, a.width, rb.data());
                    QVERIFY(std::memcmp(ra.data(), rb.data(), ra.size() * sizeof(float)) == 0);
                }
            }
            DisplaySettings d;
            for (int l = 0; l < 2; ++l)
                QCOMPARE(renderRegion(*computed, l, QRect(3, 5, 90, 40), d), renderRegion(*stored, l, QRect(3, 5, 90, 40), d));
        }
        // The signed range is P99 of |v| over the valid pixels, the rule written out over sorted values.
        std::vector<double> mags;
        for (std::size_t i = 0; i < plane->size(); ++i)
            if ((*valid)[i]) mags.push_back(std::fabs(double((*plane)[i])));
        std::sort(mags.begin(), mags.end());
        const double pos = 0.99 * double(mags.size() - 1);
        const std::size_t lo = std::size_t(pos);
        QVERIFY(std::abs(pairs[0].second->autoRange() - (mags[lo] + (pos - double(lo)) * (mags[lo + 1] - mags[lo]))) < 1e-6);

        // Labels read from their bytes: the label names, black for "none", nearest-sample levels.
        auto labels = std::make_shared<Plane<std::uint8_t>>(W, H, 1);
        (*labels)(0, 0) = 255;
        (*labels)(2, 0) = 0;
        auto cat = ImageSource::categorical(labels, {QColor(Qt::red), QColor(Qt::green)}, {"zero", "one"}, "c");
        QVERIFY(std::isnan(cat->value(0, 0, 0)));
        QCOMPARE(cat->describe(2, 0), QString("zero"));
        QCOMPARE(cat->describe(3, 0), QString("one"));
        float px = 0.0f;
        cat->readRow(1, 0, 1, 1, &px); // level 1 pixel 1 is level 0 pixel (2, 0)
        QCOMPARE(px, 0.0f);
        QCOMPARE(cat->bytes() < std::size_t(W) * H, true); // no float copy of the labels
    }

    void mapsAreShownInPlaceWithTheirMask() {
        // A 130x2 ratio map: level 0 is the map itself (no copy); excluded pixels read NaN, render
        // black and are left out of the pyramid's 2x2 means.
        auto ratios = std::make_shared<Image>(130, 2, 1.0f);
        for (int x = 0; x < 130; ++x)
            for (int c = 0; c < 3; ++c) ratios->at(x, 0, c) = ratios->at(x, 1, c) = float(1 + x % 4);
        auto valid = std::make_shared<Mask>(130, 2, 1);
        (*valid)(1, 0) = 0;
        (*valid)(1, 1) = 0;
        (*valid)(0, 1) = 0;
        auto s = ImageSource::ratio(ratios, valid, "E");
        QCOMPARE(s->level(0).values, ratios->data());
        QCOMPARE(s->level(0).ownBytes, std::size_t(0));
        QVERIFY(std::isnan(s->value(1, 0, 0)));
        QCOMPARE(s->value(2, 0, 1), 3.0f);
        // Level 1 pixel 0 averages (0,0), (1,0), (0,1), (1,1): only (0,0) = 1 is valid.
        QCOMPARE(s->level(1).width, 65);
        std::vector<float> l1(65 * 3);
        s->readRow(1, 0, 0, 65, l1.data());
        QCOMPARE(l1[0], 1.0f);
        // Pixel 1 averages x = 2, 3 of both rows: (3 + 4 + 3 + 4) / 4.
        QCOMPARE(l1[3], 3.5f);
        DisplaySettings d;
        const QImage img = renderRegion(*s, 0, QRect(0, 0, 4, 1), d);
        QCOMPARE(img.pixel(1, 0), qRgb(0, 0, 0));
        QVERIFY(img.pixel(2, 0) != qRgb(0, 0, 0));
        // The source keeps the map and the mask alive.
        const float* data = ratios->data();
        ratios.reset();
        valid.reset();
        QCOMPARE(s->level(0).values, data);
        QCOMPARE(s->value(3, 1, 2), 4.0f);
        QVERIFY(std::isnan(s->value(0, 1, 0)));
    }

    void signedMapColoursAndExcludedBlack() {
        FloatPlane p(3, 1);
        p(0, 0) = -2.0f;
        p(1, 0) = 0.0f;
        p(2, 0) = 2.0f;
        Mask valid(3, 1, 1);
        auto s = ImageSource::signedMap(std::make_shared<FloatPlane>(p), std::make_shared<Mask>(valid), "m");
        QCOMPARE(s->autoRange(), 2.0); // P99 of {2, 0, 2} = 2
        DisplaySettings d;
        QImage img = renderRegion(*s, 0, QRect(0, 0, 3, 1), d);
        QCOMPARE(img.pixel(0, 0), divergingMap()[0]);
        QCOMPARE(img.pixel(2, 0), divergingMap()[255]);
        QCOMPARE(qRed(img.pixel(1, 0)), qRed(divergingMap()[128]));
        valid(1, 0) = 0; // excluded -> black
        s = ImageSource::signedMap(std::make_shared<FloatPlane>(p), std::make_shared<Mask>(valid), "m");
        img = renderRegion(*s, 0, QRect(0, 0, 3, 1), d);
        QCOMPARE(img.pixel(1, 0), qRgb(0, 0, 0));
        // A typed range overrides the automatic one.
        d.autoSignedRange = false;
        d.signedRange = 4.0;
        img = renderRegion(*s, 0, QRect(0, 0, 3, 1), d);
        QCOMPARE(img.pixel(2, 0), divergingMap()[std::size_t(tableIndex(0.75f))]);
    }

    void srgbEncodingMatchesTheStandard() {
        const DisplayEncoder& e = DisplayEncoder::srgb();
        for (float v : {0.0f, 0.001f, 0.0031308f, 0.05f, 0.18f, 0.5f, 0.9f, 1.0f}) {
            const double ref = v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(double(v), 1 / 2.4) - 0.055;
            QVERIFY2(std::abs(int(e.encode(v)) - int(std::lround(ref * 255))) <= 1, qPrintable(QString::number(v)));
        }
        QCOMPARE(int(e.encode(4.0f)), 255);
        QCOMPARE(int(e.encode(-1.0f)), 0);
    }
};

QTEST_MAIN(TestViewMath)
#include "test_view_math.moc"
