// FigureSpec JSON: round trips, defaults, lengths, and one-line errors for bad descriptions.
#include "figure/FigureSpec.h"
#include "figure/Length.h"
#include "util/Error.h"

#include "FigureChecks.h"

#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

} // namespace

class TestSpec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lengthUnits() {
        QCOMPARE(lengthToPoints("one-column", "x"), 8.5 / 2.54 * 72.0);
        QCOMPARE(lengthToPoints("two-column", "x"), 17.8 / 2.54 * 72.0);
        QCOMPARE(lengthToPoints("3.35in", "x"), 3.35 * 72.0);
        QCOMPARE(lengthToPoints("85mm", "x"), 85.0 / 25.4 * 72.0);
        QCOMPARE(lengthToPoints("100pt", "x"), 100.0);
        QCOMPARE(lengthToPoints("100", "x"), 100.0);
        QVERIFY_THROWS_EXCEPTION(ll::Error, lengthToPoints("7 inches", "x"));
        QVERIFY_THROWS_EXCEPTION(ll::Error, lengthToPoints("-3cm", "x"));
    }

    void gridRoundTrip() {
        const std::string text = "{\"kind\": \"grid\", \"title\": \"Turn-on\", \"size\": {\"width\": \"one-column\"}, \"dpi\": 200, \"tasks\": [\"on\", \"off\"], \"models\": [\"b\", \"a\"], \"labels\": {\"a\": \"Model A\"}, \"rows\": \"models\", \"scene\": \"scene_001\", \"columns\": [\"input\", \"edit\", \"sie_map\"], \"column_titles\": {\"edit\": \"Ours\"}, \"scores\": {\"edit\": [\"sie\", \"psnr\"]}, \"insets\": [{\"rect\": [0.1, 0.2, 0.3, 0.25], \"colour\": \"#0072B2\"}], \"inset_placement\": \"inside\", \"inset_corner\": \"top-left\", \"inset_size\": 0.4, \"inset_columns\": [\"edit\"], \"colour_ranges\": {\"sie_map\": 2.5}, \"range_percentile\": 98, \"exposure\": -1, \"repeat_scene_tiles\": false, \"band_edges\": [100, 10, 0]}";
        const FigureSpec s = FigureSpec::fromJsonText(text, "fig.json");
        QCOMPARE(s.kind, FigureKind::Grid);
        QCOMPARE(s.dpi, 200.0);
        QCOMPARE(s.widthPt(), std::round(8.5 / 2.54 * 72.0));
        QCOMPARE(s.insets.size(), std::size_t(1));
        QCOMPARE(s.insets[0].rect[3], 0.25);
        QCOMPARE(s.colourRanges.at("sie_map"), 2.5);
        QVERIFY(s.scoresSet);
        const FigureSpec back = FigureSpec::fromJsonText(s.toJsonText(), "saved.json");
        QCOMPARE(back.toJsonText(), s.toJsonText());
        QCOMPARE(back.insets, s.insets);
        QCOMPARE(back.columnTitles, s.columnTitles);
        QCOMPARE(back.tasks, s.tasks);
        QCOMPARE(back.repeatSceneTiles, false);
        QCOMPARE(back.bandEdges, (std::vector<double>{100, 10, 0}));
    }

    void rowListRoundTrip() {
        const FigureSpec s = FigureSpec::fromJsonText(
            "{\"kind\": \"grid\", \"rows\": [{\"scene\": \"s1\", \"model\": \"m\", \"task\": \"off\", \"label\": \"M\"}, {\"scene\": \"s2\", \"model\": \"m\"}]}", "f");
        QCOMPARE(s.rows, std::string("list"));
        QCOMPARE(s.rowList.size(), std::size_t(2));
        QCOMPARE(s.rowList[1].task, std::string("on"));
        QCOMPARE(FigureSpec::fromJsonText(s.toJsonText(), "f").rowList, s.rowList);
    }

    void plotRoundTrip() {
        for (const char* kind : {"bands", "classes", "percentiles", "histogram"}) {
            const std::string text = std::string("{\"kind\": \"") + kind +
                                     "\", \"size\": {\"width\": \"17.8cm\", \"height\": \"5cm\"}, \"metrics\": [\"sie\"], \"best\": 80, \"percentile_range\": [20, 100, 20], \"bins\": 12, \"density\": true, \"y_range\": [0, 3], \"baseline\": false}";
            const FigureSpec s = FigureSpec::fromJsonText(text, "f");
            QCOMPARE(s.heightPt(), std::round(5.0 / 2.54 * 72.0));
            QCOMPARE(FigureSpec::fromJsonText(s.toJsonText(), "f").toJsonText(), s.toJsonText());
        }
        // Plot heights default to 0.32 x width, at least 4 cm.
        QCOMPARE(FigureSpec::fromJsonText("{\"kind\": \"bands\", \"size\": {\"width\": \"one-column\"}}", "f").heightPt(),
                 std::round(4.0 / 2.54 * 72.0));
    }

    void errorsNameTheFileAndKey() {
        QVERIFY(test::specError("{").find("fig.json: malformed JSON") == 0);
        QCOMPARE(test::specError("[]"), std::string("fig.json: a figure description must be a JSON object"));
        QVERIFY(test::specError("{\"columns\": [\"edit\"]}").find("\"kind\": missing") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"pie\"}").find("'pie' is not grid") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"colums\": [\"edit\"]}").find("unknown key \"colums\"") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"columns\": [\"edit\", \"foo\"]}").find("'foo'") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"dpi\": 5}").find("\"dpi\"") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"dpi\": \"high\"}").find("must be a number") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"insets\": [{\"rect\": [0.9, 0, 0.2, 0.1]}]}").find("insets.rect") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"insets\": [{\"rect\": [0, 0, 0.2, 0.1], \"colour\": \"red\"}]}").find("#rrggbb") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"tasks\": [\"sideways\"]}").find("not on or off") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"bands\", \"metrics\": [\"psnr\"]}").find("region values") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"size\": {\"width\": \"9 furlongs\"}}").find("size.width") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"grid\", \"colour_ranges\": {\"sie_map\": -1}}").find("positive") != std::string::npos);
        QVERIFY(test::specError("{\"kind\": \"percentiles\", \"percentile_range\": [50, 40, 10]}").find("percentile_range") != std::string::npos);
        // One line each.
        QVERIFY(test::specError("{").find('\n') == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSpec)
#include "test_spec.moc"
