// The material dataset layout, the batch scorer (anchors, missing edits, bootstrap determinism,
// outputs) and the two commands end to end.
#include "MaterialTestDataset.h"

#include "edit/Bootstrap.h"
#include "edit/EditBench.h"
#include "edit/Luminance.h"
#include "image/ImageIO.h"
#include "stats/Csv.h"
#include "stats/ScoreTable.h"
#include "stats/ScreenAndValidate.h"
#include "support/TestSupport.h"
#include "util/ColumnRoles.h"

#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include <QProcess>
#include <QtTest>

#include <cmath>

using namespace ll;
using namespace ll::edit;
using namespace ll::test;
namespace fs = std::filesystem;

namespace {

const ColourConfig& colour() { return builtinColour(); }

// Writes a three-task dataset: task a (mask.png), task b (LabelMe polygon), task c (no reference).
// Models: "good" re-materials the mask keeping the shading, "sloppy" also shifts and adds noise,
// "partial" has only task a.
void writeDataset(const fs::path& root) {
    for (int t = 0; t < 3; ++t) {
        const std::string name = std::string(1, char('a' + t));
        Scene s;
        s.texture = Texture(50 + t, 40, 0.1, 0.35, 0.45);
        const Image x = through8bit(s.render(), colour());
        const fs::path dir = root / "tasks" / name;
        saveSrgbPng(x, dir / "input.png");
        const Mask m = ellipseMask(x.width(), x.height(), 120 + 10 * t, 100, 50, 35);
        if (t == 1) {
            nlohmann::json shape{{"label", "sofa"}, {"shape_type", "polygon"}, {"group_id", nullptr}, {"flags", nlohmann::json::object()}};
            nlohmann::json pts = nlohmann::json::array();
            for (int k = 0; k < 64; ++k) {
                const double a = 2 * std::numbers::pi * k / 64;
                pts.push_back({130 + 50 * std::cos(a), 100 + 35 * std::sin(a)});
            }
            shape["points"] = pts;
            nlohmann::json doc{{"version", "5.0.1"}, {"flags", nlohmann::json::object()}, {"shapes", {shape}},
                               {"imagePath", "input.png"}, {"imageData", nullptr}, {"imageHeight", x.height()}, {"imageWidth", x.width()}};
            writeBytes(dir / "mask.json", doc.dump());
        } else {
            fs::create_directories(dir);
            savePng8(m, dir / "mask.png");
        }
        if (t != 2) saveSrgbPng(blueFabricSwatch(), dir / "reference.png");
        nlohmann::json taskJson{{"material", "fabric"}, {"prompt", "make it blue fabric"}};
        if (t == 1) taskJson["scene"] = "room_b"; // the scene task b edits (the others: their task name)
        writeBytes(dir / "task.json", taskJson.dump());
        const Image good = rematerialised(s, 120 + 10 * t, 100, 50, 35);
        saveSrgbPng(good, root / "edits" / "good" / (name + ".png"));
        saveSrgbPng(sloppyCopy(good, std::uint64_t(9 + t)), root / "edits" / "sloppy" / (name + ".png"));
        if (t == 0) saveSrgbPng(good, root / "edits" / "partial" / (name + ".png"));
    }
}

// The scene of a task of the dataset above.
std::string sceneOf(const std::string& task) { return task == "b" ? "room_b" : task; }

const ModelSummary& summaryOf(const EditBenchResult& r, const std::string& m) {
    for (const auto& s : r.models)
        if (s.model == m) return s;
    throw std::runtime_error("no model " + m);
}

} // namespace

class TestEditBench : public QObject {
    Q_OBJECT

    QTemporaryDir tmp;
    fs::path root;

private Q_SLOTS:
    void initTestCase() {
        root = fs::path(tmp.path().toStdString()) / "matdata";
        writeDataset(root);
    }

