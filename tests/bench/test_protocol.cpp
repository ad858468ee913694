// The 3DLP paper's protocol in `bench` (spec metrics-3dlp.md revision 2, docs/benchmark.md
// "Protocol") on a mixed dataset as a new user builds one: one model's edits come back 1.5x larger,
// another's 0.75x smaller, one model returns an all-black and an all-white turn-on edit. Checked:
// each scene is evaluated at its smallest edit size (paper 4.1) and says so per row and once in the
// summary; degenerate edits are failures that count as worst in the main, class and band tables;
// the regime table is the mean over all images (Table 7); the band images are written.
#include "bench/BenchOutputs.h"
#include "bench/BenchRunner.h"
#include "image/Image.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "synth/SynthDataset.h"

#include "support/TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;
using namespace ll::bench;

namespace {

struct Csv {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::size_t col(const std::string& name) const {
        const auto it = std::find(header.begin(), header.end(), name);
        if (it == header.end()) throw std::runtime_error("no column " + name);
        return std::size_t(it - header.begin());
    }
    const std::vector<std::string>& row(const std::string& first, const std::string& second = "") const {
        for (const auto& r : rows)
            if (r[0] == first && (second.empty() || r[1] == second)) return r;
        throw std::runtime_error("no row " + first + " " + second);
    }
};

// Plain comma splitting: the cells compared here hold no commas or quotes.
Csv readCsv(const fs::path& p) {
    Csv c;
    std::ifstream in(p);
    std::string line;
    bool first = true;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::string cell;
        bool quoted = false;
        for (char ch : line) {
            if (ch == '"') quoted = !quoted;
            else if (ch == ',' && !quoted) f.push_back(std::exchange(cell, {}));
            else cell += ch;
        }
        f.push_back(cell);
        if (first) c.header = f;
        else c.rows.push_back(f);
        first = false;
    }
    return c;
}

void resizeEdit(const fs::path& png, int w, int h) {
    const ll::Image img = ll::loadImage(png); // 8-bit values in [0, 1]
    ll::savePng8(ll::resampleLinear(img, w, h), png);
}

void fillEdit(const fs::path& png, int w, int h, float v) { ll::savePng8(ll::Image(w, h, v), png); }

} // namespace

