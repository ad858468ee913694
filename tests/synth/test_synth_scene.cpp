// The synthetic renderer: determinism, physical sanity (additivity, inverse-square falloff,
// shadows where the labels say), the simulated models' faults and the labels.
#include "annotations/Rasterise.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "support/TestSupport.h"
#include "synth/MaskOutline.h"
#include "synth/SynthScene.h"
#include "synth/Tracer.h"
#include "util/Error.h"

#include <tbb/global_control.h>

#include <chrono>
#include <cmath>
#include <cstring>

using namespace ll;

namespace {

SynthParams small(std::uint64_t seed = 7, bool noise = true) {
    SynthParams p;
    p.width = 160;
    p.height = 120;
    p.seed = seed;
    p.noise = noise;
    return p;
}

bool sameBytes(const Image& a, const Image& b) {
    return a.width() == b.width() && a.height() == b.height() &&
           std::memcmp(a.data(), b.data(), a.floatCount() * sizeof(float)) == 0;
}

float lum(const Image& img, std::size_t i) {
    const float* p = img.data() + i * 3;
    return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
}

Mask polygonsMask(const SynthRegion& r, int w, int h) {
    Mask m(w, h);
    for (const auto& ring : r.polygons) {
        Shape s;
        s.rings = {ring};
        const Mask one = rasteriseShape(s, w, h);
        for (std::size_t i = 0; i < m.size(); ++i) m[i] |= one[i];
    }
    return m;
}

} // namespace

