// Scores computed elsewhere joined to a benchmark run (bench --import-scores, ImportedScores.h): the
// values land in per_image.csv as imported.<name> with their declared direction, the classic table
// gains their column (means worked out here from the values written), a resumed run joins another
// file without scoring again, shards merge to the plain run's bytes, `tables` reads the direction back,
// and bad files stop the run with a one-line error naming the file.
#include "cli/Commands.h"
#include "support/CliInProcess.h"

#include "bench/BenchOutputs.h"
#include "bench/ImportedScores.h"
#include "bench/PerImageCsv.h"
#include "synth/SynthDataset.h"
#include "util/ColumnRoles.h"
#include "util/Error.h"

#include "support/TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <sstream>

namespace fs = std::filesystem;
using namespace ll;

namespace {

using Run = test::CliRun;
Run run(const std::vector<std::string>& args) { return test::runCliInProcess(args); }

// The value of column `key` of the row whose first label is `label` in a table CSV.
std::string tableCell(const std::string& csv, const std::string& label, const std::string& key) {
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::vector<std::string> header;
    {
        std::stringstream ss(line);
        std::string c;
        while (std::getline(ss, c, ',')) header.push_back(c);
    }
    const auto col = std::size_t(std::find(header.begin(), header.end(), key) - header.begin());
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string c;
        while (std::getline(ss, c, ',')) f.push_back(c);
        if (line.back() == ',') f.push_back("");
        if (!f.empty() && f[0] == label && col < f.size()) return f[col];
    }
    return "missing";
}

} // namespace

