// The batch benchmark end to end on a small synthetic dataset: tables recomputed independently from
// per_image.csv, shard + merge and stop + resume giving byte-identical results, missing and corrupt
// files reported without stopping the run, and the command line killed part-way then resumed.
#include "bench/BenchOutputs.h"
#include "bench/BenchRunner.h"
#include "bench/BenchTables.h"
#include "bench/PerImageCsv.h"
#include "bench/Merge.h"
#include "colour/ColourConfig.h"
#include "image/ImageIO.h"
#include "metrics/Evaluate.h"
#include "metrics/LoadCase.h"
#include "synth/SynthDataset.h"
#include "util/Error.h"

#include "support/TestSupport.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <OpenImageIO/imageio.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

namespace fs = std::filesystem;
using namespace ll::bench;

namespace {

// Every deterministic result file of an output folder, by relative path.
std::map<std::string, std::string> resultFiles(const fs::path& out) {
    std::map<std::string, std::string> files;
    for (const char* f : {kPerImageCsv, kSummaryJson, kPlanJson})
        files[f] = ll::test::readBytes(out / f);
    for (const auto& e : fs::directory_iterator(out / kTablesDir))
        files["tables/" + e.path().filename().string()] = ll::test::readBytes(e.path());
    return files;
}

void compareResults(const fs::path& a, const fs::path& b) {
    const auto fa = resultFiles(a), fb = resultFiles(b);
    QCOMPARE(fa.size(), fb.size());
    for (const auto& [name, bytes] : fa) {
        QVERIFY2(fb.count(name), name.c_str());
        QVERIFY2(!bytes.empty(), name.c_str());
        QVERIFY2(fb.at(name) == bytes, ("differs: " + name).c_str());
    }
}

// A deliberately simple CSV reader for the independent recomputation (the synthetic data has no quotes).
struct SimpleCsv {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::size_t col(const std::string& name) const {
        return std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
    }
};

SimpleCsv readSimpleCsv(const fs::path& p) {
    SimpleCsv c;
    std::ifstream in(p);
    std::string line;
    bool first = true;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ',')) f.push_back(cell);
        if (!line.empty() && line.back() == ',') f.push_back("");
        if (first) c.header = f;
        else c.rows.push_back(f);
        first = false;
    }
    return c;
}

std::size_t countLines(const fs::path& p) {
    const std::string s = ll::test::readBytes(p);
    return std::size_t(std::count(s.begin(), s.end(), '\n'));
}

} // namespace

