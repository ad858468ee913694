// meta.json and dataset.json: reading, validation errors naming the file, writes keeping unknown keys.
#include "dataset/DatasetConfig.h"
#include "dataset/SceneMeta.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

using namespace ll;
namespace fs = std::filesystem;

class TestSceneMeta : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path tmp(const char* name) { return fs::path(tmp_.path().toStdString()) / name; }

    static QString metaError(const fs::path& p) {
        try {
            readSceneMeta(p);
        } catch (const Error& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }

private Q_SLOTS:
    void readsAllKeys() {
        test::writeBytes(tmp("a.json"), R"({"k": 4, "regime": "natural", "clip_level": 12.5})");
        const SceneMeta m = readSceneMeta(tmp("a.json"));
        QCOMPARE(m.k, 4.0);
        QVERIFY(m.kRecorded);
        QCOMPARE(m.regime, std::string("natural"));
        QCOMPARE(*m.clipLevel, 12.5);
        test::writeBytes(tmp("b.json"), "{}");
        const SceneMeta d = readSceneMeta(tmp("b.json"));
        QCOMPARE(d.k, 1.0);
        QVERIFY(!d.kRecorded && !d.clipLevel && d.regime.empty());
    }

    void rejectsBadValues_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expect");
        QTest::newRow("malformed") << "{\"k\": 1," << "malformed JSON";
        QTest::newRow("huge number") << "{\"k\": 1e999}" << "malformed JSON";
        QTest::newRow("array") << "[1]" << "JSON object";
        QTest::newRow("k string") << R"({"k": "1"})" << "\"k\"";
        QTest::newRow("k zero") << R"({"k": 0})" << "positive";
        QTest::newRow("regime") << R"({"regime": "sunny"})" << "unknown regime";
        QTest::newRow("clip") << R"({"clip_level": -1})" << "clip_level";
    }
    void rejectsBadValues() {
        QFETCH(QString, text);
        QFETCH(QString, expect);
        test::writeBytes(tmp("bad.json"), text.toStdString());
        const QString e = metaError(tmp("bad.json"));
        QVERIFY2(e.contains("bad.json") && e.contains(expect) && !e.contains('\n'), qPrintable(e));
    }

    void writeKeepsUnknownKeys() {
        test::writeBytes(tmp("m.json"), R"({"k": 1, "photographer": "A. B.", "clip_level": 3})");
        SceneMeta m = readSceneMeta(tmp("m.json"));
        m.k = 0.25;
        m.regime = "artificial";
        m.clipLevel.reset();
        writeSceneMeta(tmp("m.json"), m);
        const auto j = nlohmann::json::parse(test::readBytes(tmp("m.json")));
        QCOMPARE(j["photographer"].get<std::string>(), std::string("A. B."));
        QCOMPARE(j["k"].get<double>(), 0.25);
        QVERIFY(j["clip_level"].is_null());
        QCOMPARE(readSceneMeta(tmp("m.json")).regime, std::string("artificial"));
    }

    void writeRefusesToClobberCorruptFile() {
        test::writeBytes(tmp("c.json"), "{oops");
        bool threw = false;
        try {
            writeSceneMeta(tmp("c.json"), SceneMeta{});
        } catch (const Error&) {
            threw = true;
        }
        QVERIFY(threw);
        QCOMPARE(test::readBytes(tmp("c.json")), std::string("{oops"));
    }

    void datasetConfig() {
        test::writeBytes(tmp("d.json"), R"({"name": "x", "eval_size": [1248, 832], "extra": 1})");
        DatasetConfig c = readDatasetConfig(tmp("d.json"));
        QCOMPARE(*c.name, std::string("x"));
        QVERIFY((*c.evalSize == EvalSize{1248, 832}));
        c.evalSize = EvalSize{624, 416};
        writeDatasetConfig(tmp("d.json"), c);
        const auto j = nlohmann::json::parse(test::readBytes(tmp("d.json")));
        QCOMPARE(j["extra"].get<int>(), 1);
        QCOMPARE(j["eval_size"][0].get<int>(), 624);
        test::writeBytes(tmp("e.json"), R"({"eval_size": [10]})");
        bool threw = false;
        try {
            readDatasetConfig(tmp("e.json"));
        } catch (const Error& e) {
            threw = QString(e.what()).contains("e.json");
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestSceneMeta)
#include "test_scene_meta.moc"
