// per_image.csv and journal records: exact round trips (so resumed and merged runs reproduce files byte
// for byte), quoting, and a torn journal line being discarded.
#include "bench/Journal.h"
#include "bench/PerImageCsv.h"
#include "bench/RowJson.h"

#include "support/TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace ll::bench;

namespace {

std::vector<ScoreRow> sampleRows() {
    ScoreRow a;
    a.scene = "scene,001";
    a.model = "model \"x\"";
    a.task = ll::Task::On;
    a.regime = "natural";
    a.sie = 0.1 + 0.2; // not exactly representable in short decimal form
    a.lfe = 1.6412345678901234;
    a.sie1 = 3.0;
    a.psnr = std::numeric_limits<double>::infinity();
    a.ssim = 0.9;
    a.validFraction = 1.0 / 3.0;
    a.validPixels = 123456;
    a.degenerate = true;
    a.regions["probe_shadow"] = {250, 0.5, std::nullopt};
    a.regions["mirror"] = {12, std::nullopt, std::nullopt};
    a.bands["16-100"] = {900, 0.25, 1.5};
    a.bands["0-1"] = {100, 2.0, 1.0};
    a.sdSie = 4.5e-6;
    a.sdLfe = 2.1e-5;
    a.evalWidth = 1248;
    a.evalHeight = 832;
    ScoreRow b;
    b.scene = "scene_002";
    b.model = "m";
    b.task = ll::Task::Off;
    b.failure = Failure::BadEdit;
    b.evalWidth = 960;
    b.evalHeight = 640;
    b.errorFile = "edits/m/turn_off/scene_002.png";
    b.error = "edits/m/turn_off/scene_002.png: truncated, \"bad\" data";
    ScoreRow c;
    c.scene = "scene_002";
    c.model = "n";
    c.task = ll::Task::On;
    c.sie = 1e-300;
    c.validFraction = 0.0;
    c.validPixels = 0;
    c.bands["6-16"] = {0, std::nullopt, std::nullopt};
    ScoreRow d; // a degenerate edit: a failure that keeps its reason
    d.scene = "scene_003";
    d.model = "n";
    d.task = ll::Task::On;
    d.failure = Failure::DegenerateEdit;
    d.degenerate = true;
    d.validPixels = 40;
    d.errorFile = "edits/n/turn_on/scene_003.png";
    d.error = "edits/n/turn_on/scene_003.png: MAD of E_G below 1e-12 in channel RGB";
    return {a, b, c, d};
}

} // namespace

