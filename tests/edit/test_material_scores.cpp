// Material-edit scores on generated edits with known answers: identity, a material change with the
// shading kept, the same with the shading flattened, content pasted outside the mask, the paste anchor.
#include "EditTestImages.h"

#include "edit/Anchors.h"
#include "edit/EditEvaluation.h"
#include "edit/MaterialScores.h"
#include "edit/Morphology.h"

#include <QtTest>

#include <cmath>

using namespace ll;
using namespace ll::edit;
using namespace ll::test;

namespace {

const ColourConfig& colour() {
    static const ColourConfig c = ColourConfig::builtin();
    return c;
}

// The new material: a bluish albedo with a finer texture of its own.
const Texture kNewTexture(202, 30, 0.2, 0.4, 0.5);
void newAlbedo(double u, double v, double* rgb) {
    const double t = kNewTexture(u, v);
    rgb[0] = 0.10 * t;
    rgb[1] = 0.16 * t;
    rgb[2] = 0.38 * t;
}

struct Case {
    Image x, y;
    Mask m;
    Image r;
};

MaterialScores score(const Image& x, const Image& y, const std::optional<Mask>& m, const std::optional<Image>& r,
                     const MaterialScoreParams& p = {}) {
    EditCase c;
    c.input = x;
    c.edit = y;
    c.mask = m;
    c.reference = r;
    return computeMaterialScores(c, makeViews(x, colour()), makeViews(y, colour()), colour(), p);
}

QString summary(const MaterialScores& s) {
    auto v = [](const Score& sc) { return sc.value ? QString::number(*sc.value, 'f', 3) : QString("null"); };
    return QString("pres=%1 struct=%2 harm=%3 (ncc %4 seam %5) mat=%6 overall=%7 gate=%8")
        .arg(v(s.preservation), v(s.structure), v(s.harmony))
        .arg(s.harmonyNcc.value_or(NAN), 0, 'f', 3)
        .arg(s.harmonySeam.value_or(NAN), 0, 'f', 3)
        .arg(v(s.material), v(s.overall), v(s.gate));
}

} // namespace

class TestMaterialScores : public QObject {
    Q_OBJECT

    Scene scene;
    Image x, r;
    Mask m;

    // Renders the scene with the mask's surface re-made in the new material, shaded by `shading`.
    Image replaced(const std::function<double(double, double)>& shading) const {
        Image y = scene.render();
        for (int j = 0; j < y.height(); ++j)
            for (int i = 0; i < y.width(); ++i) {
                if (!m(i, j)) continue;
                double a[3];
                newAlbedo(i + 0.5, j + 0.5, a);
                const double s = shading(i + 0.5, j + 0.5);
                for (int c = 0; c < 3; ++c) y.at(i, j, c) = float(a[c] * s);
            }
        return through8bit(y, colour());
    }

private Q_SLOTS:
    void initTestCase() {
        x = through8bit(scene.render(), colour());
        // The mask straddles the shadow edge and the light gradient.
        m = ellipseMask(x.width(), x.height(), 140, 100, 55, 38);
        Image swatch(64, 64);
        for (int j = 0; j < 64; ++j)
            for (int i = 0; i < 64; ++i) {
                double a[3];
                newAlbedo(i + 1000.5, j + 0.5, a);
                for (int c = 0; c < 3; ++c) swatch.at(i, j, c) = float(a[c] * 0.7);
            }
        r = through8bit(swatch, colour());
    }

    void identity() {
        const auto s = score(x, x, m, r);
        qInfo() << "identity" << summary(s);
        QCOMPARE(*s.preservation.value, 1.0);
        QCOMPARE(*s.structure.value, 1.0);
        QCOMPARE(*s.harmony.value, 1.0);
        QVERIFY(!s.psnrOutside); // identical outside: PSNR undefined
        QCOMPARE(*s.deltaEOutside, 0.0);
        QVERIFY(s.material.value.has_value());
        QVERIFY(s.warnings.empty());
    }

