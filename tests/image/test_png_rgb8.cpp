// The plain 8-bit RGB PNG reader (image/PngRgb8.h) against the pixels a PNG was written from and
// against OpenImageIO's (libpng's) reading of the same file: every row filter, odd sizes, data split
// over several IDAT chunks, ancillary chunks; the files it leaves to OpenImageIO; and a clean error
// naming the file for each kind of damage.
#include "image/ImageIO.h"
#include "image/PngRgb8.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <OpenImageIO/imageio.h>
#include <libdeflate.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace ll;
namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<std::uint8_t>;

void put32(Bytes& b, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) b.push_back(std::uint8_t(v >> s));
}

void chunk(Bytes& file, const char* type, const Bytes& data, bool goodCrc = true) {
    put32(file, std::uint32_t(data.size()));
    const std::size_t start = file.size();
    file.insert(file.end(), type, type + 4);
    file.insert(file.end(), data.begin(), data.end());
    std::uint32_t crc = std::uint32_t(libdeflate_crc32(0, &file[start], 4 + data.size()));
    if (!goodCrc) crc ^= 1u;
    put32(file, crc);
}

// The filter of the PNG specification (clause 9.2), written out here from the definitions: x the raw
// byte, a the byte bpp to the left, b the byte above, c above-left (0 outside the image).
int paethPredictor(int a, int b, int c) {
    const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

Bytes filterRows(const Bytes& rgb, int w, int h, const std::vector<int>& types) {
    const int n = 3 * w;
    Bytes out;
    for (int y = 0; y < h; ++y) {
        const int t = types[std::size_t(y) % types.size()];
        out.push_back(std::uint8_t(t));
        for (int i = 0; i < n; ++i) {
            const int x = rgb[std::size_t(y * n + i)];
            const int a = i >= 3 ? rgb[std::size_t(y * n + i - 3)] : 0;
            const int b = y > 0 ? rgb[std::size_t((y - 1) * n + i)] : 0;
            const int c = y > 0 && i >= 3 ? rgb[std::size_t((y - 1) * n + i - 3)] : 0;
            const int pred = t == 0 ? 0 : t == 1 ? a : t == 2 ? b : t == 3 ? (a + b) / 2 : paethPredictor(a, b, c);
            out.push_back(std::uint8_t(x - pred));
        }
    }
    return out;
}

Bytes zlibCompress(const Bytes& raw) {
    libdeflate_compressor* c = libdeflate_alloc_compressor(6);
    Bytes out(libdeflate_zlib_compress_bound(c, raw.size()));
    out.resize(libdeflate_zlib_compress(c, raw.data(), raw.size(), out.data(), out.size()));
    libdeflate_free_compressor(c);
    return out;
}

Bytes header(int w, int h, int depth = 8, int colourType = 2, int interlace = 0) {
    Bytes d;
    put32(d, std::uint32_t(w));
    put32(d, std::uint32_t(h));
    d.push_back(std::uint8_t(depth));
    d.push_back(std::uint8_t(colourType));
    d.push_back(0);
    d.push_back(0);
    d.push_back(std::uint8_t(interlace));
    return d;
}

struct PngParts {
    int w = 0, h = 0;
    Bytes rgb;
    std::vector<int> filters{0, 1, 2, 3, 4};
    std::size_t idatPieces = 1;
    bool textChunk = false;
    bool transparent = false;
    bool chunkBetweenData = false; // not allowed: the IDAT chunks must be consecutive
};

Bytes pngFile(const PngParts& p, const Bytes& compressed) {
    Bytes f = {137, 80, 78, 71, 13, 10, 26, 10};
    chunk(f, "IHDR", header(p.w, p.h));
    if (p.textChunk) {
        const std::string t = std::string("Comment") + '\0' + "made by the test";
        chunk(f, "tEXt", Bytes(t.begin(), t.end()));
    }
    if (p.transparent) chunk(f, "tRNS", Bytes{0, 1, 0, 2, 0, 3});
    const std::size_t piece = (compressed.size() + p.idatPieces - 1) / p.idatPieces;
    for (std::size_t at = 0; at < compressed.size(); at += piece) {
        const std::size_t end = std::min(compressed.size(), at + piece);
        chunk(f, "IDAT", Bytes(compressed.begin() + long(at), compressed.begin() + long(end)));
        if (p.chunkBetweenData && at == 0) chunk(f, "tIME", Bytes{7, 233, 12, 5, 8, 0, 0});
    }
    if (p.textChunk) chunk(f, "tIME", Bytes{7, 233, 12, 5, 8, 0, 0});
    chunk(f, "IEND", {});
    return f;
}

Bytes pixels(int w, int h, unsigned seed) {
    Bytes rgb(std::size_t(3 * w * h));
    unsigned s = seed;
    for (std::size_t i = 0; i < rgb.size(); ++i) {
        s = s * 1664525u + 1013904223u;
        // Smooth ramps with noise, so that every predictor has work to do.
        rgb[i] = std::uint8_t((i * 7 / 3) + (s >> 28));
    }
    return rgb;
}

void writeFile(const fs::path& p, const Bytes& b) {
    std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

// OpenImageIO's reading of the file's codes (libpng underneath): the independent reader.
Bytes oiioCodes(const fs::path& p) {
    auto in = OIIO::ImageInput::open(p.string());
    if (!in) return {};
    const OIIO::ImageSpec& s = in->spec();
    Bytes out(std::size_t(s.width) * std::size_t(s.height) * std::size_t(s.nchannels));
    if (!in->read_image(0, 0, 0, s.nchannels, OIIO::TypeDesc::UINT8, out.data())) return {};
    return out;
}

QString errorOf(const fs::path& p) {
    try {
        ImageHeader h;
        Bytes rgb;
        loadImage8(p, h, rgb);
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestPngRgb8 : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path tmp(const std::string& name) { return fs::path(tmp_.path().toStdString()) / name; }

private Q_SLOTS:
    void readsTheWrittenPixels_data() {
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::addColumn<int>("filter"); // -1: all five in turn
        QTest::addColumn<int>("pieces");
        QTest::addColumn<bool>("text");
        QTest::newRow("1x1 none") << 1 << 1 << 0 << 1 << false;
        QTest::newRow("2x3 sub") << 2 << 3 << 1 << 1 << false;
        QTest::newRow("5x4 up") << 5 << 4 << 2 << 1 << false;
        QTest::newRow("7x6 average") << 7 << 6 << 3 << 1 << false;
        QTest::newRow("9x5 paeth") << 9 << 5 << 4 << 1 << false;
        QTest::newRow("33x17 every filter, 3 IDAT, ancillary chunks") << 33 << 17 << -1 << 3 << true;
        QTest::newRow("257x129 every filter, 8 IDAT") << 257 << 129 << -1 << 8 << false;
        QTest::newRow("1x40 every filter (one pixel wide)") << 1 << 40 << -1 << 2 << false;
    }
    void readsTheWrittenPixels() {
        QFETCH(int, w);
        QFETCH(int, h);
        QFETCH(int, filter);
        QFETCH(int, pieces);
        QFETCH(bool, text);
        PngParts p;
        p.w = w;
        p.h = h;
        p.rgb = pixels(w, h, unsigned(w * 31 + h));
        if (filter >= 0) p.filters = {filter};
        p.idatPieces = std::size_t(pieces);
        p.textChunk = text;
        const fs::path file = tmp("t.png");
        writeFile(file, pngFile(p, zlibCompress(filterRows(p.rgb, w, h, p.filters))));
        QCOMPARE(oiioCodes(file), p.rgb); // the file is a valid PNG of these pixels

        Bytes rgb{1, 2, 3}; // reused: resized by the reader
        QVERIFY(readPngRgb8(file, w, h, rgb));
        QCOMPARE(rgb, p.rgb);
        ImageHeader hd;
        Bytes viaLoader;
        QVERIFY(loadImage8(file, hd, viaLoader));
        QCOMPARE(viaLoader, p.rgb);
        QCOMPARE(hd.width, w);
        QCOMPARE(hd.height, h);
    }

    // A PNG written by OpenImageIO (as `synth` writes edits: adaptive filters, an oFFs chunk), and
    // the project's real 8-bit PNG, read the same by both readers.
    void agreesWithOpenImageIO() {
        const fs::path written = tmp("oiio.png");
        const int w = 301, h = 203;
        const Bytes rgb = pixels(w, h, 7);
        {
            auto out = OIIO::ImageOutput::create(written.string());
            QVERIFY(out);
            OIIO::ImageSpec spec(w, h, 3, OIIO::TypeDesc::UINT8);
            QVERIFY(out->open(written.string(), spec));
            QVERIFY(out->write_image(OIIO::TypeDesc::UINT8, rgb.data()));
            out->close();
        }
        for (const fs::path& f : {written, test::dataFile("mls-dataset/crop_2HAL_DESK_desk_on.png")}) {
            const Bytes expected = oiioCodes(f);
            QVERIFY(!expected.empty());
            auto in = OIIO::ImageInput::open(f.string());
            QVERIFY(in);
            QCOMPARE(in->spec().nchannels, 3);
            Bytes mine;
            QVERIFY(readPngRgb8(f, in->spec().width, in->spec().height, mine));
            QCOMPARE(mine, expected);
        }
    }

    void leavesOtherPngsToOpenImageIO() {
        PngParts p;
        p.w = 4;
        p.h = 3;
        p.rgb = pixels(4, 3, 1);
        const Bytes data = zlibCompress(filterRows(p.rgb, 4, 3, {0}));
        Bytes rgb;
        // Another size than asked for.
        const fs::path plain = tmp("plain.png");
        writeFile(plain, pngFile(p, data));
        QVERIFY(!readPngRgb8(plain, 5, 3, rgb));
        // A transparent colour (OpenImageIO adds alpha).
        p.transparent = true;
        const fs::path trns = tmp("trns.png");
        writeFile(trns, pngFile(p, data));
        QVERIFY(!readPngRgb8(trns, 4, 3, rgb));
        // Interlaced, 16-bit, grey + alpha: declined by their header.
        for (const Bytes& hdr : {header(4, 3, 8, 2, 1), header(4, 3, 16, 2, 0), header(4, 3, 8, 4, 0)}) {
            Bytes f = {137, 80, 78, 71, 13, 10, 26, 10};
            chunk(f, "IHDR", hdr);
            chunk(f, "IDAT", data);
            chunk(f, "IEND", {});
            const fs::path other = tmp("other.png");
            writeFile(other, f);
            QVERIFY(!readPngRgb8(other, 4, 3, rgb));
        }
        // IDAT chunks apart (invalid): left to libpng, which refuses the file.
        PngParts apart = p;
        apart.transparent = false;
        apart.idatPieces = 2;
        apart.chunkBetweenData = true;
        const fs::path split = tmp("split.png");
        writeFile(split, pngFile(apart, data));
        QVERIFY(!readPngRgb8(split, 4, 3, rgb));
        QVERIFY(!errorOf(split).isEmpty());
        // Not a PNG at all.
        const fs::path text = tmp("text.png");
        writeFile(text, Bytes{'h', 'e', 'l', 'l', 'o'});
        QVERIFY(!readPngRgb8(text, 4, 3, rgb));
        QVERIFY(!readPngRgb8(tmp("missing.png"), 4, 3, rgb));
    }

    void namesTheFileForDamagedData() {
        const int w = 40, h = 30;
        PngParts p;
        p.w = w;
        p.h = h;
        p.rgb = pixels(w, h, 3);
        p.idatPieces = 2;
        const Bytes data = zlibCompress(filterRows(p.rgb, w, h, p.filters));
        const Bytes good = pngFile(p, data);
        auto expectError = [&](const char* name, const Bytes& bytes, const char* what) {
            const fs::path f = tmp(name);
            writeFile(f, bytes);
            Bytes rgb;
            QString message;
            try {
                readPngRgb8(f, w, h, rgb);
            } catch (const Error& e) {
                message = QString::fromStdString(e.what());
            }
            QVERIFY2(message.contains(QString::fromStdString(f.string())), qPrintable(message));
            QVERIFY2(message.contains(what), qPrintable(message));
            QVERIFY2(!errorOf(f).isEmpty(), name); // and through the loader
        };
        // A flipped byte inside the first IDAT payload: its CRC no longer matches.
        Bytes flipped = good;
        flipped[8 + 25 + 8 + 10] ^= 0x40;
        expectError("crc.png", flipped, "CRC error in chunk IDAT");
        // Cut inside the second IDAT chunk's data, and inside its length and type.
        const std::size_t secondIdat = 8 + 25 + 12 + (data.size() + 1) / 2;
        expectError("cut.png", Bytes(good.begin(), good.begin() + long(secondIdat + 8 + 10)), "runs past the end");
        expectError("cut-header.png", Bytes(good.begin(), good.begin() + long(secondIdat + 6)), "ends inside a chunk header");
        // Valid chunks around a damaged zlib stream.
        Bytes badStream = data;
        badStream[2] = 0xff; // the first deflate block header: reserved block type
        badStream[3] = 0xff;
        expectError("stream.png", pngFile(p, badStream), "invalid zlib stream");
        // Whole chunks but too few rows of data.
        const Bytes fewer = zlibCompress(filterRows(Bytes(p.rgb.begin(), p.rgb.begin() + 3 * w * (h - 2)), w, h - 2, p.filters));
        expectError("short.png", pngFile(p, fewer), "image data end after");
        // A row filter type that does not exist.
        Bytes badFilter = filterRows(p.rgb, w, h, p.filters);
        badFilter[std::size_t(5 * (3 * w + 1))] = 7;
        expectError("filter.png", pngFile(p, zlibCompress(badFilter)), "unknown row filter type");
    }

    // The unfilter alone, in place, against the pixels the filter was computed from.
    void unfiltersInPlace() {
        for (int w : {1, 2, 3, 64, 65}) {
            const int h = 9;
            const Bytes rgb = pixels(w, h, unsigned(w));
            Bytes data = filterRows(rgb, w, h, {4, 3, 2, 1, 0});
            QVERIFY(unfilterPngRgb8(data.data(), w, h));
            QCOMPARE(Bytes(data.begin(), data.begin() + long(rgb.size())), rgb);
        }
    }
};

QTEST_GUILESS_MAIN(TestPngRgb8)
#include "test_png_rgb8.moc"
