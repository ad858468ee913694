// Calibration of the edit checks and the parameters file: the threshold choice against a hand
// calculation, the parameters file's round trip and its errors, and `lightlens-cli edit-calibrate` on
// a labelled set of faults generated from a real photograph (the MLS desk crop, CC BY-SA 4.0,
// Smagina et al. 2019), whose parameters file edit-eval then accepts.
#include "RealPhotoFaults.h"

#include "edit/Anchors.h"
#include "edit/EditCalibration.h"
#include "edit/EditParamsFile.h"
#include "edit/ImageViews.h"
#include "util/Error.h"

#include <QProcess>
#include <QtTest>

#include <cmath>

using namespace ll;
using namespace ll::edit;
using namespace ll::test;
namespace fs = std::filesystem;

namespace {

void savePng(const Image& linear, const fs::path& p) {
    const ModelImagePath path(builtinColour(), "srgb");
    const Codes8 c = path.toCodes(linear);
    savePng8(c.rgb.data(), c.width, c.height, p);
}

template <class F>
QString errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestEditCalibrate : public QObject {
    Q_OBJECT

    QTemporaryDir tmp;

private Q_SLOTS:
    void thresholdForATargetFalseAlarmRate() {
        // Ten quiet edits 0.1 .. 1.0 and two that should fire, 2 and 3. A 10% budget allows one false
        // alarm: the threshold sits above the second largest quiet value (0.9), halfway to the next
        // observed value (1.0): 0.95. A 0% budget: above 1.0, halfway to 2.0: 1.5.
        std::vector<double> quiet;
        for (int i = 1; i <= 10; ++i) quiet.push_back(0.1 * i);
        std::vector<double> all = quiet;
        all.push_back(2.0);
        all.push_back(3.0);
        std::size_t allowed = 99;
        QCOMPARE(*chooseThreshold(quiet, all, 0.10, true, &allowed), 0.95);
        QCOMPARE(allowed, std::size_t(1));
        QCOMPARE(*chooseThreshold(quiet, all, 0.0, true), 1.5);
        // Nothing observed above the largest quiet value: the threshold is that value (flags strictly above).
        QCOMPARE(*chooseThreshold(quiet, quiet, 0.0, true), 1.0);
        // Rules that flag low values (blur): mirror image. Quiet 1.0 .. 0.55, firing 0.2: with no budget the
        // threshold lies halfway between 0.55 and 0.2.
        std::vector<double> q2 = {1.0, 0.9, 0.8, 0.7, 0.55};
        std::vector<double> a2 = q2;
        a2.push_back(0.2);
        QCOMPARE(*chooseThreshold(q2, a2, 0.0, false), 0.375);
        QVERIFY(!chooseThreshold({}, a2, 0.1, true));
    }

    void paramsFileRoundTripAndErrors() {
        EditEvalParams p;
        p.unintended.noiseSigmaIncrease = 0.0123;
        p.unintended.localMinBlocks = 3;
        p.material.gate = {0.31, 0.27};
        p.material.band = 5;
        const fs::path f = fs::path(tmp.path().toStdString()) / "params.json";
        saveEditParams(p, f);
        const EditEvalParams r = loadEditParams(f);
        QCOMPARE(r.unintended.noiseSigmaIncrease, 0.0123);
        QCOMPARE(r.unintended.localMinBlocks, 3);
        QCOMPARE(r.material.gate.a, 0.31);
        QCOMPARE(r.material.gate.b, 0.27);
        QCOMPARE(r.material.band, 5.0);
        // Every parameter is in the file and reads back unchanged.
        const auto j = paramsToJson(p);
        QCOMPARE(j["unintended_changes"].size(), unintendedParamNames().size());
        for (const auto& n : unintendedParamNames()) QCOMPARE(unintendedParam(r.unintended, n), unintendedParam(p.unintended, n));
        // A partial file keeps the defaults.
        writeBytes(f, R"({"unintended_changes": {"exposure_delta_l": 7}})");
        const EditEvalParams partial = loadEditParams(f);
        QCOMPARE(partial.unintended.exposureDeltaL, 7.0);
        QCOMPARE(partial.unintended.colourCastDeltaAB, UnintendedChangeParams{}.colourCastDeltaAB);
        // Errors name the file and the problem.
        const QString name = QString::fromStdString(f.string());
        auto bad = [&](const std::string& text, const char* problem) {
            writeBytes(f, text);
            const QString e = errorOf([&] { loadEditParams(f); });
            QVERIFY2(e.startsWith(name) && e.contains(problem), qPrintable(e));
        };
        bad(R"({"unintended_changes": {"no_such": 1}})", "unknown parameter 'unintended_changes.no_such'");
        bad(R"({"unintended_changes": {"noise_sigma_increase": "x"}})", "must be a number");
        bad(R"({"unintended_changes": {"block_size": -4}})", "must be > 0");
        bad(R"({"unintended_changes": {"block_size": 2.5}})", "must be an integer");
        bad(R"({"material": {"gate": {"a": 0.2, "b": 0}}})", "b positive");
        bad(R"({"other": 1})", "unknown key 'other'");
        bad("{\"unintended_changes\": {", "malformed JSON");
        const QString missing = errorOf([&] { loadEditParams(f.parent_path() / "missing.json"); });
        QVERIFY2(missing.contains("missing.json"), qPrintable(missing));
    }

    void labelledSetErrors() {
        const fs::path dir = tmp.path().toStdString();
        auto bad = [&](const std::string& csv, const char* problem) {
            writeBytes(dir / "labels.csv", csv);
            const QString e = errorOf([&] { readLabelledEdits(dir / "labels.csv"); });
            QVERIFY2(e.contains("labels.csv") && e.contains(problem), qPrintable(e));
        };
        bad("input,edit\nx.png,y.png\n", "missing column 'fire'");
        bad("input,edit,fire\nx.png,y.png,wobble\n", "line 2: unknown check 'wobble'");
        bad("input,edit,fire,role\nx.png,y.png,,judge\n", "unknown role 'judge'");
        bad("input,edit,fire\n,y.png,\n", "'input' and 'edit' are required");
        bad("input,edit,fire\n", "no edits");
        writeBytes(dir / "labels.csv", "input,edit,fire,mask\nx.png,y.png,noise; color cast ,m.png\n");
        const auto set = readLabelledEdits(dir / "labels.csv");
        QCOMPARE(int(set.size()), 1);
        QCOMPARE(set[0].fire, (std::set<std::string>{"noise", "color cast"}));
        QCOMPARE(set[0].mask, dir / "m.png");
    }

    void datasetParametersFileIsRead() {
        // A material dataset with an edit-params.json: edit-bench takes its thresholds and gate anchors
        // (before dataset.json's), --params overrides it, and a malformed file is refused naming it.
        const char* cli = std::getenv("LIGHTLENS_CLI");
        QVERIFY2(cli, "LIGHTLENS_CLI names the command-line tool (set by CTest)");
        const fs::path root = fs::path(tmp.path().toStdString()) / "dataset";
        fs::create_directories(root / "tasks" / "a");
        fs::create_directories(root / "edits" / "noisy");
        const Image x = photoFromPng("desk", "mls-dataset/crop_2HAL_desk_off.png").linear;
        savePng(x, root / "tasks" / "a" / "input.png");
        savePng8(ellipseMask(x.width(), x.height(), 134, 110, 50, 40), root / "tasks" / "a" / "mask.png");
        savePng(sensorNoise(x, 5e-5, 5e-4, 3), root / "edits" / "noisy" / "a.png");
        writeBytes(root / "dataset.json", R"({"gate": {"a": 0.2, "b": 0.3}})");
        auto bench = [&](const QStringList& extra) {
            QProcess p;
            p.start(cli, QStringList{"edit-bench", QString::fromStdString(root.string()), "--draws", "50"} + extra);
            p.waitForFinished(300000);
            if (p.exitCode() != 0) qInfo() << p.readAllStandardError();
            return p.exitCode() == 0 ? nlohmann::json::parse(readBytes(root / "edit-results" / "summary.json"))
                                     : nlohmann::json();
        };
        auto noisePass = [](const nlohmann::json& j) {
            for (const auto& m : j["models"])
                if (m["model"] == "noisy") return m["pass_rates"]["noise"].get<double>();
            return -1.0;
        };
        const auto plain = bench({});
        QCOMPARE(plain["gate_anchors"]["source"].get<std::string>(), std::string("dataset.json"));
        QCOMPARE(noisePass(plain), 1.0); // light noise passes the default threshold
        writeBytes(root / "edit-params.json",
                   R"({"unintended_changes": {"noise_sigma_increase": 0.0001}, "material": {"gate": {"a": 0.1, "b": 0.5}}})");
        const auto strict = bench({});
        QVERIFY(strict["gate_anchors"]["source"].get<std::string>().find("edit-params.json") != std::string::npos);
        QCOMPARE(strict["gate_anchors"]["a"].get<double>(), 0.1);
        QCOMPARE(noisePass(strict), 0.0);
        const fs::path other = fs::path(tmp.path().toStdString()) / "other.json";
        writeBytes(other, R"({"unintended_changes": {"noise_sigma_increase": 0.5}})");
        const auto overridden = bench({"--params", QString::fromStdString(other.string())});
        QCOMPARE(noisePass(overridden), 1.0);
        writeBytes(root / "edit-params.json", R"({"unintended_changes": {"noise_sigma_increase": -1}})");
        QProcess p;
        p.start(cli, {"edit-bench", QString::fromStdString(root.string()), "--draws", "50"});
        p.waitForFinished(60000);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("edit-params.json"));
    }

