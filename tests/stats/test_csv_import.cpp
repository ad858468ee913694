// Reading judgements, ratings and score tables from CSV: RFC 4180 quoting, and the one-line errors
// (file, line, problem) for bad files and bad rows.
#include "stats/Csv.h"
#include "stats/Judgements.h"
#include "stats/ScoreTable.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <cmath>

using namespace ll;
using namespace ll::stats;

class TestCsvImport : public QObject {
    Q_OBJECT

    template <class F>
    static QString errorOf(F&& f) {
        try {
            f();
        } catch (const Error& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }

private Q_SLOTS:
    void parsesQuotedFields() {
        const CsvTable t = parseCsv("\xEF\xBB\xBF" "a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n\r\n2,\"two\nlines\",\n3,4", "t.csv");
        QCOMPARE(t.header, (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(t.rows.size(), std::size_t(3));
        QCOMPARE(t.rows[0].fields, (std::vector<std::string>{"1", "x, y", "say \"hi\""}));
        QCOMPARE(t.rows[0].line, std::size_t(2));
        QCOMPARE(t.rows[1].fields, (std::vector<std::string>{"2", "two\nlines", ""}));
        QCOMPARE(t.rows[1].line, std::size_t(4));
        QCOMPARE(t.rows[2].line, std::size_t(6)); // the quoted line break counts
        QCOMPARE(t.rows[2].fields, (std::vector<std::string>{"3", "4"}));
        QVERIFY(t.column("B").has_value());
    }

    void writesWhatItReads() {
        const std::vector<std::string> row{"plain", "with,comma", "with \"quote\"", "line\nbreak", " padded ", ""};
        const std::string text = csvRow({"a", "b", "c", "d", "e", "f"}) + csvRow(row);
        const CsvTable t = parseCsv(text, "round.csv");
        QCOMPARE(t.rows.size(), std::size_t(1));
        QCOMPARE(t.rows[0].fields, row);
        QCOMPARE(csvField("with,comma"), std::string("\"with,comma\""));
    }

    void structuralErrorsNameFileAndLine() {
        QCOMPARE(errorOf([] { parseCsv("a,b\n1,\"open\n2,3\n", "bad.csv"); }),
                 QString("bad.csv: line 2: unterminated quoted field"));
        QCOMPARE(errorOf([] { parseCsv("a,b\n\"x\"y,2\n", "bad.csv"); }),
                 QString("bad.csv: line 2: text after a closing quote"));
        QCOMPARE(errorOf([] { parseCsv("", "empty.csv"); }), QString("empty.csv: empty file (no header line)"));
        QCOMPARE(errorOf([] { parseCsv("a,A\n", "dup.csv"); }), QString("dup.csv: line 1: duplicate column 'A'"));
        QCOMPARE(errorOf([] { parseABJudgements("rater,scene,task,model_a,model_b\n", "ab.csv"); }),
                 QString("ab.csv: missing column 'choice' in the header"));
        QCOMPARE(errorOf([] { loadABJudgements("/nonexistent/ab.csv"); }).left(19), QString("/nonexistent/ab.csv"));
    }

    void badABRowsAreReportedAndSkipped() {
        const std::string text = "rater,scene,task,model_a,model_b,choice,tags,expected\n"
                                 "r1,s1,turn_on,m1,m2,A,missing shadow;too bright,\n"
                                 "r1,s1,on,m1,m2,maybe,,\n"       // line 3: bad choice
                                 "r2,s2,off,m2,m1,=,,\n"
                                 "r2,s3,off,m1,m1,b,,\n"          // line 5: same model
                                 "r3,s3,on,m1,m2,0.5,\n"          // line 6: 7 fields
                                 "r3,s4,on,m1,m2,B,,A\n"          // attention check
                                 "r3,,on,m1,m2,B,,\n";            // line 8: empty scene
        const ABFile f = parseABJudgements(text, "ab.csv");
        QCOMPARE(f.judgements.size(), std::size_t(3));
        QCOMPARE(f.problems.lines.size(), std::size_t(4));
        QCOMPARE(f.problems.lines[0], std::string("ab.csv:3: choice 'maybe' is not A, B or tie"));
        QCOMPARE(f.problems.lines[1], std::string("ab.csv:5: model_a and model_b are the same ('m1')"));
        QCOMPARE(f.problems.lines[2], std::string("ab.csv:6: has 7 fields, the header has 8"));
        QCOMPARE(f.problems.lines[3], std::string("ab.csv:8: empty scene"));
        QCOMPARE(f.judgements[0].task, std::string("on"));
        QCOMPARE(f.judgements[0].outcome, 1.0);
        QCOMPARE(f.judgements[0].tags, (std::vector<std::string>{"missing shadow", "too bright"}));
        QCOMPARE(f.judgements[1].outcome, 0.5);
        QVERIFY(f.judgements[2].expected.has_value());
        QCOMPARE(*f.judgements[2].expected, 1.0);
        QCOMPARE(f.judgements[2].outcome, 0.0);
    }

    void choicesAcceptedInEverySpelling() {
        QCOMPARE(*parseChoice("A"), 1.0);
        QCOMPARE(*parseChoice(" a "), 1.0);
        QCOMPARE(*parseChoice("b"), 0.0);
        QCOMPARE(*parseChoice("TIE"), 0.5);
        QCOMPARE(*parseChoice("="), 0.5);
        QCOMPARE(*parseChoice("0.5"), 0.5);
        QVERIFY(!parseChoice("1").has_value());
        QVERIFY(!parseChoice("").has_value());
    }

    void ratings() {
        const std::string text = "rater,scene,model,task,score\n"
                                 "r1,s1,m1,on,4\n"
                                 "r1,s1,m2,on,6\n"     // out of range
                                 "r2,s1,m1,turn_on,x\n" // not a number
                                 "r2,s1,m2,on,2.5\n";
        const RatingsFile f = parseRatings(text, "ratings.csv");
        QCOMPARE(f.ratings.size(), std::size_t(2));
        QCOMPARE(f.problems.lines.size(), std::size_t(2));
        QCOMPARE(f.problems.lines[0], std::string("ratings.csv:3: score 6 is outside 1-5"));
        QCOMPARE(f.problems.lines[1], std::string("ratings.csv:4: score 'x' is not a number"));
        QCOMPARE(f.ratings[1].score, 2.5);
        QCOMPARE(errorOf([] { parseRatings("rater,score\n", "r.csv"); }),
                 QString("r.csv: missing column 'item' (or 'scene', 'model' and 'task') in the header"));
    }

    void scoreTables() {
        const std::string text = "scene,model,task,sie,lfe,psnr,notes\n"
                                 "s1,m1,turn_on,0.5,0.2,30.5,ok\n"
                                 "s1,m2,on,null,0.3,28,fine\n"
                                 "s2,m1,on,0.7,oops,27,\n"
                                 "s2,m2,on,0.1,0.4,29,x\n"
                                 "s3,m2,on,0.1,0.4,29,x\n";
        LoadProblems p;
        const ScoreTable t = parseScoreTable(text, "per_image.csv", &p);
        QCOMPARE(t.metrics, (std::vector<std::string>{"sie", "lfe", "psnr"}));
        QCOMPARE(t.value(ScoreTable::editKey("s1", "m1", "on"), 0), 0.5);
        QVERIFY(std::isnan(t.value(ScoreTable::editKey("s1", "m2", "on"), 0)));
        QVERIFY(std::isnan(t.value(ScoreTable::editKey("s2", "m1", "on"), 1)));
        QVERIFY(std::isnan(t.value(ScoreTable::editKey("nope", "m1", "on"), 1)));
        QCOMPARE(p.lines.size(), std::size_t(1));
        QCOMPARE(p.lines[0], std::string("per_image.csv:4: lfe 'oops' is not a number"));
        // No direction is guessed from a name: without a declaration none is known.
        QVERIFY(!t.direction("psnr") && !t.direction("sie"));
        QCOMPARE(errorOf([&] { t.metricIndex("ssim"); }),
                 QString("per_image.csv: no score column 'ssim' (numeric columns: sie, lfe, psnr)"));
        QCOMPARE(errorOf([] { parseScoreTable("scene,model,task,sie\ns,m,on,1\ns,m,turn_on,2\n", "d.csv"); }),
                 QString("d.csv: line 3: duplicate row for the same edit"));
    }
};

QTEST_GUILESS_MAIN(TestCsvImport)
#include "test_csv_import.moc"
