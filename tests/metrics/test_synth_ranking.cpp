// The simulated models of the synthetic generator (core/synth) rank as physics says: the oracle (any
// exposure and white balance) is best on SIE and LFE; each fault is worse on the score that should see
// it; doing nothing is worst. Edits go through the 8-bit model path like real model outputs.
#include "annotations/Rasterise.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "metrics/Evaluate.h"
#include "synth/SynthScene.h"

#include <QtTest>

#include <map>

using namespace ll;

class TestSynthRanking : public QObject {
    Q_OBJECT

    struct Scored {
        EvalScores on, off;
    };

    static std::map<std::string, Scored> scoreAll(const SynthScene& scene) {
        const ModelImagePath path(ColourConfig::builtin());
        const float k = float(scene.meta.k);
        std::map<std::string, Mask> regions;
        for (const auto& r : scene.regions) regions[r.className] = r.mask;
        std::map<std::string, Scored> out;
        for (const std::string& model : synthModelNames()) {
            for (Task task : {Task::On, Task::Off}) {
                const Codes8 codes = path.toCodes(renderEdit(scene, model, task, 99), k);
                const Image edit = path.decode(codes, k);
                EvalInputs in;
                in.on = &scene.on;
                in.off = &scene.off;
                in.edit = &edit;
                in.editCodes = &codes;
                in.task = task;
                in.k = k;
                in.regions = regions;
                in.modelPath = &path;
                MetricParams p;
                p.computeClassic = false;
                // The probe's shadow has about 45 pixels in Omega at this size: score regions from 30.
                p.minRegionPixels = 30;
                (task == Task::On ? out[model].on : out[model].off) = evaluate(in, p).scores;
            }
        }
        return out;
    }

private Q_SLOTS:
    void modelsRankAsPhysicsSays() {
        SynthParams params;
        params.width = 192;
        params.height = 128;
        params.seed = 5;
        const SynthScene scene = renderScene(params, 0);
        const auto s = scoreAll(scene);
        auto sie = [&](const std::string& m, bool on) { return *(on ? s.at(m).on : s.at(m).off).sie; };
        auto lfe = [&](const std::string& m, bool on) { return *(on ? s.at(m).on : s.at(m).off).lfe; };
        for (const auto& [m, sc] : s) {
            QVERIFY2(sc.on.sie && sc.on.lfe && sc.off.sie && sc.off.lfe, m.c_str());
            qInfo("%-16s on: SIE %.4f LFE %.4f SIE1 %.4f | off: SIE %.4f LFE %.4f SIE1 %.4f", m.c_str(), *sc.on.sie,
                  *sc.on.lfe, sc.on.sie1.value_or(-1), *sc.off.sie, *sc.off.lfe, sc.off.sie1.value_or(-1));
        }
        for (bool on : {true, false}) {
            for (const char* fault : {"no_shadow", "flat_falloff", "wrong_position", "do_nothing"}) {
                QVERIFY2(sie("oracle", on) < sie(fault, on), fault);
            }
            for (const char* fault : {"flat_falloff", "wrong_position", "do_nothing"})
                QVERIFY2(lfe("oracle", on) < lfe(fault, on), fault);
            // Doing nothing is worse on SIE than every edit that puts the light in the right place (a
            // light from the wrong position can be as wrong as none at all when turning off).
            for (const char* m : {"oracle", "dim_light", "no_shadow"}) QVERIFY2(sie(m, on) < sie("do_nothing", on), m);
            if (on)
                for (const std::string& m : synthModelNames())
                    if (m != "do_nothing") QVERIFY2(sie(m, on) < sie("do_nothing", on), m.c_str());
        }
        // A missing shadow shows most where the probe casts one.
        const auto& shadowOracle = s.at("oracle").on.regions;
        const auto& shadowMissing = s.at("no_shadow").on.regions;
        QVERIFY(shadowOracle.count("probe_shadow") && shadowMissing.count("probe_shadow"));
        QVERIFY(shadowOracle.at("probe_shadow").sie.has_value());
        QVERIFY(shadowMissing.at("probe_shadow").sie.has_value());
        QVERIFY(*shadowMissing.at("probe_shadow").sie > 2.0 * *shadowOracle.at("probe_shadow").sie);
    }
};

QTEST_GUILESS_MAIN(TestSynthRanking)
#include "test_synth_ranking.moc"