class TestSynthScene : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deterministicForASeedAndAnyThreadCount() {
        const SynthScene a = renderScene(small(), 2);
        SynthScene b;
        {
            tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
            b = renderScene(small(), 2);
        }
        QVERIFY(sameBytes(a.on, b.on));
        QVERIFY(sameBytes(a.off, b.off));
        QCOMPARE(a.meta.k, b.meta.k);
        for (const auto& m : synthModelNames())
            for (Task t : {Task::On, Task::Off}) QVERIFY(sameBytes(renderEdit(a, m, t, 3), renderEdit(b, m, t, 3)));
        const SynthScene c = renderScene(small(8), 2);
        QVERIFY(!sameBytes(a.off, c.off));
        const SynthScene d = renderScene(small(), 3);
        QVERIFY(!sameBytes(a.off, d.off));
    }

    void onIsOffPlusTheProbe() {
        for (int i = 0; i < 3; ++i) {
            const SynthScene clean = renderScene(small(5, false), i);
            double minDiff = 0;
            for (std::size_t j = 0; j < clean.on.floatCount(); ++j)
                minDiff = std::min(minDiff, double(clean.on.data()[j]) - clean.off.data()[j]);
            QCOMPARE(minDiff, 0.0);
            // With noise: the difference is negative only within the noise.
            const SynthScene noisy = renderScene(small(5, true), i);
            const SynthParams p = small();
            std::size_t below = 0;
            for (std::size_t j = 0; j < noisy.on.floatCount(); ++j) {
                const double x = clean.on.data()[j] * noisy.meta.k;
                const double sigma = std::sqrt(2 * (p.shotNoise * x + p.readNoise * p.readNoise)) / noisy.meta.k;
                if (double(noisy.on.data()[j]) - noisy.off.data()[j] < -5 * sigma) ++below;
            }
            QCOMPARE(below, std::size_t(0));
            // The probe adds light: a clearly positive mean contribution.
            double sumOn = 0, sumOff = 0;
            for (std::size_t j = 0; j < clean.on.pixelCount(); ++j) {
                sumOn += lum(clean.on, j);
                sumOff += lum(clean.off, j);
            }
            QVERIFY(sumOn > sumOff * 1.05);
        }
    }

    void falloffIsInverseSquareAlongTheFloor() {
        SynthParams p = small(11, false);
        p.width = 240;
        p.height = 160;
        const SynthScene s = renderScene(p, 0);
        const auto& d = s.desc;
        const Mask metal = polygonsMask(*s.region("metallic"), p.width, p.height);
        std::vector<double> trueI, flatI;
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x) {
                const std::size_t i = std::size_t(y) * p.width + x;
                const synth::Vec3 dir = d.camera.direction(x + 0.5f, y + 0.5f);
                const synth::Hit h = synth::trace(d, d.camera.position, dir);
                if (h.surface != synth::Surface::Floor || d.metallic.contains(h.u, h.v) || metal(x, y)) continue;
                const float* dl = s.layers.direct.data() + i * 3;
                const float* ns = s.layers.directNoShadow.data() + i * 3;
                const float* fl = s.layers.directFlat.data() + i * 3;
                const float* al = s.layers.albedo.data() + i * 3;
                if (dl[1] != ns[1] || dl[1] <= 0) continue; // shadowed (even partly)
                const synth::Vec3 v = d.probeLight.position - h.point;
                const double r = synth::length(v), cosI = v.y / r;
                // Lambert: L = albedo / pi * I * cos / r^2  =>  I = L * pi * r^2 / (albedo * cos).
                trueI.push_back(dl[1] * M_PI * r * r / (al[1] * cosI));
                flatI.push_back(fl[1] * M_PI * r * r / (al[1] * cosI));
            }
        QVERIFY(trueI.size() > 2000);
        const double I = d.probeLight.intensity.y;
        double worst = 0;
        for (double v : trueI) worst = std::max(worst, std::abs(v / I - 1));
        QVERIFY2(worst < 0.01, qPrintable(QString("worst relative deviation %1").arg(worst)));
        // The flat_falloff layer (1/r) does not follow the law: its implied intensity grows with r.
        double lo = 1e30, hi = 0;
        for (double v : flatI) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        QVERIFY2(hi / lo > 1.5, qPrintable(QString("flat ratio %1").arg(hi / lo)));
    }

    void probeShadowLabelsAreShadowed() {
        int scenesWithShadow = 0;
        for (int i = 0; i < 4; ++i) {
            const SynthScene s = renderScene(small(21, false), i);
            const SynthRegion* r = s.region("probe_shadow");
            if (!r) continue;
            ++scenesWithShadow;
            const Mask m = polygonsMask(*r, s.on.width(), s.on.height());
            double shadowed = 0, unshadowed = 0;
            std::size_t n = 0, agree = 0;
            for (std::size_t j = 0; j < m.size(); ++j) {
                if (m[j]) {
                    shadowed += lum(s.layers.direct, j);
                    unshadowed += lum(s.layers.directNoShadow, j);
                    ++n;
                }
                agree += (m[j] != 0) == (r->mask[j] != 0);
            }
            QVERIFY(n > 20);
            // Inside the polygons the probe's direct light is mostly blocked.
            QVERIFY2(shadowed < 0.35 * unshadowed, qPrintable(QString("%1 vs %2").arg(shadowed).arg(unshadowed)));
            // The polygons match the rendered mask to within about a pixel along the outline.
            const double mismatch = double(m.size() - agree) / double(countSet(r->mask));
            QVERIFY2(mismatch < 0.35, qPrintable(QString("mismatch %1").arg(mismatch)));
        }
        QVERIFY(scenesWithShadow >= 3);
    }

    void labelsCoverTheKnownRegions() {
        const SynthScene s = renderScene(small(), 0);
        for (const char* c : {"probe_shadow", "metallic", "mirror", "window"}) QVERIFY2(s.region(c), c);
        const SceneAnnotations a = synthAnnotations(s);
        QCOMPARE(a.imageWidth, 160);
        QVERIFY(a.shapes.size() >= 4);
        for (const auto& sh : a.shapes)
            for (const auto& pt : sh.rings.at(0)) {
                QVERIFY(pt.x >= 0 && pt.x <= 160);
                QVERIFY(pt.y >= 0 && pt.y <= 120);
            }
    }

    void maskOutlinesEncloseThePixels() {
        Mask m(20, 12);
        for (int y = 2; y < 9; ++y)
            for (int x = 3; x < 15; ++x) m(x, y) = 1;
        m(3, 2) = 0;  // a notch
        m(18, 10) = 1; // a speck, dropped
        const auto rings = synth::maskOutlines(m, 4, 0.0);
        QCOMPARE(rings.size(), std::size_t(1));
        Shape s;
        s.rings = rings;
        const Mask back = rasteriseShape(s, 20, 12);
        for (std::size_t i = 0; i < m.size(); ++i)
            if (i != std::size_t(10 * 20 + 18)) QCOMPARE(back[i], m[i]);
    }

    void simulatedModelsHaveTheirFaults() {
        const SynthScene s = renderScene(small(4, true), 1);
        const std::size_t n = s.on.floatCount();
        // do_nothing returns the input.
        QVERIFY(sameBytes(renderEdit(s, "do_nothing", Task::On, 1), s.off));
        QVERIFY(sameBytes(renderEdit(s, "do_nothing", Task::Off, 1), s.on));
        // oracle: the target times one gain per channel.
        const Image o = renderEdit(s, "oracle", Task::On, 1);
        for (int c = 0; c < 3; ++c) {
            const double g = double(o.data()[c]) / s.on.data()[c];
            for (std::size_t j = std::size_t(c); j < n; j += 3)
                if (s.on.data()[j] > 1e-3f) QVERIFY(std::abs(o.data()[j] / s.on.data()[j] / g - 1) < 1e-4);
        }
        QVERIFY(!sameBytes(o, renderEdit(s, "oracle", Task::On, 2))); // the seed changes exposure/white balance
        // no_shadow adds at least as much light as the truth, strictly more inside the shadow.
        const Image ns = renderEdit(s, "no_shadow", Task::On, 1);
        const SynthRegion* shadow = s.region("probe_shadow");
        QVERIFY(shadow);
        double extra = 0;
        for (std::size_t j = 0; j < s.on.pixelCount(); ++j) {
            if (shadow->mask[j]) extra += lum(ns, j) - lum(s.layers.ambient, j) - lum(s.probeContribution(), j);
        }
        QVERIFY(extra > 0);
        // Turn-off faults leave residue: the no_shadow removal darkens the shadow below I_off.
        const Image nsOff = renderEdit(s, "no_shadow", Task::Off, 1);
        double darker = 0;
        for (std::size_t j = 0; j < s.on.pixelCount(); ++j)
            if (shadow->mask[j]) darker += lum(s.off, j) - lum(nsOff, j);
        QVERIFY(darker > 0);
        // dim_light adds about half of the probe's light.
        const Image dim = renderEdit(s, "dim_light", Task::On, 1);
        const Image probe = s.probeContribution();
        double added = 0, truth = 0;
        for (std::size_t j = 0; j < s.on.pixelCount(); ++j) {
            added += lum(dim, j) - lum(s.off, j);
            truth += lum(probe, j);
        }
        QVERIFY2(added > 0.3 * truth && added < 0.7 * truth, qPrintable(QString("%1 of %2").arg(added).arg(truth)));
        // flat_falloff and wrong_position differ from the truth but carry the same kind of light.
        for (const char* m : {"flat_falloff", "wrong_position"}) {
            const Image e = renderEdit(s, m, Task::On, 1);
            double diff = 0;
            for (std::size_t j = 0; j < n; ++j) diff += std::abs(e.data()[j] - s.off.data()[j] - probe.data()[j]);
            QVERIFY2(diff > 0.05 * truth, m);
        }
        bool threw = false;
        try {
            renderEdit(s, "nonsense", Task::On, 1);
        } catch (const Error&) {
            threw = true;
        }
        QVERIFY(threw);
    }

    void inputsThroughTheEightBitPathAreWellExposed() {
        const SynthScene s = renderScene(small(), 0);
        const ModelImagePath path8(ColourConfig::builtin());
        const Codes8 c = path8.toCodes(s.on, float(s.meta.k));
        std::size_t saturated = 0;
        double mean = 0;
        for (auto v : c.rgb) {
            saturated += v == 255;
            mean += v;
        }
        mean /= double(c.rgb.size());
        QVERIFY2(mean > 40 && mean < 200, qPrintable(QString::number(mean)));
        QVERIFY(double(saturated) / double(c.rgb.size()) < 0.1);
        QVERIFY(s.meta.regime == "natural" || s.meta.regime == "artificial" || s.meta.regime == "mixed");
    }

    void fullSizeScene() {
        SynthParams p; // 1248x832
        const auto t0 = std::chrono::steady_clock::now();
        const SynthScene s = renderScene(p, 0);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QCOMPARE(s.on.width(), 1248);
        QCOMPARE(s.on.height(), 832);
        QCOMPARE(s.off.width(), 1248);
        const auto t1 = std::chrono::steady_clock::now();
        for (const auto& m : synthModelNames())
            for (Task t : {Task::On, Task::Off}) QCOMPARE(renderEdit(s, m, t, 1).width(), 1248);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
        qInfo("1248x832 scene with all edits rendered in %.2f s (wall clock)", seconds);
        QVERIFY(s.region("window") && s.region("mirror"));
    }

    void refusesBadSizes() {
        SynthParams p = small();
        p.width = 4;
        bool threw = false;
        try {
            renderScene(p, 0);
        } catch (const Error& e) {
            threw = QString(e.what()).contains("size");
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestSynthScene)
#include "test_synth_scene.moc"
