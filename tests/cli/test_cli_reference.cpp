// docs/cli-reference.md is generated from the built lightlens-cli (scripts/gen-cli-reference.sh).
// This test fails when the page is out of date: the script's --check mode must find no difference
// with the binary under test (LIGHTLENS_CLI), and, independently of the script, every command of
// allCommands() must have its section with exactly the help text runCli prints.
#include "cli/Commands.h"

#include "support/TestSupport.h"

#include <QProcess>
#include <QtTest>

#include <filesystem>
#include <sstream>

using namespace ll;
namespace fs = std::filesystem;

namespace {

// The source tree: tests/data is <source>/tests/data.
fs::path sourceDir() { return fs::path(LIGHTLENS_TEST_DATA_FALLBACK).parent_path().parent_path(); }

std::string helpOf(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    cli::Io io{out, err};
    const int status = cli::runCli(args, io);
    if (status != 0) return "exit " + std::to_string(status) + ": " + err.str();
    return out.str();
}

} // namespace

class TestCliReference : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
#ifndef LIGHTLENS_HAS_FIGURES
        QSKIP("the reference documents the full CLI (built with the GUI); this build leaves the figure commands out");
#endif
    }

    void scriptFindsTheDocumentUpToDate() {
        const QString cli = qEnvironmentVariable("LIGHTLENS_CLI");
        if (cli.isEmpty()) QSKIP("LIGHTLENS_CLI is not set (run through CTest)");
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start("bash", {QString::fromStdString((sourceDir() / "scripts" / "gen-cli-reference.sh").string()), "--check", cli,
                         QString::fromStdString((sourceDir() / "docs" / "cli-reference.md").string())});
        QVERIFY(p.waitForFinished(600000)); // one start of the CLI per command
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAll().constData());
    }

    void everyCommandHasItsHelpInTheDocument() {
        const std::string doc = test::readBytes(sourceDir() / "docs" / "cli-reference.md");
        QVERIFY2(!doc.empty(), "docs/cli-reference.md is missing");
        const std::string top = helpOf({"--help"});
        QVERIFY2(doc.find("```text\n" + top + "```\n") != std::string::npos, "the top-level --help differs");
        for (const cli::Command& c : cli::allCommands()) {
            const std::string section = "## " + c.spec.name + "\n\n```text\n" + helpOf({c.spec.name, "--help"}) + "```\n";
            QVERIFY2(doc.find(section) != std::string::npos,
                     qPrintable(QString::fromStdString("section for '" + c.spec.name + "' is missing or differs")));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliReference)
#include "test_cli_reference.moc"
