// File dialogs start where the user last chose a file for the same purpose, else in the first existing
// fallback folder (a file stands for its folder), else at home: never in the working directory.
#include "app/DialogFolders.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace ll::ui;

class TestDialogFolders : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings under ~/.qttest, not the user's
        QCoreApplication::setOrganizationName("LightLensTest");
        QCoreApplication::setApplicationName("test_dialog_folders");
        QSettings().remove("dialogFolders");
        QVERIFY(dir_.isValid());
        QVERIFY(QDir(dir_.path()).mkpath("a/b"));
        QFile f(dir_.path() + "/a/figure.json");
        QVERIFY(f.open(QIODevice::WriteOnly));
    }

    void fallbacksThenHome() {
        const QString missing = dir_.path() + "/no-such-folder";
        QCOMPARE(dialogFolder("figure"), QDir::homePath());
        QCOMPARE(dialogFolder("figure", {missing}), QDir::homePath());
        QCOMPARE(dialogFolder("figure", {missing, dir_.path() + "/a/b"}), dir_.path() + "/a/b");
        QCOMPARE(dialogFolder("figure", {dir_.path() + "/a/figure.json"}), dir_.path() + "/a");
        QCOMPARE(dialogPath("figure", "x.pdf", {dir_.path() + "/a/b"}), dir_.path() + "/a/b/x.pdf");
    }

    void remembersPerPurpose() {
        rememberDialogFolder("figure", dir_.path() + "/a/figure.json"); // a file: its folder
        QCOMPARE(dialogFolder("figure", {dir_.path() + "/a/b"}), dir_.path() + "/a");
        rememberDialogFolder("dataset", dir_.path() + "/a/b"); // a folder: itself
        QCOMPARE(dialogFolder("dataset"), dir_.path() + "/a/b");
        QCOMPARE(dialogFolder("figure"), dir_.path() + "/a"); // purposes are separate
        // A remembered folder that has gone falls back.
        QVERIFY(QDir(dir_.path() + "/a/b").removeRecursively());
        QCOMPARE(dialogFolder("dataset", {dir_.path()}), dir_.path());
        QSettings().remove("dialogFolders");
    }
};

QTEST_MAIN(TestDialogFolders)
#include "test_dialog_folders.moc"
