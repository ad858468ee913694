#include "image/PngRgb8.h"

#include "util/Error.h"

#include <libdeflate.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

namespace ll {
namespace {

constexpr std::uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

std::uint32_t bigEndian32(const std::uint8_t* p) {
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | std::uint32_t(p[3]);
}

[[noreturn]] void corrupt(const std::filesystem::path& path, const std::string& what) {
    throw Error(path.string(), "corrupt or truncated image data: " + what);
}

bool readWholeFile(const std::filesystem::path& path, std::vector<std::uint8_t>& bytes) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) return false;
    if (std::fseek(f.get(), 0, SEEK_END) != 0) return false;
    const long size = std::ftell(f.get());
    if (size < 0 || std::fseek(f.get(), 0, SEEK_SET) != 0) return false;
    bytes.resize(std::size_t(size));
    return std::fread(bytes.data(), 1, bytes.size(), f.get()) == bytes.size();
}

// The Paeth predictor (clause 9.4) without branches: the selections become conditional moves, which
// matters because the choice follows the image's content from byte to byte (with branches, noisy
// rows ran ten times slower).
inline int paeth(int a, int b, int c) {
    const int pa = std::abs(b - c);         // |p - a| with p = a + b - c
    const int pb = std::abs(a - c);         // |p - b|
    const int pc = std::abs(a + b - 2 * c); // |p - c|
    const int takeB = -int(pb <= pc);                   // all bits set when b is chosen over c
    const int bc = c ^ ((b ^ c) & takeB);
    const int takeA = -(int(pa <= pb) & int(pa <= pc)); // all bits set when a is chosen
    return bc ^ ((a ^ bc) & takeA);
}

} // namespace

bool unfilterPngRgb8(std::uint8_t* data, int width, int height) {
    constexpr std::size_t bpp = 3;
    const std::size_t n = bpp * std::size_t(width);
    std::vector<std::uint8_t> zero(n, 0), row(n);
    const std::uint8_t* up = zero.data();
    for (int y = 0; y < height; ++y) {
        // The filtered row is copied out first: the pixels are written over the filtered data, a few
        // bytes before it (y + 1 bytes), so the row's own input may not be read in place.
        const std::uint8_t* filtered = data + std::size_t(y) * (n + 1);
        const std::uint8_t type = filtered[0];
        std::memcpy(row.data(), filtered + 1, n);
        const std::uint8_t* in = row.data();
        std::uint8_t* out = data + std::size_t(y) * n;
        switch (type) {
        case 0:
            std::memcpy(out, in, n);
            break;
        case 1: // Sub
            for (std::size_t i = 0; i < bpp && i < n; ++i) out[i] = in[i];
            for (std::size_t i = bpp; i < n; ++i) out[i] = std::uint8_t(in[i] + out[i - bpp]);
            break;
        case 2: // Up
            for (std::size_t i = 0; i < n; ++i) out[i] = std::uint8_t(in[i] + up[i]);
            break;
        case 3: // Average
            for (std::size_t i = 0; i < bpp && i < n; ++i) out[i] = std::uint8_t(in[i] + (up[i] >> 1));
            for (std::size_t i = bpp; i < n; ++i)
                out[i] = std::uint8_t(in[i] + ((unsigned(out[i - bpp]) + unsigned(up[i])) >> 1));
            break;
        case 4: { // Paeth, a pixel (three independent chains) at a time
            int a0 = 0, a1 = 0, a2 = 0, c0 = 0, c1 = 0, c2 = 0; // left and upper-left (0 at the row start)
            for (std::size_t i = 0; i < n; i += bpp) {
                const int b0 = up[i], b1 = up[i + 1], b2 = up[i + 2];
                a0 = std::uint8_t(in[i] + paeth(a0, b0, c0));
                a1 = std::uint8_t(in[i + 1] + paeth(a1, b1, c1));
                a2 = std::uint8_t(in[i + 2] + paeth(a2, b2, c2));
                out[i] = std::uint8_t(a0);
                out[i + 1] = std::uint8_t(a1);
                out[i + 2] = std::uint8_t(a2);
                c0 = b0;
                c1 = b1;
                c2 = b2;
            }
            break;
        }
        default:
            return false;
        }
        up = out;
    }
    return true;
}

