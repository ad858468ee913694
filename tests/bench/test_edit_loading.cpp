// Loading model edits (the path of loadCase and the batch runner): the 8-bit path (codes read
// directly, linearised by table, buffers reused) gives exactly what decoding the float image gives,
// at the native and a forced size; a 16-bit edit's pixels at the format maximum are clipped; the
// do-nothing baseline equals the model path applied to the input; bad files name themselves.
#include "bench/BaselineEdit.h"
#include "metrics/LoadEdit.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

#include "support/TestSupport.h"

#include <OpenImageIO/imageio.h>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace fs = std::filesystem;
using namespace ll;
using namespace ll::bench;

namespace {

bool sameValues(const Image& a, const Image& b) {
    return a.width() == b.width() && a.height() == b.height() &&
           std::equal(a.data(), a.data() + a.floatCount(), b.data(), [](float x, float y) {
               return std::memcmp(&x, &y, sizeof x) == 0;
           });
}

Codes8 someCodes(int W, int H, int seed) {
    Codes8 c{W, H, {}};
    for (int i = 0; i < W * H * 3; ++i) c.rgb.push_back(std::uint8_t((i * 31 + seed * 17 + (i % 7 == 0 ? 255 : 0)) % 256));
    return c;
}

} // namespace

class TestEditLoading : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    ColourConfig colour_ = ColourConfig::builtin();
    fs::path tmp(const std::string& name) { return fs::path(tmp_.path().toStdString()) / name; }