    void calibrateFromALabelledSetOfRealFaults() {
        const char* cli = std::getenv("LIGHTLENS_CLI");
        QVERIFY2(cli, "LIGHTLENS_CLI names the command-line tool (set by CTest)");
        const fs::path dir = fs::path(tmp.path().toStdString()) / "set";
        fs::create_directories(dir);
        const Image x = photoFromPng("desk", "mls-dataset/crop_2HAL_desk_off.png").linear;
        savePng(x, dir / "x.png");
        // Noise at six strengths: the weakest three are labelled quiet (a model's own grain, the
        // strongest of them above the default threshold), the strongest three should fire. A colour
        // cast and an exposure change over the whole image, and the identity.
        std::string csv = "input,edit,fire,mask,reference,role\n";
        const double strengths[] = {1e-4, 3e-4, 1e-3, 4e-3, 6e-3, 9e-3};
        for (int i = 0; i < 6; ++i) {
            const std::string name = "noise" + std::to_string(i) + ".png";
            savePng(sensorNoise(x, strengths[i], 1e-3, 40 + i), dir / name);
            csv += "x.png," + name + "," + (i >= 3 ? "noise" : "") + ",,,\n";
        }
        savePng(channelGain(x, 1.2f, 1.0f, 0.8f), dir / "cast.png");
        csv += "x.png,cast.png,color cast,,,\n";
        savePng(channelGain(x, 0.6f, 0.6f, 0.6f), dir / "dark.png");
        csv += "x.png,dark.png,exposure degradation,,,\n";
        csv += "x.png,x.png,,,,\n";
        // A ground-truth exemplar of a material edit: a swatch tiled into the mask.
        const Mask m = ellipseMask(x.width(), x.height(), 134, 110, 50, 40);
        savePng8(m, dir / "mask.png");
        Image swatch(48, 48);
        const Texture wood(7, 20, 0.05, 0.2, 0.6);
        for (int j = 0; j < 48; ++j)
            for (int i = 0; i < 48; ++i) {
                const double t = wood(i + 0.5, j + 0.5);
                swatch.at(i, j, 0) = float(0.35 * t);
                swatch.at(i, j, 1) = float(0.18 * t);
                swatch.at(i, j, 2) = float(0.07 * t);
            }
        const Image swatch8 = through8bit(swatch, builtinColour());
        savePng(swatch8, dir / "swatch.png");
        const Image exemplar = through8bit(pasteEdit(x, m, swatch8), builtinColour());
        savePng(exemplar, dir / "exemplar.png");
        csv += "x.png,exemplar.png,,mask.png,swatch.png,exemplar\n";
        writeBytes(dir / "labels.csv", csv);

        QProcess p;
        const QString out = QString::fromStdString((dir / "params.json").string());
        p.start(cli, {"edit-calibrate", QString::fromStdString((dir / "labels.csv").string()), "--out", out,
                      "--target-false-alarm", "0"});
        QVERIFY(p.waitForFinished(300000));
        const QByteArray text = p.readAllStandardOutput();
        qInfo().noquote() << text << p.readAllStandardError();
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(text.contains("| noise |"));
        const auto j = nlohmann::json::parse(readBytes(dir / "params.json"));
        const auto& cal = j["calibration"];
        // With no false alarms allowed, none remain on the set (the semantic check is reported, not
        // calibrated); the labelled faults are caught. The default noise threshold flagged the grain.
        for (const auto& [check, rates] : cal["rates_after"].items())
            if (check != "semantic") QVERIFY2(rates["false_alarms"].get<int>() == 0, check.c_str());
        QVERIFY(cal["rates_before"]["noise"]["false_alarms"].get<int>() > 0);
        QVERIFY(j["unintended_changes"]["noise_sigma_increase"].get<double>() > UnintendedChangeParams{}.noiseSigmaIncrease);
        // Checks without labelled faults keep their thresholds.
        QCOMPARE(j["unintended_changes"]["global_shift_max"].get<double>(), UnintendedChangeParams{}.globalShiftMax);
        QCOMPARE(j["unintended_changes"]["blockiness_ratio"].get<double>(), UnintendedChangeParams{}.blockinessRatio);
        QCOMPARE(cal["rates_after"]["noise"]["misses"].get<int>(), 0);
        QCOMPARE(cal["rates_after"]["color cast"]["misses"].get<int>(), 0);
        QCOMPARE(cal["rates_after"]["exposure degradation"]["misses"].get<int>(), 0);
        QCOMPARE(cal["rates_after"]["noise"]["positives"].get<int>(), 3);
        QCOMPARE(cal["rates_after"]["noise"]["negatives"].get<int>(), 7);
        // The noise threshold separates the labelled strengths: every quiet edit lies below it and every
        // firing one above, as scored by edit-eval with the written parameters.
        const double t = j["unintended_changes"]["noise_sigma_increase"].get<double>();
        auto noiseOf = [&](const std::string& edit) {
            QProcess e;
            e.start(cli, {"edit-eval", "--input", QString::fromStdString((dir / "x.png").string()), "--edit",
                          QString::fromStdString((dir / edit).string()), "--params", out});
            e.waitForFinished(120000);
            const auto r = nlohmann::json::parse(e.readAllStandardOutput().toStdString());
            const auto& c = r["unintended_changes"]["checks"]["noise"];
            return std::make_pair(c["value"].get<double>(), c["flagged"].get<bool>());
        };
        for (int i = 0; i < 6; ++i) {
            const auto [v, flagged] = noiseOf("noise" + std::to_string(i) + ".png");
            QVERIFY2((i >= 3) == (v > t), qPrintable(QString("edit %1: %2 vs %3").arg(i).arg(v).arg(t)));
            QCOMPARE(flagged, i >= 3);
        }
        // Gate anchors from the exemplar: a = material of the identity, b = exemplar's minus a, computed
        // here directly with the material scores.
        EditCase c;
        c.input = x;
        c.edit = exemplar;
        c.mask = m;
        c.reference = swatch8;
        const ImageViews vx = makeViews(c.input, builtinColour()), ve = makeViews(c.edit, builtinColour());
        const double me = *computeMaterialScores(c, vx, ve, builtinColour()).material.value;
        c.edit = x;
        const double mi = *computeMaterialScores(c, vx, vx, builtinColour()).material.value;
        QVERIFY(me > mi);
        QVERIFY(std::abs(j["material"]["gate"]["a"].get<double>() - mi) < 1e-3);
        QVERIFY(std::abs(j["material"]["gate"]["b"].get<double>() - (me - mi)) < 1e-3);
        // Bad usage and bad data.
        QProcess b;
        b.start(cli, {"edit-calibrate", QString::fromStdString((dir / "labels.csv").string())});
        b.waitForFinished(60000);
        QCOMPARE(b.exitCode(), 2);
        writeBytes(dir / "broken.csv", "input,edit,fire\nx.png,none.png,\n");
        b.start(cli, {"edit-calibrate", QString::fromStdString((dir / "broken.csv").string()), "--out", out});
        b.waitForFinished(60000);
        QCOMPARE(b.exitCode(), 1);
        QVERIFY(b.readAllStandardError().contains("none.png"));
    }
};

QTEST_GUILESS_MAIN(TestEditCalibrate)
#include "test_edit_calibrate.moc"