class TestRowsIo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void csvRoundTripIsExact() {
        const auto rows = sampleRows();
        const std::string text = formatPerImageCsv(rows, true);
        const auto back = parsePerImageCsv(text, "mem");
        QCOMPARE(back.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) QVERIFY2(back[i] == rows[i], rows[i].scene.c_str());
        QCOMPARE(formatPerImageCsv(back, true), text);
        QVERIFY(perImageCsvHasUncertainty(text));
        QVERIFY(!perImageCsvHasUncertainty(formatPerImageCsv(rows, false)));
    }

    void csvColumnsAreOrdered() {
        const std::string text = formatPerImageCsv(sampleRows(), false);
        const std::string header = text.substr(0, text.find('\n'));
        QCOMPARE(header, std::string("scene,model,task,regime,failure,sie,lfe,sie1,psnr,ssim,valid_fraction,valid_pixels,"
                                     "degenerate,eval_width,eval_height,region.mirror.pixels,region.mirror.sie,region.mirror.lfe,"
                                     "region.probe_shadow.pixels,region.probe_shadow.sie,region.probe_shadow.lfe,"
                                     "band.16-100.pixels,band.16-100.sie,band.16-100.lfe,band.6-16.pixels,band.6-16.sie,"
                                     "band.6-16.lfe,band.0-1.pixels,band.0-1.sie,band.0-1.lfe,error_file,error"));
        QVERIFY(text.find("\"scene,001\",\"model \"\"x\"\"\",on,natural,,0.30000000000000004,") != std::string::npos);
    }

    void metaColumnsRoundTrip() {
        std::vector<ScoreRow> rows = sampleRows();
        rows[0].meta = {{"camera", "Pixel 8, \"wide\""}, {"lux", "120"}};
        rows[2].meta = {{"scene_type", "kitchen"}};
        const std::string text = formatPerImageCsv(rows, false);
        const std::string header = text.substr(0, text.find('\n'));
        QVERIFY(header.find(",band.0-1.lfe,meta.camera,meta.lux,meta.scene_type,error_file,error") != std::string::npos);
        // the first row: its two keys, then an empty scene_type cell; values are quoted as CSV
        QVERIFY(text.find(",\"Pixel 8, \"\"wide\"\"\",120,,") != std::string::npos);
        const auto back = parsePerImageCsv(text, "per_image.csv");
        QCOMPARE(back.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) QVERIFY(back[i].meta == rows[i].meta);
        QCOMPARE(formatPerImageCsv(back, false), text);
        for (const auto& r : rows) QVERIFY(rowFromJsonLine(rowToJsonLine(r), "j") == r);
        // a column named just "meta." is refused with the file's name
        std::string bad = text;
        bad.replace(bad.find("meta.lux"), 8, "meta.");
        QVERIFY_THROWS_EXCEPTION(ll::Error, parsePerImageCsv(bad, "per_image.csv"));
    }

    void whiteBalanceColumnsRoundTrip() {
        std::vector<ScoreRow> rows = sampleRows();
        rows[0].wb["warm"] = {0.1 + 0.2, 1.5, 25.25, std::nullopt};
        rows[0].wb["cold"] = {0.5, std::nullopt, 24.0, 0.875};
        const std::string text = formatPerImageCsv(rows, false);
        const std::string header = text.substr(0, text.find('\n'));
        QVERIFY(header.find(",eval_height,wb_cold.sie,wb_cold.lfe,wb_cold.psnr,wb_cold.ssim,wb_warm.sie,wb_warm.lfe,"
                            "wb_warm.psnr,wb_warm.ssim,region.") != std::string::npos);
        QVERIFY(text.find(",0.5,,24,0.875,0.30000000000000004,1.5,25.25,,") != std::string::npos);
        const auto back = parsePerImageCsv(text, "per_image.csv");
        for (std::size_t i = 0; i < rows.size(); ++i) QVERIFY(back[i].wb == rows[i].wb);
        QCOMPARE(formatPerImageCsv(back, false), text);
        for (const auto& r : rows) QVERIFY(rowFromJsonLine(rowToJsonLine(r), "j") == r);
        std::string bad = text;
        bad.replace(bad.find("wb_cold.ssim"), 12, "wb_cold.xyz");
        QVERIFY_THROWS_EXCEPTION(ll::Error, parsePerImageCsv(bad, "per_image.csv"));
    }

    void malformedCsvIsAnError() {
        QVERIFY_THROWS_EXCEPTION(ll::Error, parsePerImageCsv("scene,model\nx,y\n", "f.csv"));
        std::string text = formatPerImageCsv(sampleRows(), false);
        text += "only,three,fields\n";
        try {
            parsePerImageCsv(text, "f.csv");
            QFAIL("no error");
        } catch (const ll::Error& e) {
            QVERIFY2(std::string(e.what()).find("f.csv line 6") == 0, e.what());
        }
    }

    void jsonRoundTripIsExact() {
        for (const auto& r : sampleRows()) {
            const std::string line = rowToJsonLine(r);
            QVERIFY(line.find('\n') == std::string::npos);
            QVERIFY(rowFromJsonLine(line, "j") == r);
        }
    }

    void tornJournalLineIsDiscarded() {
        QTemporaryDir dir;
        const std::filesystem::path p = dir.filePath("j.jsonl").toStdString();
        const auto rows = sampleRows();
        {
            JournalWriter w(p);
            w.append(rowToJsonLine(rows[0]));
            w.append(rowToJsonLine(rows[1]));
        }
        // A kill -9 in the middle of the third write leaves part of a line.
        const std::string third = rowToJsonLine(rows[2]);
        std::string bytes = ll::test::readBytes(p) + third.substr(0, third.size() / 2);
        ll::test::writeBytes(p, bytes);
        auto j = readJournal(p);
        QCOMPARE(j.rows.size(), std::size_t(2));
        QCOMPARE(j.discardedLines, std::size_t(1));
        QVERIFY(j.rows[1] == rows[1]);
        // A garbage complete line is skipped too.
        ll::test::writeBytes(p, rowToJsonLine(rows[0]) + "\n{\"scene\":1}\n");
        j = readJournal(p);
        QCOMPARE(j.rows.size(), std::size_t(1));
        QCOMPARE(j.discardedLines, std::size_t(1));
        QVERIFY(readJournal(dir.filePath("missing").toStdString()).rows.empty());
    }
};

QTEST_GUILESS_MAIN(TestRowsIo)
#include "test_rows_io.moc"
