// Builds the .deb with CPack, unpacks it into a temporary root (as dpkg would install it) and runs
// lightlens-cli synth and eval from there.
#include "support/TestSupport.h"

#include <QProcess>

namespace fs = std::filesystem;

class TestPackage : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    static QString run(const QString& program, const QStringList& args, int timeoutMs = 600000,
                       const QString& workDir = {}) {
        QProcess p;
        if (!workDir.isEmpty()) p.setWorkingDirectory(workDir);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(program, args);
        if (!p.waitForFinished(timeoutMs)) return "TIMEOUT " + program;
        const QString out = QString::fromUtf8(p.readAll());
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return "FAILED " + program + " " + args.join(' ') + ":\n" + out;
        return out;
    }

private Q_SLOTS:
    void debInstallsAndRuns() {
        const QString buildDir = qEnvironmentVariable("LIGHTLENS_BUILD_DIR");
        const QString cpack = qEnvironmentVariable("LIGHTLENS_CPACK");
        if (buildDir.isEmpty() || cpack.isEmpty()) QSKIP("LIGHTLENS_BUILD_DIR / LIGHTLENS_CPACK not set");
        const QString pkgDir = tmp_.filePath("pkg");
        QString out = run(cpack, {"-G", "DEB", "-B", pkgDir, "--config", buildDir + "/CPackConfig.cmake"}, 900000, buildDir);
        QVERIFY2(!out.startsWith("FAILED") && !out.startsWith("TIMEOUT"), qPrintable(out));
        QDir d(pkgDir);
        const QStringList debs = d.entryList({"*.deb"}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        const QString deb = d.filePath(debs.first());

        // The package declares its Debian dependencies and ships the expected files.
        out = run("dpkg-deb", {"-f", deb, "Depends"});
        QVERIFY2(out.contains("libopenimageio") && out.contains("libopencolorio") && out.contains("libtbb"), qPrintable(out));
        out = run("dpkg-deb", {"-c", deb});
        for (const char* f : {"./usr/bin/lightlens-cli", "./usr/bin/lightlens", "./usr/share/applications/lightlens.desktop",
                              "./usr/share/lightlens/ocio/config.ocio", "./usr/share/icons/hicolor/scalable/apps/lightlens.svg"})
            QVERIFY2(out.contains(f), f);

        const QString root = tmp_.filePath("root");
        out = run("dpkg-deb", {"-x", deb, root});
        QVERIFY2(!out.startsWith("FAILED"), qPrintable(out));
        const QString cli = root + "/usr/bin/lightlens-cli";
        out = run(cli, {"version"});
        QVERIFY2(out.startsWith("lightlens-cli "), qPrintable(out));

        const QString data = tmp_.filePath("demo");
        out = run(cli, {"synth", data, "--scenes", "1", "--size", "96x64", "--seed", "3"});
        QVERIFY2(!out.startsWith("FAILED"), qPrintable(out));
        const QString scene = QDir(data + "/scenes").entryList(QDir::Dirs | QDir::NoDotAndDotDot).first();
        out = run(cli, {"eval", "--on", data + "/scenes/" + scene + "/on.exr", "--off", data + "/scenes/" + scene + "/off.exr",
                        "--edit", data + "/edits/oracle/turn_on/" + scene + ".png", "--task", "on"});
        QVERIFY2(out.contains("\"sie\"") && out.contains("\"lfe\""), qPrintable(out));
    }
};

QTEST_GUILESS_MAIN(TestPackage)
#include "test_package.moc"
