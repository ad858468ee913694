// lightlens-cli bench-metrics --write-case: the timed case as NumPy .npy files (format 1.0: magic,
// version, little-endian header length, a header dict padded so the data starts at a multiple of 64)
// holding the case's pixels, for scripts/numpy-reference.py; a folder that cannot be made is a
// one-line error.
#include "cli/Commands.h"
#include "support/CliInProcess.h"

#include "metrics/SyntheticCase.h"
#include "util/AtomicFile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace ll;
namespace fs = std::filesystem;

namespace {

struct Npy {
    std::string header;
    std::string data;
};

Npy parseNpy(const std::string& bytes) {
    Npy n;
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0 || bytes[6] != 1 || bytes[7] != 0) return n;
    const std::size_t len = std::size_t(std::uint8_t(bytes[8])) | (std::size_t(std::uint8_t(bytes[9])) << 8);
    n.header = bytes.substr(10, len);
    n.data = bytes.substr(10 + len);
    return n;
}

} // namespace

class TestBenchMetricsCase : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writesTheCaseAsNpy() {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "case";
        const test::CliRun r = test::runCliInProcess({"bench-metrics", "--size", "40x30", "--repeat", "1", "--write-case", dir.string()});
        QVERIFY2(r.status == 0, r.err.c_str());
        const SyntheticCase sc = makeSyntheticCase(40, 30);
        for (const auto& [name, img] : {std::pair<const char*, const Image*>{"on", &sc.on}, {"off", &sc.off}, {"edit", &sc.edit}}) {
            const std::string bytes = readFile(dir / (std::string(name) + ".npy"));
            const Npy n = parseNpy(bytes);
            QVERIFY2(!n.header.empty(), name);
            QCOMPARE((10 + n.header.size()) % 64, std::size_t(0));
            QVERIFY(n.header.back() == '\n');
            QVERIFY(n.header.find("'descr': '<f4'") != std::string::npos);
            QVERIFY(n.header.find("'fortran_order': False") != std::string::npos);
            QVERIFY2(n.header.find("'shape': (30, 40, 3)") != std::string::npos, n.header.c_str());
            QCOMPARE(n.data.size(), std::size_t(30 * 40 * 3 * 4));
            QVERIFY(std::memcmp(n.data.data(), img->data(), n.data.size()) == 0);
        }
        QVERIFY(!sc.regions.empty());
        for (const auto& [name, m] : sc.regions) {
            const Npy n = parseNpy(readFile(dir / ("region_" + name + ".npy")));
            QVERIFY(n.header.find("'descr': '|u1'") != std::string::npos);
            QVERIFY(n.header.find("'shape': (30, 40)") != std::string::npos);
            QCOMPARE(n.data.size(), std::size_t(30 * 40));
            QVERIFY(std::memcmp(n.data.data(), m.data(), n.data.size()) == 0);
        }
    }

    void anUnwritableFolderIsAOneLineError() {
        QTemporaryDir tmp;
        const fs::path file = fs::path(tmp.path().toStdString()) / "file";
        writeFileAtomic(file, "x");
        const test::CliRun r = test::runCliInProcess({"bench-metrics", "--size", "40x30", "--repeat", "1", "--write-case", (file / "case").string()});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.find((file / "case").string()) != std::string::npos);
        QCOMPARE(std::count(r.err.begin(), r.err.end(), '\n'), std::ptrdiff_t(1));
    }
};

QTEST_GUILESS_MAIN(TestBenchMetricsCase)
#include "test_bench_metrics_case.moc"