    void materialChangedShadingKept() {
        const Image y = replaced(Scene::shading);
        const auto s = score(x, y, m, r);
        const auto id = score(x, x, m, r);
        qInfo() << "kept" << summary(s);
        QVERIFY(*s.preservation.value > 0.99);
        QVERIFY(*s.structure.value > 0.8);
        QVERIFY(*s.harmony.value > 0.9);
        QVERIFY(*s.material.value > *id.material.value + 0.2);
        // Gate with anchors calibrated on this measure (identity and paste), as edit-bench --gate-from-anchors does.
        const auto paste = score(x, pasteEdit(x, m, r), m, r);
        const GateAnchors a{*id.material.value, *paste.material.value - *id.material.value};
        const auto g = gateScore(s.material.value, s.preservation.value, s.structure.value, s.harmony.value, a);
        const auto gi = gateScore(id.material.value, id.preservation.value, id.structure.value, id.harmony.value, a);
        QCOMPARE(*gi, 0.0);
        QVERIFY(*g > 0.5);
    }

    void materialChangedShadingFlattened() {
        const Image kept = replaced(Scene::shading);
        const Image flat = replaced([](double, double) { return 0.7; });
        const auto sk = score(x, kept, m, r), sf = score(x, flat, m, r);
        qInfo() << "flat" << summary(sf);
        QVERIFY(*sf.harmony.value < 0.85);
        QVERIFY(*sf.harmony.value < *sk.harmony.value - 0.15);
        QVERIFY(*sf.preservation.value > 0.99); // the outside is untouched
    }

    void contentPastedOutside() {
        Image y = replaced(Scene::shading);
        // Cover the top-left quarter (outside the mask) with a flat grey board.
        for (int j = 0; j < 90; ++j)
            for (int i = 0; i < 110; ++i)
                if (!m(i, j))
                    for (int c = 0; c < 3; ++c) y.at(i, j, c) = 0.18f;
        const auto s = score(x, y, m, r);
        qInfo() << "pasted outside" << summary(s);
        QVERIFY(*s.preservation.value < 0.85);
        QVERIFY(*s.psnrOutside < 25);
        QVERIFY(*s.deltaEOutside > 3);
        QVERIFY(*s.structure.value > 0.8); // inside is still fine
    }

    void pasteAnchor() {
        const Image y = pasteEdit(x, m, r);
        const auto s = score(x, y, m, r);
        const auto kept = score(x, replaced(Scene::shading), m, r);
        qInfo() << "paste anchor" << summary(s);
        QVERIFY(*s.material.value > 0.8); // the swatch itself: top material score
        QVERIFY(*s.harmony.value < *kept.harmony.value);
        QVERIFY(*s.preservation.value > 0.99);
    }

    void harmonyRingMapIsTheSeamRing() {
        const auto s = score(x, x, m, r);
        QVERIFY(s.maps.count("harmony_ring") == 1);
        const FloatPlane& ring = s.maps.at("harmony_ring");
        QCOMPARE(ring.width(), x.width());
        QCOMPARE(ring.height(), x.height());
        // R = dilate(m, ring) minus m: never inside the mask, at most `ring` px from it, and as many
        // pixels as the score counted.
        std::size_t set = 0;
        const Mask reach = dilateDisk(m, MaterialScoreParams{}.ring);
        for (int j = 0; j < x.height(); ++j)
            for (int i = 0; i < x.width(); ++i) {
                const float v = ring(i, j);
                QVERIFY(v == 0.0f || v == 1.0f);
                if (v == 1.0f) {
                    ++set;
                    QVERIFY(!m(i, j));
                    QVERIFY(reach(i, j));
                } else {
                    QVERIFY(m(i, j) || !reach(i, j));
                }
            }
        QCOMPARE(set, s.ringPixels);
        QVERIFY(set > 0);
        // Without a mask there is no ring.
        QVERIFY(score(x, x, std::nullopt, std::nullopt).maps.count("harmony_ring") == 0);
    }

