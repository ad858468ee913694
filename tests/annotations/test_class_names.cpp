// Class name normalisation and the alias table.
#include "annotations/ClassNames.h"
#include "support/TestSupport.h"

using namespace ll;

class TestClassNames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void normalisesSpellingsOfTheClasses_data() {
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("cls");
        QTest::newRow("exact") << "probe_shadow" << "probe_shadow";
        QTest::newRow("title case") << "Probe Shadow" << "probe_shadow";
        QTest::newRow("hyphen") << "probe-shadow" << "probe_shadow";
        QTest::newRow("parenthesised") << "shadow (probe)" << "probe_shadow";
        QTest::newRow("extra spaces") << "  Probe   highlight " << "probe_highlight";
        QTest::newRow("metal") << "metal" << "metallic";
        QTest::newRow("Metallic") << "Metallic" << "metallic";
        QTest::newRow("glass") << "Glass" << "transparent";
        QTest::newRow("mirror") << "MIRROR" << "mirror";
        QTest::newRow("ambient") << "Shadow (ambient)" << "ambient_shadow";
        QTest::newRow("ambient highlight") << "ambient-highlight" << "ambient_highlight";
        QTest::newRow("window") << "Window" << "window";
        QTest::newRow("windows") << "windows" << "window";
        QTest::newRow("unknown kept") << "Wall Lamp" << "wall_lamp";
        QTest::newRow("unknown punctuation") << "lamp/shade #2" << "lamp_shade_2";
    }
    void normalisesSpellingsOfTheClasses() {
        QFETCH(QString, label);
        QFETCH(QString, cls);
        QCOMPARE(QString::fromStdString(normaliseClassName(label.toStdString())), cls);
    }
    void aliasTableIsConfigurable() {
        ClassAliases a = ClassAliases::defaults();
        QCOMPARE(a.normalise("Lampshade"), std::string("lampshade"));
        a.add("Lamp Shade", "transparent");
        QCOMPARE(a.normalise("lampshade"), std::string("lampshade"));
        QCOMPARE(a.normalise("lamp-shade"), std::string("transparent"));
        ClassAliases empty;
        QCOMPARE(empty.normalise("glass"), std::string("glass"));
        QCOMPARE(empty.normalise("Probe Shadow"), std::string("probe_shadow"));
    }
    void everyCanonicalClassMapsToItself() {
        QCOMPARE(canonicalClassNames().size(), std::size_t(8));
        for (const auto& c : canonicalClassNames()) {
            QCOMPARE(normaliseClassName(c), c);
            QVERIFY(isCanonicalClass(c));
        }
        QVERIFY(!isCanonicalClass("glass"));
    }
};

QTEST_GUILESS_MAIN(TestClassNames)
#include "test_class_names.moc"
