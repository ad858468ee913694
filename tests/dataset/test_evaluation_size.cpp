// The evaluation size of a scene (paper 4.1: "the outputs are rescaled to the smallest resolution
// among the tested models"): the smallest usable edit by pixel count, never larger than the real pair,
// sizes read from headers when a lazy scan did not, unreadable edits not counted.
#include "dataset/EvaluationSize.h"
#include "image/Image.h"
#include "image/ImageIO.h"

#include "support/TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ll;
using Size = std::pair<int, int>;

class TestEvaluationSize : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void smallestEditWins() {
        const SceneEvaluationSize s =
            evaluationSizeOf({{"a.png", 1248, 832}, {"b.png", 960, 640}, {"c.png", 2496, 1664}, {"d.png", 960, 640}},
                             {"on.exr", 3000, 2000});
        QCOMPARE(Size(s.width, s.height), Size(960, 640));
        QVERIFY(!s.fromPair);
        QVERIFY(s.mixed());
        QCOMPARE(s.editSizes, (std::vector<Size>{{960, 640}, {1248, 832}, {2496, 1664}}));
    }

    void neverLargerThanThePair() {
        const SceneEvaluationSize s = evaluationSizeOf({{"a.png", 2000, 1334}}, {"on.exr", 1500, 1000});
        QCOMPARE(Size(s.width, s.height), Size(1500, 1000));
        QVERIFY(s.fromPair);
        QVERIFY(!s.mixed());
        const SceneEvaluationSize none = evaluationSizeOf({}, {"on.exr", 640, 480});
        QCOMPARE(Size(none.width, none.height), Size(640, 480));
        QVERIFY(none.fromPair);
    }

    void equalPixelCountsBreakTiesByWidth() {
        const SceneEvaluationSize s = evaluationSizeOf({{"a.png", 100, 50}, {"b.png", 50, 100}}, {"on.exr", 400, 400});
        QCOMPARE(Size(s.width, s.height), Size(50, 100));
    }

    void headersAreReadWhenTheScanDidNot() {
        QTemporaryDir tmp;
        const std::filesystem::path dir = tmp.path().toStdString();
        savePng8(Image(40, 30, 0.5f), dir / "small.png");
        savePng8(Image(80, 60, 0.5f), dir / "large.png");
        test::writeBytes(dir / "broken.png", "\x89PNG\r\n\x1a\n not an image");
        saveExr(Image(120, 90, 0.5f), dir / "on.exr");
        const SceneEvaluationSize s =
            evaluationSizeOf({{dir / "large.png"}, {dir / "broken.png"}, {dir / "small.png"}}, {dir / "on.exr"});
        QCOMPARE(Size(s.width, s.height), Size(40, 30));
        QCOMPARE(s.editSizes.size(), std::size_t(2)); // the broken edit is not counted
        const SceneEvaluationSize pairOnly = evaluationSizeOf({{dir / "broken.png"}}, {dir / "on.exr"});
        QCOMPARE(Size(pairOnly.width, pairOnly.height), Size(120, 90));
    }

    void smallerOfTwoAndText() {
        QCOMPARE(smallerSize({1248, 832}, {960, 640}), Size(960, 640));
        QCOMPARE(smallerSize({960, 640}, {1248, 832}), Size(960, 640));
        QCOMPARE(sizeText({1248, 832}), std::string("1248x832"));
    }
};

QTEST_GUILESS_MAIN(TestEvaluationSize)
#include "test_evaluation_size.moc"
