// Loading every kind of real HDR/LDR file the project accepts, and the clean errors for bad ones.
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <OpenImageIO/imageio.h>

#include <cmath>
#include <cstring>
#include <vector>

using namespace ll;
namespace fs = std::filesystem;

class TestImageIO : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path tmp(const char* name) { return fs::path(tmp_.path().toStdString()) / name; }

    static QString errorOf(const fs::path& p) {
        try {
            loadImage(p);
        } catch (const Error& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }

private Q_SLOTS:
    void loadsRealFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<bool>("isFloat");
        QTest::newRow("exr half scanline (Carrots)") << "openexr-images/ScanLines_Carrots.exr" << 600 << 400 << true;
        QTest::newRow("exr B44 (Cannon)") << "openexr-images/ScanLines_Cannon.exr" << 780 << 566 << true;
        QTest::newRow("exr tiled (GoldenGate)") << "openexr-images/Tiles_GoldenGate.exr" << 1262 << 860 << true;
        QTest::newRow("exr DWAB float (blender studio)") << "blender-studiolights/studio.exr" << 1024 << 512 << true;
        QTest::newRow("radiance hdr (bottles)") << "piccante/bottles.hdr" << 912 << 684 << true;
        QTest::newRow("logluv tiff (office)") << "libtiff/off_luv32.tif" << 333 << 225 << false;
        QTest::newRow("png 8-bit (mls desk on)") << "mls-dataset/crop_2HAL_DESK_desk_on.png" << 268 << 220 << false;
    }
    void loadsRealFiles() {
        QFETCH(QString, file);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(bool, isFloat);
        const Image img = loadImage(test::dataFile(file.toStdString()));
        QCOMPARE(img.width(), width);
        QCOMPARE(img.height(), height);
        QCOMPARE(img.info.isFloat, isFloat);
        double sum = 0;
        for (std::size_t i = 0; i < img.floatCount(); ++i)
            if (std::isfinite(img.data()[i])) sum += img.data()[i];
        QVERIFY(sum > 0);
    }

    void refusesLuminanceChromaWithCleanError() {
        const QString e = errorOf(test::dataFile("openexr-images/LuminanceChroma_Flowers.exr"));
        QVERIFY2(e.contains("LuminanceChroma_Flowers.exr"), qPrintable(e));
        QVERIFY2(!e.contains('\n'), qPrintable(e));
    }

    void carrotsCarriesAcesChromaticities() {
        const Image img = loadImage(test::dataFile("openexr-images/ScanLines_Carrots.exr"));
        QVERIFY(img.info.chromaticities.has_value());
        QCOMPARE((*img.info.chromaticities)[0], 0.7347f);
    }

    void countsNonFinite() {
        const Image img = loadImage(test::dataFile("openexr-images/TestImages_AllHalfValues.exr"));
        QVERIFY(img.info.nonFinitePixels > 0);
        QVERIFY(!img.info.notes.empty());
    }

    void missingFile() {
        const QString e = errorOf(tmp("nope.exr"));
        QVERIFY2(e.contains("nope.exr") && e.contains("not found"), qPrintable(e));
    }

    void emptyFile() {
        test::writeBytes(tmp("empty.exr"), "");
        QVERIFY(errorOf(tmp("empty.exr")).contains("empty"));
    }

    void garbageFile() {
        test::writeBytes(tmp("garbage.exr"), std::string(1000, 'x'));
        const QString e = errorOf(tmp("garbage.exr"));
        QVERIFY2(!e.isEmpty() && e.contains("garbage.exr") && !e.contains('\n'), qPrintable(e));
    }

    void truncatedFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("exr") << "openexr-images/ScanLines_Carrots.exr";
        QTest::newRow("hdr") << "piccante/bottles.hdr";
        QTest::newRow("png") << "mls-dataset/crop_2HAL_DESK_desk_on.png";
        QTest::newRow("tif") << "libtiff/off_luv32.tif";
    }
    void truncatedFiles() {
        QFETCH(QString, file);
        const fs::path src = test::dataFile(file.toStdString());
        const std::string bytes = test::readBytes(src);
        const fs::path cut = tmp(("cut_" + src.filename().string()).c_str());
        test::writeBytes(cut, bytes.substr(0, bytes.size() / 2));
        const QString e = errorOf(cut);
        QVERIFY2(!e.isEmpty(), "a truncated file must not load silently");
        QVERIFY2(e.contains(QString::fromStdString(cut.filename().string())) && !e.contains('\n'), qPrintable(e));
    }

    void exrAndPngRoundTrip() {
        Image img(7, 5);
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 7; ++x)
                for (int c = 0; c < 3; ++c) img.at(x, y, c) = 0.1f * x + 0.01f * y + 0.3f * c;
        saveExr(img, tmp("rt.exr"));
        const Image back = loadImage(tmp("rt.exr"));
        QCOMPARE(back.width(), 7);
        for (std::size_t i = 0; i < img.floatCount(); ++i) QCOMPARE(back.data()[i], img.data()[i]);

        Image enc(3, 1);
        for (int i = 0; i < 9; ++i) enc.data()[i] = float(i * 30) / 255.0f;
        savePng8(enc, tmp("rt.png"));
        const Image png = loadImage(tmp("rt.png"));
        QCOMPARE(png.info.bitsPerSample, 8);
        for (int i = 0; i < 9; ++i) QCOMPARE(std::lround(png.data()[i] * 255.0f), long(i * 30));
    }

    // loadImage8 gives exactly the codes round(255 v) of loadImage's values, for every 8-bit layout,
    // and declines other data.
    void eightBitCodesMatchTheFloatLoad() {
        std::vector<fs::path> files = {test::dataFile("mls-dataset/crop_2HAL_DESK_desk_on.png")};
        auto write = [&](const char* name, int channels, OIIO::TypeDesc type) {
            const int W = 9, H = 4;
            std::vector<float> px(std::size_t(W * H * channels));
            for (std::size_t i = 0; i < px.size(); ++i) px[i] = float((i * 37) % 256) / 255.0f;
            OIIO::ImageSpec spec(W, H, channels, type);
            if (channels == 4) spec.alpha_channel = 3;
            auto out = OIIO::ImageOutput::create(tmp(name).string());
            QVERIFY(out && out->open(tmp(name).string(), spec));
            QVERIFY(out->write_image(OIIO::TypeDesc::FLOAT, px.data()));
            out->close();
            files.push_back(tmp(name));
        };
        write("grey.png", 1, OIIO::TypeDesc::UINT8);
        write("grey_alpha.png", 2, OIIO::TypeDesc::UINT8);
        write("rgba.png", 4, OIIO::TypeDesc::UINT8);
        write("rgb.jpg", 3, OIIO::TypeDesc::UINT8);
        for (const fs::path& f : files) {
            const Image img = loadImage(f);
            std::vector<std::uint8_t> codes(5, 9); // reused memory of another size
            ImageHeader h;
            QVERIFY2(loadImage8(f, h, codes), f.string().c_str());
            QCOMPARE(h.width, img.width());
            QCOMPARE(h.height, img.height());
            QCOMPARE(h.info.bitsPerSample, img.info.bitsPerSample);
            QCOMPARE(h.info.notes, img.info.notes);
            QCOMPARE(codes.size(), img.floatCount());
            for (std::size_t i = 0; i < codes.size(); ++i)
                QCOMPARE(long(codes[i]), std::lround(img.data()[i] * 255.0f));
        }
        write("deep.png", 3, OIIO::TypeDesc::UINT16);
        std::vector<std::uint8_t> codes;
        ImageHeader h;
        QVERIFY(!loadImage8(tmp("deep.png"), h, codes));
        QVERIFY(!loadImage8(test::dataFile("openexr-images/ScanLines_Carrots.exr"), h, codes));
        QVERIFY(codes.empty());
    }

    // Float RGB files are read without OpenImageIO's conversion step: the same values as read_image
    // gives, also with a data window that does not start at 0 (placed in the display window).
    void floatFilesReadAsStored() {
        const int W = 13, H = 7;
        std::vector<float> px(std::size_t(W * H * 3));
        for (std::size_t i = 0; i < px.size(); ++i) px[i] = float(i) * 0.37f - 3.0f;
        px[5] = INFINITY;
        OIIO::ImageSpec spec(W, H, 3, OIIO::TypeDesc::FLOAT);
        spec.x = 3;
        spec.y = 5;
        spec.full_width = W + 10;
        spec.full_height = H + 10;
        spec.channelnames = {"R", "G", "B"};
        const fs::path file = tmp("window.exr");
        auto out = OIIO::ImageOutput::create(file.string());
        QVERIFY(out && out->open(file.string(), spec));
        QVERIFY(out->write_image(OIIO::TypeDesc::FLOAT, px.data()));
        out->close();
        for (const fs::path& f : {file, test::dataFile("blender-studiolights/studio.exr")}) {
            auto in = OIIO::ImageInput::open(f.string());
            QVERIFY(in);
            const OIIO::ImageSpec& s = in->spec();
            std::vector<float> data(std::size_t(s.width) * s.height * 3);
            QVERIFY(in->read_image(0, 0, 0, 3, OIIO::TypeDesc::FLOAT, data.data()));
            // The display window, with the data window at its offset and 0 elsewhere.
            std::vector<float> want(std::size_t(s.full_width) * s.full_height * 3, 0.0f);
            for (int y = 0; y < s.height; ++y)
                for (int x = 0; x < s.width; ++x)
                    for (int c = 0; c < 3; ++c)
                        want[(std::size_t(y + s.y - s.full_y) * s.full_width + (x + s.x - s.full_x)) * 3 + c] =
                            data[(std::size_t(y) * s.width + x) * 3 + c];
            const Image img = loadImage(f);
            QCOMPARE(img.width(), s.full_width);
            QCOMPARE(img.height(), s.full_height);
            QCOMPARE(img.floatCount(), want.size());
            QVERIFY(std::memcmp(img.data(), want.data(), want.size() * sizeof(float)) == 0);
        }
        QCOMPARE(loadImage(file).info.nonFinitePixels, std::size_t(1));
    }

    // The display window is the image: a data window one row and column larger (as oiiotool --resize
    // 6000x4000 writes) is cropped, one that starts inside it is placed at its offset; the header
    // and the 8-bit reader give the display window too.
    void dataWindowIsCroppedToTheDisplayWindow() {
        const int W = 5, H = 4;
        OIIO::ImageSpec spec(W + 1, H + 1, 3, OIIO::TypeDesc::FLOAT);
        spec.full_width = W;
        spec.full_height = H;
        spec.channelnames = {"R", "G", "B"};
        std::vector<float> px(std::size_t((W + 1) * (H + 1) * 3));
        for (std::size_t i = 0; i < px.size(); ++i) px[i] = float(i);
        const fs::path file = tmp("overscan.exr");
        auto out = OIIO::ImageOutput::create(file.string());
        QVERIFY(out && out->open(file.string(), spec));
        QVERIFY(out->write_image(OIIO::TypeDesc::FLOAT, px.data()));
        out->close();
        const Image img = loadImage(file);
        QCOMPARE(img.width(), W);
        QCOMPARE(img.height(), H);
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x)
                for (int c = 0; c < 3; ++c) QCOMPARE(img.at(x, y, c), float((y * (W + 1) + x) * 3 + c));
        QVERIFY(!img.info.notes.empty());
        QVERIFY(QString::fromStdString(img.info.notes.back()).contains("display window 5x4"));
        const ImageHeader h = readImageHeader(file);
        QCOMPARE(h.width, W);
        QCOMPARE(h.height, H);

        // 8-bit codes through the code reader: a 2x2 data window at (1,1) of a 3x3 display window.
        OIIO::ImageSpec s8(2, 2, 3, OIIO::TypeDesc::UINT8);
        s8.x = s8.y = 1;
        s8.full_width = s8.full_height = 3;
        const std::uint8_t codes[12] = {10, 11, 12, 20, 21, 22, 30, 31, 32, 40, 41, 42};
        const fs::path tif = tmp("window8.tif");
        auto o8 = OIIO::ImageOutput::create(tif.string());
        QVERIFY(o8 && o8->open(tif.string(), s8));
        QVERIFY(o8->write_image(OIIO::TypeDesc::UINT8, codes));
        o8->close();
        std::vector<std::uint8_t> rgb;
        ImageHeader h8;
        QVERIFY(loadImage8(tif, h8, rgb));
        QCOMPARE(h8.width, 3);
        QCOMPARE(h8.height, 3);
        const std::uint8_t want[27] = {0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 10, 11, 12, 20, 21, 22,
                                       0, 0, 0, 30, 31, 32, 40, 41, 42};
        QCOMPARE(rgb.size(), std::size_t(27));
        QVERIFY(std::equal(rgb.begin(), rgb.end(), want));
    }

    void eightBitLoadErrorsNameTheFile() {
        const fs::path src = test::dataFile("mls-dataset/crop_2HAL_DESK_desk_on.png");
        const std::string bytes = test::readBytes(src);
        test::writeBytes(tmp("cut8.png"), bytes.substr(0, bytes.size() / 2));
        // Same chunk structure, damaged compressed data in the middle of the pixels.
        std::string damaged = bytes;
        for (std::size_t i = bytes.size() / 2; i < bytes.size() / 2 + 64; ++i) damaged[i] = char(damaged[i] ^ 0x5a);
        test::writeBytes(tmp("damaged8.png"), damaged);
        for (const char* name : {"cut8.png", "damaged8.png"}) {
            std::vector<std::uint8_t> codes;
            ImageHeader h;
            try {
                loadImage8(tmp(name), h, codes);
                QFAIL("expected an error");
            } catch (const Error& e) {
                const QString m = e.what();
                QVERIFY2(m.contains(name) && !m.contains('\n'), qPrintable(m));
            }
        }
    }

    void singleChannelPromotedToGrey() {
        FloatPlane p(4, 3, 0.25f);
        p(1, 1) = 2.0f;
        saveExr(p, tmp("grey.exr"));
        const Image img = loadImage(tmp("grey.exr"));
        QCOMPARE(img.at(1, 1, 0), 2.0f);
        QCOMPARE(img.at(1, 1, 2), 2.0f);
        QVERIFY(!img.info.notes.empty());
    }

    void refusesHugeImages() {
        LoadOptions o;
        o.maxPixels = 1000;
        try {
            loadImage(test::dataFile("piccante/bottles.hdr"), o);
            QFAIL("expected an error");
        } catch (const Error& e) {
            QVERIFY(QString(e.what()).contains("too large"));
        }
    }

    void resampleAveragesBlocks() {
        Image img(4, 2);
        for (int x = 0; x < 4; ++x)
            for (int y = 0; y < 2; ++y)
                for (int c = 0; c < 3; ++c) img.at(x, y, c) = float(x + 4 * y);
        const Image half = resampleLinear(img, 2, 1);
        QCOMPARE(half.width(), 2);
        QVERIFY(std::abs(half.at(0, 0, 0) - (0 + 1 + 4 + 5) / 4.0f) < 1e-5f);
        QVERIFY(std::abs(half.at(1, 0, 1) - (2 + 3 + 6 + 7) / 4.0f) < 1e-5f);
    }

    void aspectRule() {
        checkAspectRatio(1248, 832, 624, 416, "x");
        QVERIFY_THROWS_EXCEPTION(Error, checkAspectRatio(1248, 832, 600, 416, "x"));
        checkAspectRatio(1248, 832, 600, 416, "x", true);
    }
};

QTEST_GUILESS_MAIN(TestImageIO)
#include "test_image_io.moc"