private Q_SLOTS:
    void eightBitEditEqualsTheFloatDecode() {
        const ModelImagePath path(colour_);
        const float k = 1.7f;
        LoadedEdit reused = loadEdit(test::dataFile("mls-dataset/crop_2HAL_desk_off.png"), path, k, EditSizing{});
        for (int seed = 0; seed < 3; ++seed) {
            const Codes8 codes = someCodes(40, 30, seed);
            const fs::path file = tmp("edit" + std::to_string(seed) + ".png");
            savePng8(codes.rgb.data(), codes.width, codes.height, file);
            const Image fileImage = loadImage(file);
            Image want = path.decode(fileImage, k);
            want.info.path = file.string();
            loadEdit(file, path, k, EditSizing{}, reused); // into the buffers of the previous edit
            QVERIFY(sameValues(reused.edit, want));
            QVERIFY(reused.codes.has_value());
            QVERIFY(reused.codes->rgb == codes.rgb);
            QCOMPARE(reused.codes->width, 40);
            QVERIFY(!reused.clipped.has_value());
            QCOMPARE(reused.edit.info.path, file.string());
            QCOMPARE(reused.edit.info.colourSpace, std::string("lin_rec709"));
            QCOMPARE(reused.edit.info.bitsPerSample, 8);
            QCOMPARE(reused.edit.info.isFloat, false);
            const LoadedEdit fresh = loadEdit(file, path, k, EditSizing{});
            QVERIFY(sameValues(fresh.edit, want));
        }
    }

    // EditSizing::codesOnly: an 8-bit edit at the evaluation size keeps its codes and their table and no
    // float image, and reads as the float image; a resized 8-bit edit and a 16-bit edit are decoded as
    // without it.
    void codesOnlyKeepsTheCodesAlone() {
        const ModelImagePath path(colour_);
        const float k = 1.7f;
        const Codes8 codes = someCodes(40, 30, 7);
        const fs::path file = tmp("codes-only.png");
        savePng8(codes.rgb.data(), codes.width, codes.height, file);
        const LoadedEdit full = loadEdit(file, path, k, EditSizing{});
        EditSizing sizing;
        sizing.codesOnly = true;
        LoadedEdit e = loadEdit(file, path, k, sizing);
        QVERIFY(e.edit.empty());
        QCOMPARE(e.edit.info.path, file.string()); // the file's facts stay
        QVERIFY(e.codes && e.codes->rgb == codes.rgb);
        QCOMPARE(e.width(), 40);
        QCOMPARE(e.height(), 30);
        QVERIFY(!e.pixels().image());
        QVERIFY(sameValues(e.pixels().toImage(), full.edit));
        // Into the buffers of an edit that had a float image: the image is released.
        LoadedEdit reused = loadEdit(file, path, k, EditSizing{});
        loadEdit(file, path, k, sizing, reused);
        QVERIFY(reused.edit.empty() && sameValues(reused.pixels().toImage(), full.edit));

        sizing.size = std::pair<int, int>{20, 15};
        const LoadedEdit resized = loadEdit(file, path, k, sizing);
        QVERIFY(!resized.codes && resized.edit.width() == 20 && resized.pixels().image());
    }

    void forcedSizeResizesAndCarriesTheClipMask() {
        const ModelImagePath path(colour_);
        const float k = 2.0f;
        Codes8 codes = someCodes(40, 30, 5);
        const fs::path file = tmp("big.png");
        savePng8(codes.rgb.data(), codes.width, codes.height, file);
        LoadedEdit e = loadEdit(file, path, k, EditSizing{std::pair<int, int>{20, 15}});
        const Image want = resampleLinear(path.decode(loadImage(file), k), 20, 15);
        QVERIFY(sameValues(e.edit, want));
        QVERIFY(!e.codes.has_value());
        QVERIFY(e.clipped.has_value());
        QCOMPARE(e.clipped->width(), 20);
        std::size_t clipped = 0;
        for (std::size_t i = 0; i < e.clipped->size(); ++i) clipped += (*e.clipped)[i];
        QVERIFY(clipped > 0);
        QVERIFY_THROWS_EXCEPTION(Error, loadEdit(file, path, k, EditSizing{std::pair<int, int>{20, 20}}));
    }

    void sixteenBitEditGoesThroughFloat() {
        const ModelImagePath path(colour_);
        const fs::path file = tmp("deep.png");
        const int W = 12, H = 8;
        std::vector<float> px(std::size_t(W * H * 3));
        for (std::size_t i = 0; i < px.size(); ++i) px[i] = float(i % 97) / 96.0f;
        OIIO::ImageSpec spec(W, H, 3, OIIO::TypeDesc::UINT16);
        auto out = OIIO::ImageOutput::create(file.string());
        QVERIFY(out && out->open(file.string(), spec));
        QVERIFY(out->write_image(OIIO::TypeDesc::FLOAT, px.data()));
        out->close();
        LoadedEdit e = loadEdit(tmp("deep.png"), path, 1.0f, EditSizing{});
        QVERIFY(!e.codes.has_value());
        QVERIFY(sameValues(e.edit, path.decode(loadImage(file), 1.0f)));
        // Values i % 97 / 96: a channel at 1.0 (code 65535) wherever i % 97 == 96 for one of the
        // pixel's three values; those pixels and no others are clipped.
        QVERIFY(e.clipped.has_value());
        int clipped = 0;
        for (int p = 0; p < W * H; ++p) {
            bool atMax = false;
            for (int c = 0; c < 3; ++c) atMax |= (3 * p + c) % 97 == 96;
            QCOMPARE((*e.clipped)[std::size_t(p)] != 0, atMax);
            clipped += atMax;
        }
        QVERIFY(clipped > 0);
    }

    void baselineIsTheModelPathOfTheInput() {
        const ModelImagePath path(colour_);
        ScenePair pair;
        pair.k = 1.3f;
        pair.on = Image(16, 9);
        pair.off = Image(16, 9);
        for (std::size_t i = 0; i < pair.on.floatCount(); ++i) {
            pair.on.data()[i] = float(i % 23) / 10.0f;
            pair.off.data()[i] = float(i % 11) / 30.0f;
        }
        pair.seenOn = path.encode(pair.on, pair.k);
        pair.seenOff = path.encode(pair.off, pair.k);
        LoadedEdit reused;
        for (Task task : {Task::On, Task::Off}) {
            const Codes8 codes = path.toCodes(task == Task::On ? pair.off : pair.on, pair.k);
            baselineEdit(pair, task, path, reused);
            QVERIFY(reused.codes && reused.codes->rgb == codes.rgb);
            QVERIFY(sameValues(reused.edit, path.decode(codes, pair.k)));
        }
    }

    void badEditNamesTheFile() {
        const ModelImagePath path(colour_);
        test::writeBytes(tmp("broken.png"), "\x89PNG\r\n\x1a\n not really");
        LoadedEdit e;
        try {
            loadEdit(tmp("broken.png"), path, 1.0f, EditSizing{}, e);
            QFAIL("expected an error");
        } catch (const Error& err) {
            const QString m = err.what();
            QVERIFY2(m.contains("broken.png") && !m.contains('\n'), qPrintable(m));
        }
    }
};

QTEST_GUILESS_MAIN(TestEditLoading)
#include "test_edit_loading.moc"