    void bootstrapIsDeterministicAndCovers() {
        std::vector<double> v;
        Rng r(1);
        for (int i = 0; i < 200; ++i) v.push_back(r.uniform());
        const auto a = bootstrapMean(v, 2000, 5), b = bootstrapMean(v, 2000, 5);
        QCOMPARE(*a.lo, *b.lo);
        QCOMPARE(*a.hi, *b.hi);
        {
            tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
            const auto c = bootstrapMean(v, 2000, 5);
            QCOMPARE(*a.lo, *c.lo);
            QCOMPARE(*a.hi, *c.hi);
        }
        // The interval of a uniform sample's mean: about mean +- 1.96 * 0.2887 / sqrt(200) = +-0.040.
        QVERIFY(*a.lo < *a.mean && *a.mean < *a.hi);
        QVERIFY(std::abs((*a.hi - *a.lo) - 0.080) < 0.015);
        const auto d = bootstrapMean(v, 2000, 6);
        QVERIFY(*d.lo != *a.lo);
    }

    void scansTheLayout() {
        const MaterialDataset d = scanMaterialDataset(root);
        QCOMPARE(int(d.tasks.size()), 3);
        QCOMPARE(d.models, (std::vector<std::string>{"good", "partial", "sloppy"}));
        QCOMPARE(d.tasks[1].mask.filename().string(), std::string("mask.json"));
        QVERIFY(d.tasks[2].reference.empty());
        QCOMPARE(d.tasks[0].material, std::string("fabric"));
        QCOMPARE(d.tasks[0].scene, std::string("a"));
        QCOMPARE(d.tasks[1].scene, std::string("room_b"));
        QVERIFY(d.editPath("partial", "b").empty());
    }

    void benchScoresModelsAndAnchors() {
        const MaterialDataset d = scanMaterialDataset(root);
        EditBenchOptions o;
        o.draws = 400;
        const EditBenchResult r = runEditBench(d, colour(), o);
        QCOMPARE(int(r.rows.size()), 3 * 5);
        const auto& id = summaryOf(r, kIdentityAnchor);
        const auto& paste = summaryOf(r, kPasteAnchor);
        const auto& good = summaryOf(r, "good");
        const auto& sloppy = summaryOf(r, "sloppy");
        const auto& partial = summaryOf(r, "partial");
        QCOMPARE(*id.means.at("preservation").mean, 1.0);
        QCOMPARE(*id.passRates.at("structure"), 1.0);
        QCOMPARE(*id.passRates.at("low-level"), 1.0);
        QCOMPARE(int(paste.scored), 2); // task c has no reference: no paste anchor
        QCOMPARE(int(paste.missing), 1);
        QCOMPARE(int(partial.scored), 1);
        QCOMPARE(int(partial.missing), 2);
        QVERIFY(*good.means.at("preservation").mean > 0.99);
        QVERIFY(*sloppy.means.at("preservation").mean < *good.means.at("preservation").mean - 0.1);
        QCOMPARE(*sloppy.passRates.at("structure"), 0.0); // 3 px shift on every task
        QCOMPARE(*sloppy.passRates.at("misalignment"), 0.0);
        QVERIFY(*good.means.at("material").mean > *id.means.at("material").mean);
        QVERIFY(*good.means.at("gate").mean > *id.means.at("gate").mean);
        QCOMPARE(good.means.at("gate").n, std::size_t(2)); // gate needs the reference
        QCOMPARE(r.gate.a, 0.242);
        QVERIFY(r.anchorGate.has_value());

        // Anchors from the dataset when asked (same seed: the same intervals).
        o.gateFromAnchors = true;
        const EditBenchResult r3 = runEditBench(d, colour(), o);
        QCOMPARE(r3.gate.a, r.anchorGate->a);
        QVERIFY(std::abs(*summaryOf(r3, kPasteAnchor).means.at("gate").mean - 1.0) < 0.35);
        QCOMPARE(*summaryOf(r3, "good").means.at("overall").lo, *good.means.at("overall").lo);

        const fs::path out = root / "out";
        writeEditBenchOutputs(r, out);
        for (const char* f : {"per_task.csv", "summary.json", "scores.md", "scores.csv", "scores.tex", "pass_rates.md",
                              "pass_rates.csv", "pass_rates.tex"})
            QVERIFY2(fs::exists(out / f), f);
        const std::string csv = readBytes(out / "per_task.csv");
        QVERIFY(csv.rfind("model,anchor,task,material_class,status,material,", 0) == 0);
        QVERIFY(csv.find("partial,0,b,fabric,missing") != std::string::npos);
        QVERIFY(readBytes(out / "scores.tex").find("\\toprule") != std::string::npos);
        const auto j = nlohmann::json::parse(readBytes(out / "summary.json"));
        QCOMPARE(j["models"].size(), std::size_t(5));
    }

