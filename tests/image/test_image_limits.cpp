// Limits and hostile input for the image loader: tiny files whose headers claim a huge size are
// refused with a clear message (never an out-of-memory crash), the memory limit names what an image
// needs, channel subsets are read correctly, and every input kept in tests/image/corpus/ (fuzzer
// findings and seeds) loads or fails with one clean ll::Error line.
#include "image/ImageIO.h"
#include "util/Error.h"

#include "support/TestSupport.h"

#include <OpenImageIO/imageio.h>

#include <QProcess>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <string>

using namespace ll;
namespace fs = std::filesystem;

namespace {

std::string be32(std::uint32_t v) {
    return {char(v >> 24), char((v >> 16) & 0xff), char((v >> 8) & 0xff), char(v & 0xff)};
}

// A PNG whose IHDR claims width x height (8-bit RGB) with a token IDAT: a few dozen bytes.
std::string hugePng(std::uint32_t width, std::uint32_t height) {
    auto chunk = [](const std::string& type, const std::string& data) {
        // CRC-32 of type + data, as libpng checks it.
        std::uint32_t crc = 0xffffffffu;
        for (unsigned char c : type + data) {
            crc ^= c;
            for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
        return be32(std::uint32_t(data.size())) + type + data + be32(~crc);
    };
    const std::string ihdr = be32(width) + be32(height) + std::string("\x08\x02\x00\x00\x00", 5);
    const std::string idat("\x78\x9c\x63\x00\x00\x00\x01\x00\x01", 9); // zlib stream of one zero byte
    return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", "");
}

QString errorOf(const fs::path& p, const LoadOptions& o = {}) {
    try {
        loadImage(p, o);
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TestImageLimits : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    fs::path tmp(const std::string& name) const { return fs::path(dir_.path().toStdString()) / name; }

private Q_SLOTS:
    void tinyFilesClaimingHugeSizesAreRefused_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        const std::string pfm = "PF\n30000 20000\n-1.0\n" + std::string(300, '\0');
        const std::string hdr = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 20000 +X 30000\n" + std::string(300, '\0');
        QTest::newRow("png") << "huge.png" << QByteArray::fromStdString(hugePng(30000, 20000));
        QTest::newRow("pfm") << "huge.pfm" << QByteArray::fromStdString(pfm);
        QTest::newRow("hdr") << "huge.hdr" << QByteArray::fromStdString(hdr);
    }
    void tinyFilesClaimingHugeSizesAreRefused() {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        const fs::path p = tmp(name.toStdString());
        test::writeBytes(p, bytes.toStdString());
        QVERIFY(fs::file_size(p) < 1000);
        const ImageHeader h = readImageHeader(p); // the header alone is fine to read
        QCOMPARE(h.width, 30000);
        QCOMPARE(h.height, 20000);
        const QString e = errorOf(p);
        QVERIFY2(e.contains("image too large (30000x20000 = 600 Mpixel; the limit is 400 Mpixel)"), qPrintable(e));
        QVERIFY(e.startsWith(QString::fromStdString(p.string()) + ": "));
        QVERIFY(!e.contains('\n'));
    }

    void cliInfoRefusesAHugeImageInOneLine() {
        const QString cli = qEnvironmentVariable("LIGHTLENS_CLI");
        if (cli.isEmpty()) QSKIP("LIGHTLENS_CLI is not set (run through CTest)");
        const fs::path p = tmp("claims-huge.png");
        test::writeBytes(p, hugePng(30000, 20000));
        QProcess proc;
        proc.start(cli, {"info", QString::fromStdString(p.string())});
        QVERIFY(proc.waitForFinished(60000));
        QCOMPARE(proc.exitStatus(), QProcess::NormalExit);
        QCOMPARE(proc.exitCode(), 1);
        const QString err = QString::fromUtf8(proc.readAllStandardError()).trimmed();
        QVERIFY2(err.contains("image too large (30000x20000") && !err.contains('\n'), qPrintable(err));
    }

    void memoryLimitNamesWhatTheImageNeeds() {
        const fs::path p = tmp("64.exr");
        saveExr(Image(64, 64, 0.5f), p);
        LoadOptions o;
        o.maxBytes = 1000;
        const QString e = errorOf(p, o);
        QVERIFY2(e.contains("image too large to load: 64x64 needs 0 MiB") && e.contains("of memory"), qPrintable(e));
        QVERIFY(physicalMemoryBytes() > 0);
        QVERIFY(LoadOptions{}.maxBytes == physicalMemoryBytes());
        QCOMPARE(loadImage(p).width(), 64); // and the default lets it through
    }

    // EXR stores channels sorted by name (A, B, G, R, Z): R, G, B are read from the middle of the
    // channel list in reverse order, through the staging buffer.
    void readsTheRgbChannelsOutOfAWiderLayout() {
        const fs::path p = tmp("abgrz.exr");
        OIIO::ImageSpec spec(3, 2, 5, OIIO::TypeDesc::FLOAT);
        spec.channelnames = {"A", "B", "G", "R", "Z"};
        std::vector<float> px(3 * 2 * 5);
        for (int i = 0; i < 6; ++i)
            for (int c = 0; c < 5; ++c) px[std::size_t(i * 5 + c)] = float(10 * i + c);
        auto out = OIIO::ImageOutput::create(p.string());
        QVERIFY(out && out->open(p.string(), spec));
        QVERIFY(out->write_image(OIIO::TypeDesc::FLOAT, px.data()));
        QVERIFY(out->close());
        const Image img = loadImage(p);
        QCOMPARE(img.width(), 3);
        QCOMPARE(img.height(), 2);
        for (int i = 0; i < 6; ++i) {
            const float* q = img.data() + i * 3;
            QCOMPARE(q[0], float(10 * i + 3)); // R
            QCOMPARE(q[1], float(10 * i + 2)); // G
            QCOMPARE(q[2], float(10 * i + 1)); // B
        }
        QVERIFY(img.info.notes.size() >= 1);
    }

    // The colour of a PNG with alpha is read as stored, not multiplied by its alpha (OpenImageIO's
    // default), so an edit saved with transparency keeps its pixel values.
    void rgbaPngKeepsItsColour() {
        const fs::path p = tmp("rgba.png");
        OIIO::ImageSpec spec(2, 1, 4, OIIO::TypeDesc::UINT8);
        spec.attribute("oiio:UnassociatedAlpha", 1); // store these values as they are
        const unsigned char px[8] = {255, 0, 51, 128, 0, 255, 102, 255};
        auto out = OIIO::ImageOutput::create(p.string());
        QVERIFY(out && out->open(p.string(), spec));
        QVERIFY(out->write_image(OIIO::TypeDesc::UINT8, px));
        QVERIFY(out->close());
        const Image img = loadImage(p);
        QCOMPARE(img.at(0, 0, 0), 1.0f);
        QCOMPARE(img.at(0, 0, 1), 0.0f);
        QCOMPARE(img.at(0, 0, 2), 0.2f);
        QCOMPARE(img.at(1, 0, 1), 1.0f);
        QCOMPARE(img.at(1, 0, 2), 0.4f);
    }

    // Inputs kept from fuzzing the loader (fuzz/fuzz_image.cpp): each loads, or fails cleanly.
    void corpusInputsLoadOrFailCleanly() {
        const fs::path corpus = fs::path(LIGHTLENS_TEST_DATA_FALLBACK).parent_path() / "image" / "corpus";
        QVERIFY(fs::is_directory(corpus));
        int files = 0, loaded = 0;
        for (const auto& entry : fs::directory_iterator(corpus)) {
            if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
            ++files;
            // Copied under a name without extension, as the fuzzer presents them.
            const fs::path p = tmp("corpus-input");
            fs::copy_file(entry.path(), p, fs::copy_options::overwrite_existing);
            LoadOptions o;
            o.maxPixels = 1u << 20;
            try {
                const Image img = loadImage(p, o);
                QVERIFY(img.floatCount() == img.pixelCount() * 3);
                ++loaded;
            } catch (const Error& e) {
                QVERIFY2(!QString(e.what()).contains('\n'), e.what());
            }
        }
        QVERIFY(files > 0);
        qInfo("%d corpus inputs: %d loaded, %d refused cleanly", files, loaded, files - loaded);
    }
};

QTEST_GUILESS_MAIN(TestImageLimits)
#include "test_image_limits.moc"
