// The keys of the difference, band, annotation and highlight columns, orientation, the classes plot's
// values and the mosaic: accepted values round-trip, bad values give one line naming the file and key.
#include "figure/FigureSpec.h"
#include "util/Error.h"

#include "FigureChecks.h"

#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

// The error names the file and the key, on one line.
bool namesKey(const std::string& text, const std::string& key) {
    const std::string e = test::specError(text);
    return e.rfind("fig.json", 0) == 0 && e.find("\"" + key + "\"") != std::string::npos && e.find('\n') == std::string::npos;
}

// (Outside the test class: moc skips a class whose body holds a raw string with a quote before '#'.)
const char* const kHighlights =
    R"({"kind": "grid", "highlight": [{"row": 1, "column": "edit", "colour": "#0072B2"}, {"row": "oracle", "column": 2}]})";

} // namespace

class TestFigureKindsSpec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void newColumnKindsAreAccepted() {
        const FigureSpec s = FigureSpec::fromJsonText(
            R"({"kind": "grid", "columns": ["real_on", "real_off", "diff_real", "diff_edit", "band_map", "annotations"]})", "f");
        QCOMPARE(s.columns.size(), std::size_t(6));
        QCOMPARE(s.differenceTone, std::string("exposure"));
        QCOMPARE(s.annotationOpacity, 0.5);
        QCOMPARE(s.annotationImage, std::string("input"));
        QCOMPARE(s.orientation, std::string("rows"));
        QVERIFY(namesKey(R"({"kind": "grid", "columns": ["diff"]})", "columns"));
    }

    void differenceTone() {
        const FigureSpec s = FigureSpec::fromJsonText(R"({"kind": "grid", "columns": ["diff_real"], "difference_tone": "signed"})", "f");
        QCOMPARE(s.differenceTone, std::string("signed"));
        const FigureSpec back = FigureSpec::fromJsonText(s.toJsonText(), "f");
        QCOMPARE(back.differenceTone, std::string("signed"));
        QVERIFY(s.toJson().contains("difference_tone"));
        // Written only when a difference column is shown.
        QVERIFY(!FigureSpec::fromJsonText(R"({"kind": "grid", "difference_tone": "signed"})", "f").toJson().contains("difference_tone"));
        QVERIFY(namesKey(R"({"kind": "grid", "difference_tone": "log"})", "difference_tone"));
        QVERIFY(namesKey(R"({"kind": "grid", "difference_tone": 1})", "difference_tone"));
    }

    void annotationKeys() {
        const FigureSpec s = FigureSpec::fromJsonText(
            R"({"kind": "grid", "columns": ["annotations"], "annotation_opacity": 0.7, "annotation_image": "real_off"})", "f");
        QCOMPARE(s.annotationOpacity, 0.7);
        QCOMPARE(s.annotationImage, std::string("real_off"));
        const FigureSpec back = FigureSpec::fromJsonText(s.toJsonText(), "f");
        QCOMPARE(back, s);
        QVERIFY(namesKey(R"({"kind": "grid", "annotation_opacity": 1.5})", "annotation_opacity"));
        QVERIFY(namesKey(R"({"kind": "grid", "annotation_opacity": -0.1})", "annotation_opacity"));
        QVERIFY(namesKey(R"({"kind": "grid", "annotation_image": "sie_map"})", "annotation_image"));
    }

    void highlightKey() {
        const FigureSpec s = FigureSpec::fromJsonText(
            kHighlights, "f");
        QCOMPARE(s.highlights.size(), std::size_t(2));
        QCOMPARE(s.highlights[0].row, 1);
        QCOMPARE(s.highlights[0].columnName, std::string("edit"));
        QCOMPARE(s.highlights[1].rowName, std::string("oracle"));
        QCOMPARE(s.highlights[1].column, 2);
        QCOMPARE(FigureSpec::fromJsonText(s.toJsonText(), "f").highlights, s.highlights);
        QVERIFY(namesKey(R"({"kind": "grid", "highlight": {"row": 1}})", "highlight"));
        QVERIFY(namesKey(R"({"kind": "grid", "highlight": [{"column": 1}]})", "highlight.row"));
        QVERIFY(namesKey(R"({"kind": "grid", "highlight": [{"row": -1, "column": 1}]})", "highlight.row"));
        QVERIFY(namesKey(R"({"kind": "grid", "highlight": [{"row": 0, "column": "lpips"}]})", "highlight.column"));
        QVERIFY(namesKey(R"({"kind": "grid", "highlight": [{"row": 0, "column": 0, "colour": "orange"}]})", "highlight.colour"));
        QVERIFY(test::specError(R"({"kind": "grid", "highlight": [{"row": 0, "column": 0, "width": 2}]})").find("unknown key \"width\"") != std::string::npos);
    }

    void importedScoresUnderTiles() {
        const FigureSpec s = FigureSpec::fromJsonText(R"({"kind": "grid", "scores": {"edit": ["psnr", "imported.lpips"]}})", "f");
        QCOMPARE(s.scores.at("edit").back(), std::string("imported.lpips"));
        QVERIFY(namesKey(R"({"kind": "grid", "scores": {"edit": ["imported."]}})", "scores.edit"));
        QVERIFY(namesKey(R"({"kind": "grid", "scores": {"edit": ["lpips"]}})", "scores.edit"));
    }

    void orientation() {
        const FigureSpec s = FigureSpec::fromJsonText(R"({"kind": "grid", "orientation": "columns", "scenes": ["a", "b"]})", "f");
        QCOMPARE(s.orientation, std::string("columns"));
        QCOMPARE(FigureSpec::fromJsonText(s.toJsonText(), "f").orientation, std::string("columns"));
        QVERIFY(namesKey(R"({"kind": "grid", "orientation": "diagonal"})", "orientation"));
        QVERIFY(namesKey(R"({"kind": "grid", "rows": "scenes", "orientation": "columns"})", "orientation"));
    }

    void classesValues() {
        const FigureSpec s = FigureSpec::fromJsonText(R"({"kind": "classes", "values": "absolute"})", "f");
        QCOMPARE(s.values, std::string("absolute"));
        QCOMPARE(FigureSpec::fromJsonText(s.toJsonText(), "f").values, std::string("absolute"));
        QCOMPARE(FigureSpec::fromJsonText(R"({"kind": "classes"})", "f").values, std::string("relative"));
        QVERIFY(namesKey(R"({"kind": "classes", "values": "percent"})", "values"));
    }

    void mosaic() {
        const FigureSpec s = FigureSpec::fromJsonText(
            R"({"kind": "mosaic", "scenes": ["s1", "s2"], "models": ["m"], "image": "real_on", "size": {"width": "one-column"}})", "f");
        QCOMPARE(s.kind, FigureKind::Mosaic);
        QCOMPARE(s.image, std::string("real_on"));
        const FigureSpec back = FigureSpec::fromJsonText(s.toJsonText(), "f");
        QCOMPARE(back, s);
        QCOMPARE(std::string(back.toJson()["kind"]), std::string("mosaic"));
        QVERIFY(namesKey(R"({"kind": "mosaic", "image": "photo"})", "image"));
        QVERIFY(namesKey(R"({"kind": "mosaic", "layout": {"columns": 2}})", "layout"));
        QVERIFY(test::specError(R"({"kind": "mosaique"})").find("mosaic") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestFigureKindsSpec)
#include "test_figure_kinds_spec.moc"