    // Every column edit-bench writes to per_task.csv is declared in per_task.columns.json (the
    // column list comes from the file written, not from a list kept here), every score with its
    // direction; `validate` then works on per_task.csv as written: keys scene/model/task, flags and
    // anchors never metrics, and a study where people always prefer the better model agrees with
    // `overall` every time.
    void perTaskColumnsAreDeclaredAndValidate() {
        const MaterialDataset d = scanMaterialDataset(root);
        EditBenchOptions o;
        o.draws = 50;
        const EditBenchResult r = runEditBench(d, colour(), o);
        const fs::path out = root / "columns-out";
        writeEditBenchOutputs(r, out);
        const stats::CsvTable csv = stats::parseCsv(readBytes(out / "per_task.csv"), "per_task.csv");
        const fs::path sidecarPath = out / "per_task.columns.json";
        QVERIFY(fs::exists(sidecarPath));
        const ColumnSidecar sidecar = parseColumnSidecar(readBytes(sidecarPath), sidecarPath.string());
        QCOMPARE(sidecar.file, std::string("per_task.csv"));
        QVERIFY(!sidecar.taskGroups);
        std::size_t scores = 0;
        for (const auto& h : csv.header) {
            const ColumnDeclaration* c = sidecar.find(h);
            QVERIFY2(c, ("undeclared column " + h).c_str());
            QVERIFY2(c->role != ColumnRole::Score || c->better, ("score without a direction: " + h).c_str());
            QVERIFY2(!(h.rfind("pass_", 0) == 0 || h.rfind("flag_", 0) == 0 || h == "anchor") || c->role == ColumnRole::Flag,
                     h.c_str());
            scores += c->role == ColumnRole::Score;
        }
        QCOMPARE(sidecar.columns.size(), csv.header.size());
        QVERIFY(scores >= benchScoreKeys().size());
        // The MatReplace scores are all better when higher (each in [0, 1], 1 = the contract met).
        for (const auto& k : benchScoreKeys()) QCOMPARE(sidecar.find(k)->better, std::optional<ScoreDirection>(ScoreDirection::Higher));

        const auto sceneCol = csv.column("scene"), itemCol = csv.column("item"), modelCol = csv.column("model"),
                   taskCol = csv.column("task");
        QVERIFY(sceneCol && itemCol && modelCol && taskCol);
        for (const auto& row : csv.rows) {
            QCOMPARE(row.fields[*sceneCol], sceneOf(row.fields[*taskCol])); // task.json "scene", else the task name
            QCOMPARE(row.fields[*itemCol], row.fields[*taskCol] + "/" + row.fields[*modelCol]);
        }

        const stats::ScoreTable t = stats::loadScoreTable(out / "per_task.csv");
        for (const auto& m : t.metrics)
            QVERIFY2(m != "anchor" && m.rfind("pass_", 0) != 0 && m.rfind("flag_", 0) != 0, m.c_str());
        QCOMPARE(stats::validationMetrics(t, {}), benchScoreKeys());
        // Four raters prefer "good" to "sloppy" on every task.
        std::vector<stats::ABJudgement> js;
        for (const char* task : {"a", "b", "c"}) {
            QVERIFY(t.value(stats::ScoreTable::editKey(sceneOf(task), "good", task), t.metricIndex("overall")) >
                    t.value(stats::ScoreTable::editKey(sceneOf(task), "sloppy", task), t.metricIndex("overall")));
            for (int k = 0; k < 4; ++k)
                js.push_back({"r" + std::to_string(k), sceneOf(task), task, k % 2 ? "good" : "sloppy", k % 2 ? "sloppy" : "good",
                              k % 2 ? 1.0 : 0.0, {}, std::nullopt, 0});
        }
        stats::ValidationOptions vo;
        vo.draws = 50;
        vo.splits = 10;
        vo.taskGroups = t.taskGroups;
        const stats::ValidationResult v = stats::screenAndValidate(stats::studyFromAB(js), t, {"overall"}, vo, false);
        QCOMPARE(v.groups, (std::vector<std::string>{"all"}));
        QCOMPARE(v.agreement.at(0).bins[4].value, 1.0);
        QCOMPARE(v.missingScores.at(0), std::size_t(0));
    }