bool readPngRgb8(const std::filesystem::path& path, int width, int height, std::vector<std::uint8_t>& rgb) {
    if (width <= 0 || height <= 0) return false;
    std::vector<std::uint8_t> file;
    if (!readWholeFile(path, file)) return false; // OpenImageIO reports what is wrong
    if (file.size() < 8 || std::memcmp(file.data(), kSignature, 8) != 0) return false;

    // The chunks: IHDR first; the IDAT payloads gathered at the front of `file` (each lies after the
    // last one's end, so moving it down never overwrites what is still to be read).
    std::size_t pos = 8, idatBytes = 0;
    bool header = false, end = false;
    bool dataDone = false; // a chunk followed the IDAT chunks (which must be consecutive)
    while (!end) {
        if (pos + 12 > file.size()) {
            if (!header) return false;
            if (pos < file.size()) corrupt(path, "the file ends inside a chunk header");
            break; // no IEND: the data may still be whole (the inflate below tells)
        }
        const std::uint32_t length = bigEndian32(&file[pos]);
        const std::uint8_t* type = &file[pos + 4];
        if (length > 0x7fffffffu || pos + 12 + length > file.size()) {
            if (!header) return false;
            corrupt(path, "chunk " + std::string(reinterpret_cast<const char*>(type), 4) + " runs past the end of the file");
        }
        const std::uint8_t* payload = &file[pos + 8];
        const bool critical = (type[0] & 0x20) == 0;
        const bool isHeader = std::memcmp(type, "IHDR", 4) == 0, isData = std::memcmp(type, "IDAT", 4) == 0;
        if (isHeader || isData || std::memcmp(type, "IEND", 4) == 0) {
            const std::uint32_t crc = std::uint32_t(libdeflate_crc32(0, type, 4 + std::size_t(length)));
            if (crc != bigEndian32(payload + length))
                corrupt(path, "CRC error in chunk " + std::string(reinterpret_cast<const char*>(type), 4));
        }
        if (!header) {
            if (!isHeader || length != 13) return false;
            const std::uint8_t* h = payload;
            if (bigEndian32(h) != std::uint32_t(width) || bigEndian32(h + 4) != std::uint32_t(height)) return false;
            // 8-bit samples, colour type 2 (RGB), deflate, adaptive filtering, no interlacing.
            if (h[8] != 8 || h[9] != 2 || h[10] != 0 || h[11] != 0 || h[12] != 0) return false;
            header = true;
        } else if (isData) {
            if (dataDone) return false; // IDAT chunks apart: libpng's reading decides
            std::memmove(&file[idatBytes], payload, length);
            idatBytes += length;
        } else if (std::memcmp(type, "IEND", 4) == 0) {
            end = true;
        } else if (std::memcmp(type, "tRNS", 4) == 0) {
            return false; // a transparent colour: OpenImageIO's reading adds alpha
        } else if (critical && std::memcmp(type, "PLTE", 4) != 0) {
            return false; // an unknown critical chunk: OpenImageIO's reading decides
        }
        if (!isData && idatBytes > 0) dataDone = true;
        pos += 12 + std::size_t(length);
    }
    if (idatBytes == 0) corrupt(path, "no image data (IDAT)");

    const std::size_t filtered = (3 * std::size_t(width) + 1) * std::size_t(height);
    rgb.resize(filtered);
    std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> inflater(
        libdeflate_alloc_decompressor(), &libdeflate_free_decompressor);
    if (!inflater) throw std::bad_alloc();
    std::size_t produced = 0;
    const libdeflate_result r =
        libdeflate_zlib_decompress(inflater.get(), file.data(), idatBytes, rgb.data(), filtered, &produced);
    if (r == LIBDEFLATE_INSUFFICIENT_SPACE) corrupt(path, "more image data than " + std::to_string(width) + "x" +
                                                              std::to_string(height) + " pixels");
    if (r != LIBDEFLATE_SUCCESS) corrupt(path, "invalid zlib stream");
    if (produced != filtered)
        corrupt(path, "image data end after " + std::to_string(produced) + " of " + std::to_string(filtered) + " bytes");
    if (!unfilterPngRgb8(rgb.data(), width, height)) corrupt(path, "unknown row filter type");
    rgb.resize(3 * std::size_t(width) * std::size_t(height));
    return true;
}

} // namespace ll