class TestImportedScores : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    fs::path root_, dataset_, lpips_;
    // The values written to the import, by (scene, model, task).
    std::map<std::tuple<std::string, std::string, std::string>, double> values_;

    std::vector<std::string> bench(const fs::path& out, std::vector<std::string> extra) {
        std::vector<std::string> a = {"bench", dataset_.string(), "--out", out.string(), "--threads", "2", "--quiet"};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        root_ = tmp_.path().toStdString();
        dataset_ = root_ / "ds";
        SynthDatasetParams p;
        p.render.width = 72;
        p.render.height = 48;
        p.render.seed = 5;
        p.scenes = 3;
        p.models = {"oracle", "no_shadow"};
        writeSynthDataset(dataset_, p);
        // LPIPS-like values: for oracle 0.1, 0.2, 0.3 over the scenes, for no_shadow 0.5, 0.7, (none);
        // the same for both tasks plus 0.01 for off; and one row of a scene that does not exist.
        std::string csv = "scene,model,task,lpips\n";
        const char* scenes[] = {"scene_000", "scene_001", "scene_002"};
        for (const char* task : {"on", "off"})
            for (int s = 0; s < 3; ++s) {
                const double extra = std::string(task) == "off" ? 0.01 : 0.0;
                values_[{scenes[s], "oracle", task}] = 0.1 * (s + 1) + extra;
                if (s < 2) values_[{scenes[s], "no_shadow", task}] = (s == 0 ? 0.5 : 0.7) + extra;
            }
        for (const auto& [k, v] : values_) {
            std::ostringstream line;
            line.precision(17);
            line << std::get<0>(k) << "," << std::get<1>(k) << "," << std::get<2>(k) << "," << v << "\n";
            csv += line.str();
        }
        csv += "scene_999,oracle,on,0.9\n";
        csv += "scene_002,no_shadow,on,\n"; // an empty cell: no value
        lpips_ = root_ / "lpips.csv";
        test::writeBytes(lpips_, csv);
    }

    void joinsPerImageColumnsAndClassicTable() {
        const fs::path out = root_ / "plain";
        const Run r = run(bench(out, {"--import-scores", lpips_.string(), "--lower", "lpips"}));
        QVERIFY2(r.status == 0, r.err.c_str());
        QVERIFY2(r.err.find("1 imported score row(s) match no edit of the run and are ignored (first: scene_999/oracle/on)") !=
                     std::string::npos,
                 r.err.c_str());
        const auto rows = bench::parsePerImageCsv(test::readBytes(out / bench::kPerImageCsv), "per_image.csv");
        std::size_t withValue = 0;
        for (const auto& row : rows) {
            const auto it = values_.find({row.scene, row.model, taskName(row.task)});
            if (it == values_.end()) {
                QVERIFY2(row.imported.empty(), (row.scene + " " + row.model).c_str());
                continue;
            }
            QCOMPARE(row.imported.at("lpips"), it->second);
            ++withValue;
        }
        QCOMPARE(withValue, values_.size());
        // Declared as a score, lower is better, for validate and the figures.
        const auto sidecar = loadColumnSidecar(out / bench::kPerImageCsv);
        QVERIFY(sidecar.has_value());
        const ColumnDeclaration* d = sidecar->find("imported.lpips");
        QVERIFY(d);
        QCOMPARE(d->role, ColumnRole::Score);
        QVERIFY(d->better == ScoreDirection::Lower);
        // Classic table: the mean over the scored images with a value.
        const std::string classic = test::readBytes(out / "tables" / "classic.csv");
        QCOMPARE(tableCell(classic, "oracle", "on.imported.lpips"), std::string("0.200000")); // (0.1+0.2+0.3)/3
        QCOMPARE(tableCell(classic, "no_shadow", "on.imported.lpips"), std::string("0.600000")); // (0.5+0.7)/2
        QCOMPARE(tableCell(classic, "oracle", "off.imported.lpips"), std::string("0.210000"));
        QCOMPARE(tableCell(classic, "do nothing (baseline)", "on.imported.lpips"), std::string(""));
        const std::string md = test::readBytes(out / "tables" / "classic.md");
        QVERIFY2(md.find("LPIPS is imported from lpips.csv (lower is better") != std::string::npos, md.c_str());
        QVERIFY2(md.find("LPIPS is not computed") == std::string::npos, md.c_str());
        QVERIFY2(md.find("Turning light on LPIPS ↓") != std::string::npos, md.c_str());
        const std::string plan = test::readBytes(out / bench::kPlanJson);
        QVERIFY2(plan.find("\"imported_scores\"") != std::string::npos, plan.c_str());
    }

    void tablesCommandReadsTheDeclaredDirection() {
        const fs::path out = root_ / "plain";
        const fs::path again = root_ / "tables-again";
        const Run r = run({"tables", (out / bench::kPerImageCsv).string(), "--out", again.string(), "--quiet"});
        QVERIFY2(r.status == 0, r.err.c_str());
        QCOMPARE(test::readBytes(again / "classic.csv"), test::readBytes(out / "tables" / "classic.csv"));
        QCOMPARE(test::readBytes(again / "classic.md"), test::readBytes(out / "tables" / "classic.md"));
        // Without the declaration the direction must be given.
        const fs::path bare = root_ / "bare";
        fs::create_directories(bare);
        fs::copy_file(out / bench::kPerImageCsv, bare / bench::kPerImageCsv);
        const Run missing = run({"tables", (bare / bench::kPerImageCsv).string(), "--quiet"});
        QCOMPARE(missing.status, 1);
        QVERIFY2(missing.err.find("column imported.lpips has no declared direction: pass --lower lpips or --higher lpips") !=
                     std::string::npos,
                 missing.err.c_str());
        const Run given = run({"tables", (bare / bench::kPerImageCsv).string(), "--lower", "lpips", "--quiet"});
        QVERIFY2(given.status == 0, given.err.c_str());
        QCOMPARE(tableCell(test::readBytes(bare / "tables" / "classic.csv"), "oracle", "on.imported.lpips"), std::string("0.200000"));
    }

    void resumeJoinsAnotherFileWithoutScoring() {
        const fs::path out = root_ / "resumed";
        QCOMPARE(run(bench(out, {"--import-scores", lpips_.string(), "--lower", "lpips"})).status, 0);
        const auto before = bench::parsePerImageCsv(test::readBytes(out / bench::kPerImageCsv), "a");
        // A VLM rating, higher is better, declared beside its file.
        const fs::path rating = root_ / "rating.csv";
        test::writeBytes(rating, "scene,model,task,rating,comment\nscene_000,oracle,on,4,fine\nscene_001,no_shadow,off,2,dark\n");
        test::writeBytes(root_ / "rating.columns.json",
                         R"({"format":"lightlens-columns/1","file":"rating.csv","columns":[)"
                         R"({"name":"rating","role":"score","better":"higher"},{"name":"comment","role":"text"}]})");
        const Run r = run(bench(out, {"--resume", "--import-scores", rating.string()}));
        QVERIFY2(r.status == 0, r.err.c_str());
        const std::string info = test::readBytes(out / bench::kRunInfoJson);
        QVERIFY2(info.find("\"rows_scored_now\": 0") != std::string::npos, info.c_str());
        const std::string csv = test::readBytes(out / bench::kPerImageCsv);
        QVERIFY(csv.find("imported.lpips") == std::string::npos);
        QVERIFY(csv.find("imported.comment") == std::string::npos); // declared text: not imported
        const auto after = bench::parsePerImageCsv(csv, "b");
        QCOMPARE(after.size(), before.size());
        for (std::size_t i = 0; i < after.size(); ++i) {
            QCOMPARE(after[i].sie, before[i].sie);
            QCOMPARE(after[i].lfe, before[i].lfe);
            const bool rated = (after[i].scene == "scene_000" && after[i].model == "oracle" && after[i].task == Task::On) ||
                               (after[i].scene == "scene_001" && after[i].model == "no_shadow" && after[i].task == Task::Off);
            QCOMPARE(after[i].imported.count("rating"), std::size_t(rated ? 1 : 0));
        }
        const auto sidecar = loadColumnSidecar(out / bench::kPerImageCsv);
        QVERIFY(sidecar->find("imported.rating")->better == ScoreDirection::Higher);
    }

    void shardsMergeToThePlainRun() {
        for (const char* shard : {"0/2", "1/2"}) {
            const fs::path out = root_ / (std::string("shard") + shard[0]);
            const Run r = run(bench(out, {"--shard", shard, "--import-scores", lpips_.string(), "--lower", "lpips"}));
            QVERIFY2(r.status == 0, r.err.c_str());
        }
        const fs::path merged = root_ / "merged";
        const Run m = run({"merge", merged.string(), (root_ / "shard0").string(), (root_ / "shard1").string(), "--quiet"});
        QVERIFY2(m.status == 0, m.err.c_str());
        const fs::path plain = root_ / "plain";
        for (const char* f : {bench::kPerImageCsv, bench::kSummaryJson, bench::kPlanJson, "per_image.columns.json", "tables/classic.csv"})
            QVERIFY2(test::readBytes(merged / f) == test::readBytes(plain / f), f);
        // A shard of another import does not merge.
        const fs::path other = root_ / "other-import";
        test::writeBytes(root_ / "lpips2.csv", "scene,model,task,lpips\nscene_000,oracle,on,0.5\n");
        QCOMPARE(run(bench(other, {"--shard", "1/2", "--import-scores", (root_ / "lpips2.csv").string(), "--lower", "lpips"})).status, 0);
        const Run bad = run({"merge", (root_ / "bad-merge").string(), (root_ / "shard0").string(), other.string(), "--quiet"});
        QCOMPARE(bad.status, 1);
        QVERIFY2(bad.err.find("--import-scores") != std::string::npos, bad.err.c_str());
    }

    void badImportsStopBeforeScoring() {
        auto fails = [&](const std::string& text, const std::vector<std::string>& extra, const std::string& expected) {
            const fs::path f = root_ / "bad.csv";
            test::writeBytes(f, text);
            const fs::path out = root_ / "bad-run";
            std::vector<std::string> a = {"--import-scores", f.string()};
            a.insert(a.end(), extra.begin(), extra.end());
            const Run r = run(bench(out, a));
            QCOMPARE(r.status, 1);
            QVERIFY2(r.err.find(expected) != std::string::npos, r.err.c_str());
            QVERIFY2(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err.c_str());
            QVERIFY(!fs::exists(out / bench::kPerImageCsv));
        };
        fails("scene,model,task,lpips\ns,m,on,0.1\n", {}, "column 'lpips' has no declared direction: pass --lower lpips or --higher lpips");
        fails("scene,model,task,lpips\ns,m,on,nan\n", {"--lower", "lpips"}, "line 2: column 'lpips': nan (leave the cell empty for a missing value)");
        fails("scene,model,task,lpips\ns,m,on,0.1\ns,m,on,0.2\n", {"--lower", "lpips"}, "line 3: s/m/on is listed twice");
        fails("scene,model,lpips\ns,m,0.1\n", {"--lower", "lpips"}, "needs the columns scene, model and task");
        fails("scene,model,task,lpips\ns,m,sideways,0.1\n", {"--lower", "lpips"}, "line 2: unknown task 'sideways'");
        fails("scene,model,task,lpips\ns,m,on,0.1x\n", {"--lower", "lpips"}, "not a number: '0.1x'");
        fails("scene,model,task,lpips\ns,m,on,0.1\n", {"--lower", "lpips,dists"}, "no imported file has a column 'dists'");
        fails("scene,model,task,a b\ns,m,on,0.1\n", {"--lower", "a b"}, "a score name uses only letters");
        const Run usage = run(bench(root_ / "usage", {"--lower", "lpips"}));
        QCOMPARE(usage.status, 2);
    }

    void importedScoresParseAndDigest() {
        const auto a = bench::readImportedScores({lpips_}, {{"lpips", ScoreDirection::Lower}});
        QCOMPARE(a.columns.size(), std::size_t(1));
        QCOMPARE(a.columns[0].source, std::string("lpips.csv"));
        QCOMPARE(a.values.size(), values_.size() + 1); // + scene_999; the empty cell is no value
        QCOMPARE(a.digest.size(), std::size_t(16));
        const auto b = bench::readImportedScores({lpips_}, {{"lpips", ScoreDirection::Higher}});
        QVERIFY(a.digest != b.digest); // the direction is part of what must agree
        QVERIFY(bench::readImportedScores({}, {}).digest.empty());
    }
};

QTEST_GUILESS_MAIN(TestImportedScores)
#include "test_imported_scores.moc"