class TestProtocol : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path root_, ds_, out_, forced_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        root_ = tmp_.path().toStdString();
        ds_ = root_ / "mixed";
        ll::SynthDatasetParams p;
        p.render.width = 96;
        p.render.height = 64;
        p.render.seed = 11;
        p.scenes = 3;
        p.models = {"oracle", "no_shadow", "dim_light"};
        ll::writeSynthDataset(ds_, p);
        ll::test::writeBytes(ds_ / "dataset.json", "{\"name\": \"mixed\"}\n"); // no forced eval_size
        for (const char* scene : {"scene_000", "scene_001", "scene_002"})
            for (const char* task : {"turn_on", "turn_off"}) {
                resizeEdit(ds_ / "edits/oracle" / task / (std::string(scene) + ".png"), 144, 96);
                resizeEdit(ds_ / "edits/dim_light" / task / (std::string(scene) + ".png"), 72, 48);
            }
        fillEdit(ds_ / "edits/no_shadow/turn_on/scene_000.png", 96, 64, 0.0f); // all black
        fillEdit(ds_ / "edits/no_shadow/turn_on/scene_001.png", 96, 64, 1.0f); // all white (code 255)

        BenchConfig c;
        c.dataset = ds_;
        c.out = out_ = root_ / "out";
        c.threads = 2;
        c.bandImages = true;
        const auto o = runBench(c);
        QVERIFY(o.completed);
        bool warned = false;
        for (const auto& w : o.warnings) warned |= w.find("differ in size") != std::string::npos;
        QVERIFY(warned);

        c.out = forced_ = root_ / "forced";
        c.size = std::make_pair(72, 48);
        c.bandImages = false;
        QVERIFY(runBench(c).completed);
    }

    void eachSceneIsEvaluatedAtItsSmallestEditSize() {
        const Csv csv = readCsv(out_ / kPerImageCsv);
        QCOMPARE(csv.rows.size(), std::size_t(3 * 4 * 2));
        for (const auto& r : csv.rows) {
            QCOMPARE(r[csv.col("eval_width")], std::string("72"));
            QCOMPARE(r[csv.col("eval_height")], std::string("48"));
        }
        // The same rows as forcing 72x48 by hand, byte for byte.
        QCOMPARE(ll::test::readBytes(out_ / kPerImageCsv), ll::test::readBytes(forced_ / kPerImageCsv));
        const auto summary = nlohmann::json::parse(ll::test::readBytes(out_ / kSummaryJson));
        const auto& es = summary.at("evaluation_size");
        QCOMPARE(es.at("rule").get<std::string>(), std::string("smallest_edit_per_scene"));
        QCOMPARE(es.at("mixed_edit_sizes").size(), std::size_t(3));
        QCOMPARE(es.at("mixed_edit_sizes")[0].get<std::string>(), std::string("scene_000: 72x48, 96x64, 144x96 -> 72x48"));
        QVERIFY(es.at("warning").get<std::string>().find("paper 4.1") != std::string::npos);
        QCOMPARE(es.at("scenes").at("scene_001"), nlohmann::json::array({72, 48}));
        // The 1.5x edits are brought down by area averaging: their valid fraction stays that of the
        // models returned at other sizes (a box of width 1 upsampling left every third row empty).
        for (const auto& r : csv.rows)
            if (r[csv.col("model")] == "oracle") QVERIFY(std::stod(r[csv.col("valid_fraction")]) > 0.3);
    }

    void degenerateEditsAreFailures() {
        const Csv csv = readCsv(out_ / kPerImageCsv);
        std::map<std::string, std::vector<std::string>> rows;
        for (const auto& r : csv.rows) rows[r[0] + "/" + r[1] + "/" + r[2]] = r;
        const auto& black = rows.at("scene_000/no_shadow/on");
        QCOMPARE(black[csv.col("failure")], std::string("degenerate_edit"));
        QCOMPARE(black[csv.col("degenerate")], std::string("true"));
        QVERIFY(black[csv.col("sie")].empty() && black[csv.col("lfe")].empty() && black[csv.col("sie1")].empty());
        QVERIFY2(black[csv.col("error")].find("MAD of E_G") != std::string::npos, black[csv.col("error")].c_str());
        const auto& white = rows.at("scene_001/no_shadow/on");
        QCOMPARE(white[csv.col("failure")], std::string("degenerate_edit"));
        QVERIFY2(white[csv.col("error")].find("clipped") != std::string::npos, white[csv.col("error")].c_str());
        QCOMPARE(rows.at("scene_002/no_shadow/on")[csv.col("failure")], std::string());
        const auto summary = nlohmann::json::parse(ll::test::readBytes(out_ / kSummaryJson));
        QCOMPARE(summary.at("counts").at("degenerate_edits").get<int>(), 2);
    }

    void failuresCountAsWorstInEveryTable() {
        // Best 80% of 3 images is all 3: the two failures are among them, so every turn-on cell of
        // no_shadow is undefined (the worst) and the model ranks last.
        const Csv main = readCsv(out_ / kTablesDir / "main.csv");
        QVERIFY(main.row("no_shadow")[main.col("on.sie")].empty());
        QVERIFY(!main.row("no_shadow")[main.col("off.sie")].empty());
        // Its average rank: last (3) in both turn-on columns, its own ranks in the turn-off columns.
        auto rankIn = [&](const std::string& model, const std::string& column) {
            const double v = std::stod(main.row(model)[main.col(column)]);
            int better = 0;
            for (const auto& r : main.rows)
                if (!r[main.col(column)].empty() && std::round(std::stod(r[main.col(column)]) * 1000) < std::round(v * 1000)) ++better;
            return better + 1;
        };
        const double expected = (3 + 3 + rankIn("no_shadow", "off.sie") + rankIn("no_shadow", "off.lfe")) / 4.0;
        QCOMPARE(std::stod(main.row("no_shadow")[main.col("avg_rank")]), std::floor(expected * 10 + 0.5) / 10);
        for (const char* table : {"bands", "classes"}) {
            const Csv t = readCsv(out_ / kTablesDir / (std::string(table) + ".csv"));
            const auto& r = t.row("Turn-on", "no_shadow");
            std::size_t cells = 0;
            for (std::size_t c = 2; c < r.size(); ++c, ++cells) QVERIFY2(r[c].empty(), table);
            QVERIFY(cells > 0);
            // The other models have values in at least one cell.
            bool any = false;
            for (std::size_t c = 2; c < t.row("Turn-on", "oracle").size(); ++c) any |= !t.row("Turn-on", "oracle")[c].empty();
            QVERIFY2(any, table);
        }
        const std::string notes = ll::test::readBytes(out_ / kTablesDir / "bands.md");
        QVERIFY2(notes.find("no_shadow, Turn-on: 2 of 3 images failed") != std::string::npos, notes.c_str());
    }

    void regimeTableIsTheMeanOverAllImages() {
        const Csv csv = readCsv(out_ / kPerImageCsv);
        const Csv regime = readCsv(out_ / kTablesDir / "regime.csv");
        std::map<std::string, std::pair<double, int>> sums; // regime -> sum, n of oracle's turn-off SIE
        for (const auto& r : csv.rows)
            if (r[csv.col("model")] == "oracle" && r[csv.col("task")] == "off") {
                auto& s = sums[r[csv.col("regime")]];
                s.first += std::stod(r[csv.col("sie")]);
                ++s.second;
            }
        QVERIFY(!sums.empty());
        for (const auto& [name, s] : sums) {
            const double shown = std::stod(regime.row("oracle")[regime.col(name + ".off.sie")]);
            QCOMPARE(shown, std::round(s.first / s.second * 1e6) / 1e6);
        }
    }

    void bandImagesAreWritten() {
        for (const char* scene : {"scene_000", "scene_001", "scene_002"}) {
            const fs::path png = out_ / "bands" / (std::string(scene) + ".png");
            QVERIFY2(fs::exists(png), png.string().c_str());
            const auto h = ll::readImageHeader(png); // the 72x48 partition with its key below
            QVERIFY(h.width >= 72 && h.height > 48);
        }
        QVERIFY(!fs::exists(forced_ / "bands"));
    }
};

QTEST_GUILESS_MAIN(TestProtocol)
#include "test_protocol.moc"