class TestBenchRun : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path root_, dataset_, plain_;

    BenchConfig config(const fs::path& out) const {
        BenchConfig c;
        c.dataset = dataset_;
        c.out = out;
        c.threads = 2;
        c.groupBy = {"camera"};
        return c;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        root_ = tmp_.path().toStdString();
        dataset_ = root_ / "ds";
        ll::SynthDatasetParams p;
        p.render.width = 96;
        p.render.height = 64;
        p.render.seed = 7;
        p.scenes = 3;
        p.models = {"oracle", "no_shadow", "dim_light"};
        ll::writeSynthDataset(dataset_, p);
        // Extra meta.json keys (kept by the scan, copied into per_image.csv as meta.<key>): a text key
        // shared by two scenes and a number.
        for (const auto& [scene, camera, lux] : {std::tuple{"scene_000", "A", 120}, {"scene_001", "A", 80}, {"scene_002", "B", 5}}) {
            const fs::path meta = dataset_ / "scenes" / scene / "meta.json";
            auto j = nlohmann::json::parse(ll::test::readBytes(meta));
            j["camera"] = camera;
            j["lux"] = lux;
            std::ofstream(meta) << j.dump(2) << "\n";
        }
        plain_ = root_ / "plain";
        const auto o = runBench(config(plain_));
        QVERIFY(o.completed);
        QCOMPARE(o.rows, std::size_t(3 * 4 * 2)); // 3 scenes x (3 models + do-nothing) x 2 tasks
        QCOMPARE(o.failed, std::size_t(0));
        QVERIFY(!fs::exists(plain_ / kJournal));
    }

    void doNothingBaselineIsScored() {
        const auto csv = readSimpleCsv(plain_ / kPerImageCsv);
        QCOMPARE(csv.rows.size(), std::size_t(24));
        std::size_t baseline = 0;
        for (const auto& r : csv.rows) {
            if (r[csv.col("model")] != "do_nothing") continue;
            ++baseline;
            QVERIFY(!r[csv.col("sie")].empty());
        }
        QCOMPARE(baseline, std::size_t(6));
        // Canonical order: scene, model, task (on before off).
        QCOMPARE(csv.rows[0][csv.col("scene")], std::string("scene_000"));
        QCOMPARE(csv.rows[0][csv.col("model")], std::string("dim_light"));
        QCOMPARE(csv.rows[0][csv.col("task")], std::string("on"));
        QCOMPARE(csv.rows[1][csv.col("task")], std::string("off"));
        QVERIFY(csv.col("band.16-100.sie") < csv.header.size());
    }

    void metaKeysBecomeColumnsAndGroups() {
        const auto csv = readSimpleCsv(plain_ / kPerImageCsv);
        for (const char* c : {"meta.camera", "meta.lux", "meta.k", "meta.regime"})
            QVERIFY2(csv.col(c) < csv.header.size(), c);
        // meta columns come after the band columns, sorted by key, before error_file; clip_level is null
        // in every meta.json, so it has no column
        const std::size_t first = csv.col("meta.camera");
        QCOMPARE(std::vector<std::string>(csv.header.begin() + long(first), csv.header.end()),
                 (std::vector<std::string>{"meta.camera", "meta.k", "meta.lux", "meta.regime", "error_file", "error"}));
        QVERIFY(csv.header[first - 1].rfind("band.", 0) == 0);
        for (const auto& r : csv.rows) {
            const std::string scene = r[csv.col("scene")];
            QCOMPARE(r[csv.col("meta.camera")], std::string(scene == "scene_002" ? "B" : "A"));
            QCOMPARE(r[csv.col("meta.lux")], std::string(scene == "scene_000" ? "120" : scene == "scene_001" ? "80" : "5"));
            QCOMPARE(r[csv.col("meta.regime")], r[csv.col("regime")]);
        }
        // main_by_camera: the main table of the rows of each camera, recomputed from the definition
        // (best 80% of 2 images = both; of 1 image = that image).
        auto best = [&](const std::string& camera, const std::string& model, const std::string& task, const std::string& metric) {
            std::vector<double> v;
            for (const auto& r : csv.rows)
                if (r[csv.col("meta.camera")] == camera && r[csv.col("model")] == model && r[csv.col("task")] == task)
                    v.push_back(std::stod(r[csv.col(metric)]));
            std::sort(v.begin(), v.end());
            const std::size_t k = std::size_t(std::ceil(0.8 * double(v.size()) - 1e-9));
            double s = 0;
            for (std::size_t i = 0; i < k; ++i) s += v[i];
            return s / double(k);
        };
        const auto t = readSimpleCsv(plain_ / kTablesDir / "main_by_camera.csv");
        QCOMPARE(t.header, (std::vector<std::string>{"camera", "model", "on.sie", "on.lfe", "off.sie", "off.lfe", "avg_rank"}));
        QCOMPARE(t.rows.size(), std::size_t(6)); // 2 cameras x 3 models, no baseline
        auto printed = [](double v) { return std::round(v * 1000.0) / 1000.0; };
        for (std::size_t i = 0; i < t.rows.size(); ++i) {
            const auto& r = t.rows[i];
            QCOMPARE(r[0], std::string(i < 3 ? "A" : "B"));
            const std::string cam = r[0], m = r[1];
            QCOMPARE(std::stod(r[2]), std::round(best(cam, m, "on", "sie") * 1e6) / 1e6);
            QCOMPARE(std::stod(r[3]), std::round(best(cam, m, "on", "lfe") * 1e6) / 1e6);
            QCOMPARE(std::stod(r[4]), std::round(best(cam, m, "off", "sie") * 1e6) / 1e6);
            QCOMPARE(std::stod(r[5]), std::round(best(cam, m, "off", "lfe") * 1e6) / 1e6);
            // the rank within the camera's group (competition ranks on printed values)
            double rankSum = 0;
            for (auto [task, metric] : {std::pair{"on", "sie"}, {"on", "lfe"}, {"off", "sie"}, {"off", "lfe"}}) {
                int better = 0;
                for (std::size_t j = (i < 3 ? 0 : 3); j < (i < 3 ? 3u : 6u); ++j)
                    better += printed(best(cam, t.rows[j][1], task, metric)) < printed(best(cam, m, task, metric));
                rankSum += better + 1;
            }
            QCOMPARE(std::stod(r[6]), std::floor(rankSum / 4.0 * 10.0 + 0.5) / 10.0);
        }
        for (const char* ext : {".md", ".tex"}) QVERIFY(fs::exists(plain_ / kTablesDir / (std::string("main_by_camera") + ext)));
        // A key no scene has: one group "(not given)" equal to the main table.
        TableOptions o;
        o.groupBy = {"nothing"};
        const auto rows = parsePerImageCsv(ll::test::readBytes(plain_ / kPerImageCsv), "per_image.csv");
        const Table g = groupedMainTable(rows, "nothing", o);
        const auto main = readSimpleCsv(plain_ / kTablesDir / "main.csv");
        QCOMPARE(g.rows.size(), main.rows.size());
        for (std::size_t i = 0; i < g.rows.size(); ++i) {
            QCOMPARE(g.rows[i].labels[0], std::string("(not given)"));
            QCOMPARE(g.rows[i].labels[1], main.rows[i][0]);
        }
        QVERIFY_THROWS_EXCEPTION(ll::Error, checkGroupKey("../x"));
        QVERIFY_THROWS_EXCEPTION(ll::Error, checkGroupKey(""));
    }

    void tablesMatchAnIndependentRecomputation() {
        const auto csv = readSimpleCsv(plain_ / kPerImageCsv);
        // best-x% mean per model/task/metric, straight from the definition
        auto best = [&](const std::string& model, const std::string& task, const std::string& metric, double x) {
            std::vector<double> v;
            for (const auto& r : csv.rows)
                if (r[csv.col("model")] == model && r[csv.col("task")] == task) v.push_back(std::stod(r[csv.col(metric)]));
            std::sort(v.begin(), v.end());
            const std::size_t k = std::size_t(std::ceil(x / 100.0 * double(v.size()) - 1e-9));
            double s = 0;
            for (std::size_t i = 0; i < k; ++i) s += v[i];
            return s / double(k);
        };
        const auto main = readSimpleCsv(plain_ / kTablesDir / "main.csv");
        QCOMPARE(main.header, (std::vector<std::string>{"model", "on.sie", "on.lfe", "off.sie", "off.lfe", "avg_rank"}));
        QCOMPARE(main.rows.size(), std::size_t(3)); // the baseline is not in the main table
        std::map<std::string, std::vector<double>> cols;
        std::vector<std::string> models;
        for (const auto& r : main.rows) {
            const std::string m = r[0];
            models.push_back(m);
            QCOMPARE(std::stod(r[1]), std::round(best(m, "on", "sie", 80) * 1e6) / 1e6);
            QCOMPARE(std::stod(r[2]), std::round(best(m, "on", "lfe", 80) * 1e6) / 1e6);
            QCOMPARE(std::stod(r[3]), std::round(best(m, "off", "sie", 80) * 1e6) / 1e6);
            QCOMPARE(std::stod(r[4]), std::round(best(m, "off", "lfe", 80) * 1e6) / 1e6);
        }
        // Average rank (paper Table 1's rule): rank each column on its values rounded to the 3 printed
        // decimals, tied models sharing the best rank; the mean printed with one decimal, halves up.
        auto printed = [](double v) { return std::round(v * 1000.0) / 1000.0; };
        std::vector<double> rankSum(models.size(), 0);
        for (auto [task, metric] : {std::pair{"on", "sie"}, {"on", "lfe"}, {"off", "sie"}, {"off", "lfe"}}) {
            for (std::size_t i = 0; i < models.size(); ++i) {
                int better = 0;
                for (std::size_t j = 0; j < models.size(); ++j)
                    better += printed(best(models[j], task, metric, 80)) < printed(best(models[i], task, metric, 80));
                rankSum[i] += better + 1;
            }
        }
        for (std::size_t i = 0; i < models.size(); ++i) {
            QCOMPARE(std::stod(main.rows[i][5]), std::floor(rankSum[i] / 4.0 * 10.0 + 0.5) / 10.0);
            if (i) QVERIFY(rankSum[i - 1] <= rankSum[i]); // rows ordered by rank
        }
        // Table 14 column for the best 50%, and the classic table's PSNR mean over all images.
        const auto pct = readSimpleCsv(plain_ / kTablesDir / "percentiles.csv");
        for (const auto& r : pct.rows) {
            const std::string task = r[0] == "Turn-on" ? "on" : "off";
            QCOMPARE(std::stod(r[pct.col("best50.sie")]), std::round(best(r[1], task, "sie", 50) * 1e6) / 1e6);
            QCOMPARE(std::stod(r[pct.col("best100.lfe")]), std::round(best(r[1], task, "lfe", 100) * 1e6) / 1e6);
        }
        const auto classic = readSimpleCsv(plain_ / kTablesDir / "classic.csv");
        QCOMPARE(classic.rows.size(), std::size_t(4));
        QCOMPARE(classic.rows.back()[0], std::string("do nothing (baseline)"));
        for (const auto& r : classic.rows) {
            const std::string model = r[0] == "do nothing (baseline)" ? "do_nothing" : r[0];
            double s = 0;
            int n = 0;
            for (const auto& row : csv.rows)
                if (row[csv.col("model")] == model && row[csv.col("task")] == "on") {
                    s += std::stod(row[csv.col("psnr")]);
                    ++n;
                }
            QCOMPARE(std::stod(r[classic.col("on.psnr")]), std::round(s / n * 1e5) / 1e5);
        }
        // Every table exists in the three formats.
        for (const char* t : {"main", "percentiles", "bands", "classes", "classes_relative", "regime", "classic", "sie1"})
            for (const char* ext : {".md", ".csv", ".tex"})
                QVERIFY2(fs::exists(plain_ / kTablesDir / (std::string(t) + ext)), t);
        QVERIFY(!fs::exists(plain_ / kTablesDir / "uncertainty.md"));
        const std::string tex = ll::test::readBytes(plain_ / kTablesDir / "main.tex");
        QVERIFY(tex.find("\\toprule") != std::string::npos && tex.find("\\bottomrule") != std::string::npos);
        QVERIFY(tex.find("\\textbf{") != std::string::npos && tex.find("\\underline{") != std::string::npos);
        QVERIFY(tex.find("dim\\_light") != std::string::npos);
    }

    void shardsMergeToThePlainResult() {
        std::vector<fs::path> dirs;
        std::size_t rows = 0;
        for (int i = 0; i < 3; ++i) {
            BenchConfig c = config(root_ / ("shard" + std::to_string(i)));
            c.shard = {i, 3};
            c.threads = 1;
            const auto o = runBench(c);
            QVERIFY(o.completed);
            rows += o.rows;
            dirs.push_back(c.out);
        }
        QCOMPARE(rows, std::size_t(24));
        std::reverse(dirs.begin(), dirs.end()); // order on the command line does not matter
        const auto m = mergeShards(root_ / "merged", dirs);
        QCOMPARE(m.rows, std::size_t(24));
        compareResults(plain_, root_ / "merged");
        // Incomplete or mixed shard sets are refused.
        QVERIFY_THROWS_EXCEPTION(ll::Error, mergeShards(root_ / "bad", {dirs[0], dirs[1]}));
        QVERIFY_THROWS_EXCEPTION(ll::Error, mergeShards(root_ / "bad", {dirs[0], dirs[1], dirs[1]}));
        QVERIFY_THROWS_EXCEPTION(ll::Error, mergeShards(root_ / "bad", {dirs[0], dirs[1], plain_}));
    }

    void stoppedRunResumesToThePlainResult() {
        BenchConfig c = config(root_ / "resumed");
        c.maxRows = 7;
        const auto first = runBench(c);
        QVERIFY(!first.completed);
        QCOMPARE(countLines(c.out / kJournal), std::size_t(7));
        QVERIFY(!fs::exists(c.out / kPerImageCsv));
        // What a kill -9 during a write leaves: half a line at the end of the journal.
        {
            std::ofstream j(c.out / kJournal, std::ios::app);
            j << "{\"scene\":\"scene_002\",\"model\":\"or";
        }
        c.maxRows = 0;
        c.resume = true;
        const auto second = runBench(c);
        QVERIFY(second.completed);
        QCOMPARE(second.resumed, std::size_t(7));
        QCOMPARE(second.scoredNow, std::size_t(24 - 7));
        QCOMPARE(second.discardedJournalLines, std::size_t(1));
        compareResults(plain_, c.out);
        // Resuming a finished run recomputes nothing and rewrites the same files.
        const auto third = runBench(c);
        QCOMPARE(third.scoredNow, std::size_t(0));
        compareResults(plain_, c.out);
        // A resume with other options is refused.
        c.tasks = {ll::Task::On};
        QVERIFY_THROWS_EXCEPTION(ll::Error, runBench(c));
    }

    void sixteenBitEditScoresAsLoadCaseScoresIt() {
        // One loading path: an edit stored as 16-bit PNG with saturated pixels (code 65535) gets the
        // same clipped mask, validity mask and scores in the benchmark as through loadCase (the path
        // of `eval` and the desktop app).
        const fs::path ds = root_ / "deep-edit";
        fs::copy(dataset_, ds, fs::copy_options::recursive);
        const fs::path edit = ds / "edits/dim_light/turn_on/scene_000.png";
        const ll::Image eight = ll::loadImage(edit);
        {
            const int W = eight.width(), H = eight.height();
            std::vector<float> px(eight.floatCount());
            for (std::size_t i = 0; i < px.size(); ++i) px[i] = std::min(1.0f, eight.data()[i] * 2.5f);
            auto out = OIIO::ImageOutput::create(edit.string());
            OIIO::ImageSpec spec(W, H, 3, OIIO::TypeDesc::UINT16);
            QVERIFY(out && out->open(edit.string(), spec));
            QVERIFY(out->write_image(OIIO::TypeDesc::FLOAT, px.data()));
            out->close();
        }
        BenchConfig c = config(root_ / "deep-edit-out");
        c.dataset = ds;
        QVERIFY(runBench(c).completed);
        const auto csv = readSimpleCsv(c.out / kPerImageCsv);
        const std::vector<std::string>* row = nullptr;
        for (const auto& r : csv.rows)
            if (r[csv.col("scene")] == "scene_000" && r[csv.col("model")] == "dim_light" && r[csv.col("task")] == "on")
                row = &r;
        QVERIFY(row);

        const fs::path scene = ds / "scenes/scene_000";
        const auto meta = nlohmann::json::parse(ll::test::readBytes(scene / "meta.json"));
        ll::CaseOptions o;
        o.k = meta.at("k").get<float>();
        const ll::LoadedCase lc =
            ll::loadCase(ll::CaseFiles{scene / "on.exr", scene / "off.exr", edit, scene / "labels.json"}, o,
                         ll::ColourConfig::builtin());
        QVERIFY(lc.editClipped.has_value());
        std::size_t clipped = 0;
        for (std::size_t i = 0; i < lc.editClipped->size(); ++i) clipped += (*lc.editClipped)[i] != 0;
        const ll::EvalResult r = ll::evaluate(lc.inputs(ll::Task::On));
        // The mask matters: without it more pixels are valid, so a reader without it would differ.
        ll::EvalInputs unmasked = lc.inputs(ll::Task::On);
        unmasked.editClipped = nullptr;
        const ll::EvalResult u = ll::evaluate(unmasked);
        QVERIFY2(clipped > 100 && u.scores.validPixels > r.scores.validPixels,
                 (std::to_string(clipped) + " clipped, valid " + std::to_string(u.scores.validPixels) + " / " +
                  std::to_string(r.scores.validPixels)).c_str());
        QCOMPARE(std::stoull((*row)[csv.col("valid_pixels")]), static_cast<unsigned long long>(r.scores.validPixels));
        QVERIFY(r.scores.sie && r.scores.lfe);
        QVERIFY2(std::abs(std::stod((*row)[csv.col("sie")]) - *r.scores.sie) <= 1e-6 * std::max(1.0, *r.scores.sie),
                 (*row)[csv.col("sie")].c_str());
        QVERIFY2(std::abs(std::stod((*row)[csv.col("lfe")]) - *r.scores.lfe) <= 1e-6 * std::max(1.0, *r.scores.lfe),
                 (*row)[csv.col("lfe")].c_str());
    }

    void malformedLabelsKeepTheGlobalScores() {
        // A labels file that is not JSON: the scene is scored (no bad_scene rows), its region columns
        // stay empty, the other scenes are untouched, and the problem is reported once.
        const fs::path ds = root_ / "bad-labels";
        fs::copy(dataset_, ds, fs::copy_options::recursive);
        QVERIFY(fs::exists(ds / "scenes/scene_001/labels.json"));
        ll::test::writeBytes(ds / "scenes/scene_001/labels.json", "{\"images\": [ not json");
        BenchConfig c = config(root_ / "bad-labels-out");
        c.dataset = ds;
        const auto o = runBench(c);
        QVERIFY(o.completed);
        QCOMPARE(o.failed, std::size_t(0));
        std::size_t labelWarnings = 0;
        for (const auto& w : o.warnings) labelWarnings += w.find("scene_001/labels.json") != std::string::npos;
        QCOMPARE(labelWarnings, std::size_t(1));
        const auto summary = nlohmann::json::parse(ll::test::readBytes(c.out / kSummaryJson));
        QCOMPARE(summary.at("counts").at("failed").get<int>(), 0);
        QVERIFY2(summary.contains("warnings"), summary.dump(1).c_str());
        QCOMPARE(summary.at("warnings").size(), std::size_t(1));
        const std::string w = summary.at("warnings")[0].get<std::string>();
        QVERIFY2(w.find("scene_001/labels.json") != std::string::npos && w.find("labels ignored") != std::string::npos,
                 w.c_str());
        QVERIFY(!nlohmann::json::parse(ll::test::readBytes(plain_ / kSummaryJson)).contains("warnings"));

        const auto bad = readSimpleCsv(c.out / kPerImageCsv), good = readSimpleCsv(plain_ / kPerImageCsv);
        QCOMPARE(bad.rows.size(), good.rows.size());
        QCOMPARE(bad.header, good.header);
        std::size_t regionCols = 0, scene1Rows = 0;
        for (std::size_t i = 0; i < bad.rows.size(); ++i) {
            const auto& b = bad.rows[i];
            const auto& g = good.rows[i];
            QCOMPARE(b[bad.col("scene")], g[good.col("scene")]);
            QVERIFY(!b[bad.col("sie")].empty());
            QVERIFY(!b[bad.col("lfe")].empty());
            QVERIFY(b[bad.col("failure")].empty());
            if (b[bad.col("scene")] != "scene_001") {
                QVERIFY(b == g); // other scenes: identical rows
                continue;
            }
            ++scene1Rows;
            for (std::size_t k = 0; k < bad.header.size(); ++k) {
                if (bad.header[k].rfind("region.", 0) != 0) continue;
                ++regionCols;
                QVERIFY2(b[k].empty(), bad.header[k].c_str());
            }
        }
        QCOMPARE(scene1Rows, std::size_t(8));
        QVERIFY(regionCols > 0);
        // the plain run did have region scores for that scene
        bool plainHasRegion = false;
        for (const auto& g : good.rows)
            if (g[good.col("scene")] == "scene_001")
                for (std::size_t k = 0; k < good.header.size(); ++k)
                    plainHasRegion |= good.header[k].rfind("region.", 0) == 0 && !g[k].empty();
        QVERIFY(plainHasRegion);

        // Shards merge to the same result, the warning included.
        std::vector<fs::path> dirs;
        for (int i = 0; i < 2; ++i) {
            BenchConfig sc = config(root_ / ("bad-labels-shard" + std::to_string(i)));
            sc.dataset = ds;
            sc.shard = {i, 2};
            QVERIFY(runBench(sc).completed);
            dirs.push_back(sc.out);
        }
        mergeShards(root_ / "bad-labels-merged", dirs);
        compareResults(c.out, root_ / "bad-labels-merged");
    }

    void missingAndCorruptFilesAreReported() {
        const fs::path ds = root_ / "broken";
        fs::copy(dataset_, ds, fs::copy_options::recursive);
        fs::remove(ds / "edits/oracle/turn_on/scene_001.png");
        ll::test::writeBytes(ds / "edits/no_shadow/turn_off/scene_000.png", "\x89PNG\r\n\x1a\n garbage");
        {
            const std::string png = ll::test::readBytes(ds / "edits/dim_light/turn_on/scene_002.png");
            ll::test::writeBytes(ds / "edits/dim_light/turn_on/scene_002.png", png.substr(0, png.size() / 2));
        }
        {
            const std::string exr = ll::test::readBytes(ds / "scenes/scene_002/on.exr");
            ll::test::writeBytes(ds / "scenes/scene_002/on.exr", exr.substr(0, exr.size() * 2 / 3));
        }
        BenchConfig c = config(root_ / "broken-out");
        c.dataset = ds;
        const auto o = runBench(c);
        QVERIFY(o.completed);
        const auto summary = nlohmann::json::parse(ll::test::readBytes(c.out / kSummaryJson));
        const auto& failures = summary.at("failures");
        auto find = [&](const std::string& file) {
            for (const auto& f : failures)
                if (f.at("file").get<std::string>().find(file) != std::string::npos) return f;
            return nlohmann::json();
        };
        const auto missing = find("edits/oracle/turn_on/scene_001");
        QVERIFY2(!missing.is_null(), summary.dump(1).c_str());
        QCOMPARE(missing.at("kind").get<std::string>(), std::string("missing_edit"));
        const auto garbage = find("edits/no_shadow/turn_off/scene_000.png");
        QVERIFY2(!garbage.is_null(), summary.dump(1).c_str());
        QVERIFY(!garbage.at("message").get<std::string>().empty());
        const auto scene = find("scenes/scene_002/on.exr");
        const auto truncated = find("edits/dim_light/turn_on/scene_002.png");
        // The truncated EXR fails either in the scan (scene left out, a dataset problem) or when loaded
        // (bad_scene rows); both must be reported.
        bool sceneReported = !scene.is_null();
        for (const auto& p : summary.at("dataset_problems"))
            sceneReported |= p.at("path").get<std::string>().find("scene_002/on.exr") != std::string::npos;
        QVERIFY2(sceneReported, summary.dump(1).c_str());
        if (!scene.is_null()) QCOMPARE(scene.at("kind").get<std::string>(), std::string("bad_scene"));
        else QVERIFY(truncated.is_null()); // scene left out: its edits are not rows
        QVERIFY(summary.at("counts").at("failed").get<int>() >= 2);
        QCOMPARE(summary.at("counts").at("missing_edits").get<int>(), 1);
        // The tables still exist and the failed edits count as worst in the notes.
        const std::string md = ll::test::readBytes(c.out / kTablesDir / "main.md");
        QVERIFY2(md.find("oracle, Turn-on") != std::string::npos, md.c_str());
    }

    void whiteBalanceShiftLeavesSieAndLfeAlone() {
        // The paper's warm and cold shifts, and a neutral one (every channel x1.25): SIE and LFE are
        // invariant to a neutral gain exactly (every mask threshold is relative), so that column checks
        // that the shifted pair reaches the metrics while the scores stay put; PSNR moves in any case.
        BenchConfig c = config(root_ / "wb");
        c.wbShifts = defaultWhiteBalanceShifts();
        c.wbShifts.push_back({"grey", {1.25f, 1.25f, 1.25f}});
        QVERIFY(runBench(c).completed);
        const auto csv = readSimpleCsv(c.out / kPerImageCsv);
        for (const char* col : {"wb_warm.sie", "wb_warm.lfe", "wb_warm.psnr", "wb_warm.ssim", "wb_cold.sie", "wb_cold.lfe",
                                "wb_cold.psnr", "wb_cold.ssim", "wb_grey.sie"})
            QVERIFY2(csv.col(col) < csv.header.size(), col);
        auto num = [&](const std::vector<std::string>& r, const std::string& col) { return std::stod(r[csv.col(col)]); };
        std::map<std::string, double> maxSie, maxLfe, sumPsnr;
        double oracleMax = 0;
        for (const auto& r : csv.rows) {
            QVERIFY(r[csv.col("failure")].empty());
            for (const std::string shift : {"warm", "cold", "grey"}) {
                const std::string p = "wb_" + shift;
                const double ds = std::abs(num(r, p + ".sie") - num(r, "sie")), dl = std::abs(num(r, p + ".lfe") - num(r, "lfe"));
                maxSie[shift] = std::max(maxSie[shift], ds);
                maxLfe[shift] = std::max(maxLfe[shift], dl);
                sumPsnr[shift] += std::abs(num(r, p + ".psnr") - num(r, "psnr")) / double(csv.rows.size());
                if (r[csv.col("model")] == "oracle" && shift != "grey") oracleMax = std::max({oracleMax, ds, dl});
            }
        }
        for (const std::string shift : {"warm", "cold", "grey"})
            qInfo("%s: max |dSIE| %.3g, max |dLFE| %.3g, mean |dPSNR| %.3g dB", shift.c_str(), maxSie[shift],
                  maxLfe[shift], sumPsnr[shift]);
        qInfo("oracle (warm, cold): max |dSIE|, |dLFE| %.3g", oracleMax);
        QVERIFY(maxSie["grey"] < 1e-4 && maxLfe["grey"] < 1e-4);
        QVERIFY(sumPsnr["grey"] > 0.5 && sumPsnr["warm"] > 0.5 && sumPsnr["cold"] > 0.5);
        // A coloured shift changes the light signal's channel mix, so the signal test of the validity
        // mask keeps slightly other pixels: the exact edit (oracle) moves by a few 1e-3 at most.
        QVERIFY(oracleMax < 5e-3);
        // The rest of the results are those of the run without --wb-shift.
        const auto plain = readSimpleCsv(plain_ / kPerImageCsv);
        QCOMPARE(csv.rows.size(), plain.rows.size());
        for (std::size_t i = 0; i < csv.rows.size(); ++i)
            for (const char* col : {"sie", "lfe", "psnr", "ssim", "band.16-100.sie"})
                QCOMPARE(csv.rows[i][csv.col(col)], plain.rows[i][plain.col(col)]);
        QCOMPARE(ll::test::readBytes(c.out / kTablesDir / "main.md"), ll::test::readBytes(plain_ / kTablesDir / "main.md"));
        // classic_wb: each delta is the shifted entry minus the entry, recomputed from per_image.csv
        const auto t = readSimpleCsv(c.out / kTablesDir / "classic_wb.csv");
        QCOMPARE(t.rows.size(), std::size_t(4));
        QCOMPARE(t.header[1] + "," + t.header[2] + "," + t.header[3] + "," + t.header[4],
                 std::string("on.sie,on.sie.d_warm,on.sie.d_cold,on.sie.d_grey"));
        for (const auto& row : t.rows) {
            const std::string model = row[0] == "do nothing (baseline)" ? "do_nothing" : row[0];
            auto mean = [&](const std::string& task, const std::string& col) {
                double s = 0;
                int k = 0;
                for (const auto& r : csv.rows)
                    if (r[csv.col("model")] == model && r[csv.col("task")] == task) {
                        s += std::stod(r[csv.col(col)]);
                        ++k;
                    }
                return s / k;
            };
            QCOMPARE(std::stod(row[t.col("off.psnr.d_cold")]),
                     std::round((mean("off", "wb_cold.psnr") - mean("off", "psnr")) * 1e5) / 1e5);
            QCOMPARE(std::stod(row[t.col("on.ssim.d_warm")]),
                     std::round((mean("on", "wb_warm.ssim") - mean("on", "ssim")) * 1e6) / 1e6);
            QVERIFY(std::abs(std::stod(row[t.col("on.lfe.d_grey")])) < 1e-4);
            if (row[0] == "oracle") QVERIFY(std::abs(std::stod(row[t.col("on.sie.d_warm")])) <= 1e-3);
        }
        const std::string md = ll::test::readBytes(c.out / kTablesDir / "classic_wb.md");
        QVERIFY(md.find("| +0.000 |") != std::string::npos || md.find("| -0.000 |") != std::string::npos);
        // Stopped and resumed with --wb-shift: the same files; a resume without it is refused.
        BenchConfig r = config(root_ / "wb_resumed");
        r.wbShifts = c.wbShifts;
        r.maxRows = 9;
        QVERIFY(!runBench(r).completed);
        r.maxRows = 0;
        r.resume = true;
        QVERIFY(runBench(r).completed);
        compareResults(c.out, r.out);
        r.wbShifts.clear();
        QVERIFY_THROWS_EXCEPTION(ll::Error, runBench(r));
    }

    void commandLineKilledThenResumed() {
        const char* cli = std::getenv("LIGHTLENS_CLI");
        if (!cli) QSKIP("LIGHTLENS_CLI is not set");
        // SIGKILL once the journal holds a row. A run killed mid-way has a journal and no
        // per_image.csv; if a run got to the end before the kill landed, it is tried again in a new folder.
        QString out;
        QStringList args;
        bool killedMidRun = false;
        for (int attempt = 0; attempt < 5 && !killedMidRun; ++attempt) {
            const fs::path dir = root_ / ("killed" + std::to_string(attempt));
            out = QString::fromStdString(dir.string());
            args = QStringList{"bench", QString::fromStdString(dataset_.string()), "--out", out, "--threads", "1", "--group-by", "camera"};
            QProcess p;
            p.start(cli, args);
            QVERIFY(p.waitForStarted());
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 60000 && p.state() != QProcess::NotRunning) {
                if (fs::exists(dir / kJournal) && countLines(dir / kJournal) >= 1) break;
                QTest::qWait(1);
            }
            p.kill(); // SIGKILL: no chance to clean up
            p.waitForFinished();
            killedMidRun = fs::exists(dir / kJournal) && !fs::exists(dir / kPerImageCsv);
        }
        QVERIFY2(killedMidRun, "every run finished before it could be killed");
        QProcess r;
        r.start(cli, QStringList(args) << "--resume" << "--quiet");
        QVERIFY(r.waitForFinished(120000));
        QCOMPARE(r.exitCode(), 0);
        compareResults(plain_, fs::path(out.toStdString()));
    }

    void commandLineInterruptSaysHowToResume() {
        const char* cli = std::getenv("LIGHTLENS_CLI");
        if (!cli) QSKIP("LIGHTLENS_CLI is not set");
        const QString out = QString::fromStdString((root_ / "stopped").string());
        QProcess p;
        p.start(cli, {"bench", QString::fromStdString(dataset_.string()), "--out", out, "--max-rows", "5"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 3);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("--resume"), qPrintable(err));
        QVERIFY(!fs::exists(root_ / "stopped" / kPerImageCsv));
        QProcess bad;
        bad.start(cli, {"bench", QString::fromStdString(dataset_.string()), "--shard", "3/3"});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestBenchRun)
#include "test_bench_run.moc"