    void corruptFilesFailTheirRowsOnly() {
        const fs::path bad = root.parent_path() / "corrupt";
        fs::remove_all(bad);
        fs::copy(root, bad, fs::copy_options::recursive);
        fs::remove_all(bad / "out");
        const std::string png = readBytes(bad / "edits" / "sloppy" / "b.png");
        writeBytes(bad / "edits" / "sloppy" / "b.png", png.substr(0, png.size() / 2)); // truncated
        writeBytes(bad / "tasks" / "c" / "input.png", "not a picture");
        const MaterialDataset d = scanMaterialDataset(bad);
        EditBenchOptions o;
        o.draws = 200;
        const EditBenchResult r = runEditBench(d, colour(), o);
        const auto& sloppy = summaryOf(r, "sloppy");
        QCOMPARE(int(sloppy.scored), 1);
        QCOMPARE(int(sloppy.failed), 2);
        QCOMPARE(int(summaryOf(r, "good").scored), 2);
        QCOMPARE(int(summaryOf(r, kIdentityAnchor).failed), 1);
        int failures = 0;
        for (const auto& row : r.rows) {
            if (!row.failed()) continue;
            ++failures;
            const QString e = QString::fromStdString(row.error);
            QVERIFY2(!e.contains('\n'), qPrintable(e));
            QVERIFY2(row.task == "c" ? e.contains("input.png") : e.contains("b.png"), qPrintable(e));
        }
        QCOMPARE(failures, 5 + 1); // every row of task c, and sloppy on b
        writeEditBenchOutputs(r, bad / "out");
        const auto j = nlohmann::json::parse(readBytes(bad / "out" / "summary.json"));
        QCOMPARE(j["failures"].size(), std::size_t(6));
        QVERIFY(readBytes(bad / "out" / "per_task.csv").find("sloppy,0,b,fabric,failed") != std::string::npos);
    }