    void noMaskNoReference() {
        const auto s = score(x, x, std::nullopt, std::nullopt);
        QCOMPARE(*s.preservation.value, 1.0);
        QVERIFY(!s.structure.value && !s.harmony.value && !s.material.value && !s.gate.value);
        QVERIFY(!s.structure.note.empty());
        QCOMPARE(*s.overall.value, 1.0);
        const auto nr = score(x, x, m, std::nullopt);
        QVERIFY(!nr.material.value && !nr.gate.value);
        QCOMPARE(*nr.overall.value, 1.0);
    }

    void flatMaskGivesZeroNccAndWarning() {
        Image flatX = x, flatY = x;
        for (int j = 0; j < x.height(); ++j)
            for (int i = 0; i < x.width(); ++i)
                if (m(i, j))
                    for (int c = 0; c < 3; ++c) {
                        flatX.at(i, j, c) = 0.2f;
                        flatY.at(i, j, c) = 0.3f;
                    }
        // Also make the low-pass flat inside: a huge uniform area around the mask.
        const Mask big = ellipseMask(x.width(), x.height(), 140, 100, 55, 38);
        MaterialScoreParams p;
        p.harmonySigma = 0.1; // no spill from outside: the fields inside are exactly constant
        const auto s = score(flatX, flatY, big, r, p);
        QCOMPARE(*s.harmonyNcc, 0.0);
        QCOMPARE(int(s.warnings.size()), 1);
    }

    void gateFollowsTheFormula() {
        GateAnchors a;
        QCOMPARE(*gateScore(0.242, 1.0, 1.0, 1.0, a), 0.0);
        QVERIFY(std::abs(*gateScore(0.622, 1.0, 1.0, 1.0, a) - 1.0) < 1e-12);
        QVERIFY(std::abs(*gateScore(0.432, 0.8, 0.9, 1.0, a) - 0.5 * std::cbrt(0.72)) < 1e-12);
        QVERIFY(!gateScore(std::nullopt, 1.0, 1.0, 1.0, a));
    }

    void histogramsAndHellinger() {
        const std::vector<double> p{0.5, 0.5, 0}, q{0, 0, 1};
        QCOMPARE(hellingerDistance(p, p), 0.0);
        QCOMPARE(hellingerDistance(p, q), 1.0);
        FloatPlane ramp(40, 40);
        for (int j = 0; j < 40; ++j)
            for (int i = 0; i < 40; ++i) ramp(i, j) = 0.01f * i;
        MaterialScoreParams mp;
        const auto h = gradientHistogram(ramp, nullptr, mp);
        // Gradient 0.01 everywhere: all mass in bin floor(0.01 / 0.25 * 32) = 1.
        QVERIFY(std::abs(h[1] - 1.0) < 1e-12);
    }

    void learnedScorersAreReportedUnavailable() {
        EditCase c;
        c.input = x;
        c.edit = x;
        c.mask = m;
        const EditEvaluation e = evaluateEdit(c, colour());
        const auto j = toJson(e);
        QVERIFY(j["learned_unavailable"].size() == 5);
        QCOMPARE(j["learned"]["lpips"]["available"].get<bool>(), false);
        QVERIFY(j["preservation"]["measure"].get<std::string>().find("SSIM") != std::string::npos);
        QVERIFY(j["preservation"]["paper_measure"].get<std::string>().find("LPIPS") != std::string::npos);
        QVERIFY(j["material"]["value"].is_null());
        // A caller-provided scorer plugs in through the registry.
        struct Constant final : LearnedScorer {
            std::string name() const override { return "lpips"; }
            std::string replaces() const override { return "preservation"; }
            std::string description() const override { return "test double returning 0.5"; }
            bool available() const override { return true; }
            std::optional<double> score(const EditCase&) const override { return 0.5; }
        };
        LearnedScorerRegistry reg = paperLearnedScorers();
        reg.add(std::make_shared<Constant>());
        const auto j2 = toJson(evaluateEdit(c, colour(), {}, &reg));
        QCOMPARE(j2["learned"]["lpips"]["value"].get<double>(), 0.5);
        QCOMPARE(int(j2["learned_unavailable"].size()), 4);
    }
};

QTEST_GUILESS_MAIN(TestMaterialScores)
#include "test_material_scores.moc"