    void commandsEndToEnd() {
        const char* cli = std::getenv("LIGHTLENS_CLI");
        if (!cli) QSKIP("LIGHTLENS_CLI is not set");
        auto run = [&](const QStringList& args, QByteArray* out = nullptr) {
            QProcess p;
            p.start(cli, args);
            p.waitForFinished(120000);
            if (out) *out = p.readAllStandardOutput();
            const QByteArray err = p.readAllStandardError();
            if (p.exitCode() != 0) qInfo() << err;
            if (p.exitCode() == 1) {
                // the last line names the command and the file (a codec library may print its own line before it)
                const QList<QByteArray> lines = err.trimmed().split('\n');
                if (!lines.last().startsWith("lightlens-cli ") || !lines.last().contains("/")) return -1;
            }
            return p.exitCode();
        };
        const QString t = QString::fromStdString((root / "tasks" / "a").string());
        const QString e = QString::fromStdString((root / "edits" / "good" / "a.png").string());
        const QString maps = QString::fromStdString((root / "maps").string());
        QByteArray out;
        QCOMPARE(run({"edit-eval", "--input", t + "/input.png", "--edit", e, "--mask", t + "/mask.png", "--reference",
                      t + "/reference.png", "--maps", maps},
                     &out),
                 0);
        const auto j = nlohmann::json::parse(out.toStdString());
        QVERIFY(j["preservation"]["value"].get<double>() > 0.99);
        QVERIFY(j["preservation"]["measure"].get<std::string>().find("SSIM") != std::string::npos);
        QVERIFY(j["preservation"]["paper_measure"].get<std::string>().find("LPIPS") != std::string::npos);
        QCOMPARE(j["unintended_changes"]["verdicts"]["structure"]["answer"].get<std::string>(), std::string("Yes"));
        QVERIFY(fs::exists(root / "maps" / "fine_ncc.exr"));
        QVERIFY(fs::exists(root / "maps" / "ssim.png"));
        // Polygon masks through the annotations module.
        const QString tb = QString::fromStdString((root / "tasks" / "b").string());
        QCOMPARE(run({"edit-eval", "--input", tb + "/input.png", "--edit", tb + "/input.png", "--mask", tb + "/mask.json"}), 0);
        // Bad input: exit 1, one line; bad usage: exit 2.
        QCOMPARE(run({"edit-eval", "--input", t + "/nothing.png", "--edit", e}), 1);
        writeBytes(root / "broken.png", "\x89PNG\r\n\x1a\nbroken");
        QCOMPARE(run({"edit-eval", "--input", t + "/input.png", "--edit", QString::fromStdString((root / "broken.png").string())}), 1);
        QCOMPARE(run({"edit-eval", "--input", t + "/input.png"}), 2);
        QCOMPARE(run({"edit-bench"}), 2);
        QCOMPARE(run({"edit-bench", QString::fromStdString(root.string()), "--draws", "-3"}), 2);
        const QString outDir = QString::fromStdString((root / "bench-out").string());
        QCOMPARE(run({"edit-bench", QString::fromStdString(root.string()), "--out", outDir, "--draws", "300", "--seed", "3"},
                     &out),
                 0);
        QVERIFY(out.contains("anchor_identity"));
        QVERIFY(fs::exists(root / "bench-out" / "pass_rates.tex"));
        // validate straight on per_task.csv: the declared default metrics, oriented from the sidecar.
        std::string ab = "rater,scene,task,model_a,model_b,choice\n";
        for (const char* task : {"a", "b", "c"})
            for (int k = 0; k < 4; ++k)
                ab += std::string("r") + char('0' + k) + "," + sceneOf(task) + "," + task + ",sloppy,good,B\n";
        writeBytes(root / "ab.csv", ab);
        QCOMPARE(run({"validate", "--judgements", QString::fromStdString((root / "ab.csv").string()), "--scores",
                      outDir + "/per_task.csv", "--draws", "50", "--splits", "10", "--min-model-judgements", "1", "--json"},
                     &out),
                 0);
        const auto v = nlohmann::json::parse(out.toStdString());
        QCOMPARE(v["metrics"].size(), benchScoreKeys().size());
        for (const auto& a : v["agreement"])
            if (a["metric"] == "overall") QCOMPARE(a["overall"]["value"].get<double>(), 1.0);
        QCOMPARE(v["groups"].size(), std::size_t(1));
        QCOMPARE(run({"edit-bench", QString::fromStdString((root / "tasks").string())}), 1);
    }
};

QTEST_GUILESS_MAIN(TestEditBench)
#include "test_edit_bench.moc"
