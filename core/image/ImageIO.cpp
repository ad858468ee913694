#include "image/ImageIO.h"

#include "image/PngRgb8.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <OpenImageIO/imagebuf.h>
#include <OpenImageIO/imageio.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <system_error>

#include <unistd.h>

namespace ll {
namespace fs = std::filesystem;
using namespace OIIO;

namespace {

std::string firstLine(std::string s) {
    auto nl = s.find('\n');
    if (nl != std::string::npos) s.resize(nl);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
    return s.empty() ? std::string("unreadable or corrupt image") : s;
}

void checkExists(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), "file not found");
    if (fs::is_directory(path, ec)) throw Error(path.string(), "is a folder, not an image file");
    if (fs::file_size(path, ec) == 0) throw Error(path.string(), "empty file (0 bytes)");
}

// Which file channels become R, G, B; fills notes. Throws on layouts we cannot interpret.
struct ChannelPlan {
    int r = 0, g = 1, b = 2;
};

ChannelPlan planChannels(const ImageSpec& spec, const fs::path& path, ImageInfo& info) {
    const int n = spec.nchannels;
    auto nameOf = [&](int i) {
        return i < int(spec.channelnames.size()) ? spec.channelnames[i] : std::string();
    };
    for (int i = 0; i < n; ++i) {
        const std::string nm = nameOf(i);
        if (nm == "RY" || nm == "BY")
            throw Error(path.string(), "unsupported channel layout: luminance/chroma (Y, RY, BY) images are not supported; convert to RGB first");
    }
    auto find = [&](const char* want) {
        for (int i = 0; i < n; ++i)
            if (nameOf(i) == want) return i;
        return -1;
    };
    ChannelPlan plan;
    if (n <= 0) throw Error(path.string(), "unsupported channel layout: no channels");
    if (n == 1 || n == 2) {
        plan = {0, 0, 0};
        info.notes.push_back("single-channel image promoted to grey RGB");
        if (n == 2) info.notes.push_back("channel '" + nameOf(1) + "' (alpha) ignored");
        return plan;
    }
    int r = find("R"), g = find("G"), b = find("B");
    if (r >= 0 && g >= 0 && b >= 0) {
        plan = {r, g, b};
    } else if (find("Y") >= 0 && r < 0) {
        const int y = find("Y");
        plan = {y, y, y};
        info.notes.push_back("luminance channel Y promoted to grey RGB");
    }
    std::vector<std::string> ignored;
    for (int i = 0; i < n; ++i)
        if (i != plan.r && i != plan.g && i != plan.b) ignored.push_back(nameOf(i).empty() ? std::to_string(i) : nameOf(i));
    if (!ignored.empty()) {
        std::string s;
        for (auto& c : ignored) s += (s.empty() ? "" : ", ") + c;
        info.notes.push_back("channels ignored: " + s);
    }
    return plan;
}

void fillInfo(const ImageSpec& spec, const std::string& formatName, const fs::path& path, ImageInfo& info) {
    info.path = path.string();
    info.format = formatName;
    info.sourceChannels = spec.nchannels;
    const TypeDesc fmt = spec.format;
    info.isFloat = fmt.basetype == TypeDesc::FLOAT || fmt.basetype == TypeDesc::HALF ||
                   fmt.basetype == TypeDesc::DOUBLE;
    info.bitsPerSample = int(fmt.size() * 8);
    if (const int bps = spec.get_int_attribute("oiio:BitsPerSample", 0); bps > 0) info.bitsPerSample = bps;
    info.formatMax = info.isFloat ? 0.0f : 1.0f;
    if (const ParamValue* p = spec.find_attribute("chromaticities", TypeDesc(TypeDesc::FLOAT, 8))) {
        std::array<float, 8> c{};
        const float* v = static_cast<const float*>(p->data());
        std::copy(v, v + 8, c.begin());
        info.chromaticities = c;
    }
    std::string cs = spec.get_string_attribute("oiio:ColorSpace");
    std::transform(cs.begin(), cs.end(), cs.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (cs.find("srgb") != std::string::npos)
        info.colourSpace = "srgb";
    else if (cs.find("linear") != std::string::npos)
        info.colourSpace = "lin_rec709";
    else
        info.colourSpace = info.isFloat ? "lin_rec709" : "srgb";
    if (info.isFloat) info.colourSpace = "lin_rec709";
    const std::string tiffSpace = spec.get_string_attribute("tiff:ColorSpace");
    if (tiffSpace == "LOGLUV" || tiffSpace == "LOGL")
        info.notes.push_back("LogLuv TIFF: OpenImageIO 2.4 decodes it to 8-bit display values, so its HDR range is "
                             "lost; convert it to EXR for measurement");
}

// libpng reports a truncated stream on stderr before OpenImageIO sees the error, so a PNG's chunk
// structure is checked first: every chunk must fit in the file and the stream must end with IEND.
void checkPngStructure(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    unsigned char sig[8];
    if (!in.read(reinterpret_cast<char*>(sig), 8)) return;
    static const unsigned char kPng[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (std::memcmp(sig, kPng, 8) != 0) return;
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    std::uintmax_t pos = 8;
    while (pos + 12 <= size) {
        unsigned char head[8];
        in.seekg(std::streamoff(pos));
        if (!in.read(reinterpret_cast<char*>(head), 8)) break;
        const std::uintmax_t len = (std::uintmax_t(head[0]) << 24) | (head[1] << 16) | (head[2] << 8) | head[3];
        if (std::memcmp(head + 4, "IEND", 4) == 0) return;
        pos += 12 + len;
    }
    throw Error(path.string(), "corrupt or truncated PNG (the data ends before its last chunk)");
}

std::unique_ptr<ImageInput> openInput(const fs::path& path) {
    checkExists(path);
    checkPngStructure(path);
    // Pixels as stored: without this hint OpenImageIO multiplies the colour of PNG/TIFF files that
    // have an alpha channel by their alpha, which darkens an edit saved with transparency.
    ImageSpec config;
    config.attribute("oiio:UnassociatedAlpha", 1);
    auto in = ImageInput::open(path.string(), &config);
    if (!in) {
        std::string msg = firstLine(OIIO::geterror());
        if (msg.find("not support") != std::string::npos || msg.find("format") != std::string::npos)
            throw Error(path.string(), "not a readable image: " + msg);
        throw Error(path.string(), msg);
    }
    const ImageSpec& spec = in->spec();
    if (spec.width <= 0 || spec.height <= 0)
        throw Error(path.string(), "zero-size image (" + std::to_string(spec.width) + "x" + std::to_string(spec.height) + ")");
    return in;
}

// The display window is the image (OpenEXR's semantics); the data window holds the stored pixels and
// may differ from it: a crop region, overscan, or an extra row and column (oiiotool --resize 6000x4000
// writes a 6001x4001 data window). Formats without windows report the data window as the display one.
bool dataWindowDiffers(const ImageSpec& s) {
    return s.full_width > 0 && s.full_height > 0 &&
           (s.x != s.full_x || s.y != s.full_y || s.width != s.full_width || s.height != s.full_height);
}

int displayWidth(const ImageSpec& s) { return dataWindowDiffers(s) ? s.full_width : s.width; }
int displayHeight(const ImageSpec& s) { return dataWindowDiffers(s) ? s.full_height : s.height; }

std::string windowNote(const ImageSpec& s) {
    char buf[240];
    std::snprintf(buf, sizeof buf,
                  "data window %dx%d at (%d,%d) differs from the display window %dx%d at (%d,%d): the image is "
                  "the display window (data outside it dropped, pixels without data set to 0)",
                  s.width, s.height, s.x, s.y, s.full_width, s.full_height, s.full_x, s.full_y);
    return buf;
}

// Copies the part of data-window pixels `data` (3 interleaved values per pixel) inside the display
// window into `out`, which holds the display window and is zero-filled.
template <typename T>
void toDisplayWindow(const ImageSpec& s, const T* data, T* out) {
    const int x0 = std::max(s.full_x, s.x), x1 = std::min(s.full_x + s.full_width, s.x + s.width);
    if (x0 >= x1) return;
    for (int y = std::max(s.full_y, s.y); y < std::min(s.full_y + s.full_height, s.y + s.height); ++y) {
        const T* from = data + (std::size_t(y - s.y) * std::size_t(s.width) + std::size_t(x0 - s.x)) * 3;
        T* to = out + (std::size_t(y - s.full_y) * std::size_t(s.full_width) + std::size_t(x0 - s.full_x)) * 3;
        std::copy(from, from + std::size_t(x1 - x0) * 3, to);
    }
}

} // namespace

std::size_t physicalMemoryBytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGE_SIZE);
    return pages > 0 && pageSize > 0 ? std::size_t(pages) * std::size_t(pageSize) : 0;
}

ImageHeader readImageHeader(const fs::path& path) {
    auto in = openInput(path);
    const ImageSpec& spec = in->spec();
    ImageHeader h;
    h.width = displayWidth(spec);
    h.height = displayHeight(spec);
    fillInfo(spec, in->format_name(), path, h.info);
    planChannels(spec, path, h.info);
    if (dataWindowDiffers(spec)) h.info.notes.push_back(windowNote(spec));
    return h;
}

namespace {

// An opened file with its checked size, channel plan and ImageInfo, ready to read its pixels.
struct PixelSource {
    std::unique_ptr<ImageInput> in;
    ImageSpec spec;
    ImageInfo info;
    ChannelPlan plan;
    std::size_t pixels = 0;
    int chBegin = 0, chEnd = 3;
    bool direct = true; // channels chBegin..chEnd-1 are R, G, B in order: no staging buffer
};

PixelSource openPixels(const fs::path& path, const LoadOptions& options) {
    PixelSource src;
    src.in = openInput(path);
    src.spec = src.in->spec();
    const ImageSpec& spec = src.spec;
    src.pixels = std::size_t(spec.width) * std::size_t(spec.height);
    if (src.pixels > options.maxPixels)
        throw Error(path.string(), "image too large (" + std::to_string(spec.width) + "x" + std::to_string(spec.height) +
                                       " = " + std::to_string(src.pixels / 1000000) + " Mpixel; the limit is " +
                                       std::to_string(options.maxPixels / 1000000) + " Mpixel)");
    const std::size_t display = std::size_t(displayWidth(spec)) * std::size_t(displayHeight(spec));
    if (display > options.maxPixels)
        throw Error(path.string(), "image too large (display window " + std::to_string(displayWidth(spec)) + "x" +
                                       std::to_string(displayHeight(spec)) + " = " + std::to_string(display / 1000000) +
                                       " Mpixel; the limit is " + std::to_string(options.maxPixels / 1000000) + " Mpixel)");
    fillInfo(spec, src.in->format_name(), path, src.info);
    src.plan = planChannels(spec, path, src.info);
    if (dataWindowDiffers(spec)) src.info.notes.push_back(windowNote(spec));

    // Only the channels from the first to the last one used are read. When they are three in RGB
    // order they go straight into the destination; otherwise through one staging buffer.
    const ChannelPlan& plan = src.plan;
    src.chBegin = std::min({plan.r, plan.g, plan.b});
    src.chEnd = std::max({plan.r, plan.g, plan.b}) + 1;
    const std::size_t span = std::size_t(src.chEnd - src.chBegin);
    src.direct = span == 3 && plan.r == src.chBegin && plan.g == src.chBegin + 1 && plan.b == src.chBegin + 2;
    // The limit is that of float pixels whichever type is read: callers of the 8-bit reader
    // linearise its codes to float next.
    const std::size_t bytes = src.pixels * sizeof(float) * (3 + (src.direct ? 0 : span));
    if (options.maxBytes && bytes > options.maxBytes)
        throw Error(path.string(), "image too large to load: " + std::to_string(spec.width) + "x" + std::to_string(spec.height) +
                                       " needs " + std::to_string(bytes >> 20) + " MiB; this machine has " +
                                       std::to_string(options.maxBytes >> 20) + " MiB of memory");
    return src;
}

void throwNoMemory(const fs::path& path, const ImageSpec& spec) {
    throw Error(path.string(), "not enough memory to load a " + std::to_string(spec.width) + "x" + std::to_string(spec.height) + " image");
}

// Reads the pixels as `type` into dst (3 interleaved values per pixel), through `staging` when the
// channels are not R, G, B in order. OIIO converts the file's data to `type` (integers normalised to
// [0,1] for float).
template <typename T>
void readPixels(PixelSource& src, const fs::path& path, TypeDesc type, T* dst, std::vector<T>& staging) {
    const ImageSpec& spec = src.spec;
    if (src.direct && spec.nchannels == 3 && spec.format == type && spec.channelformats.empty() && spec.tile_width == 0) {
        // Untiled R, G, B stored as `type` already: scanlines straight into dst, without OpenImageIO's
        // staging buffer and copy (the values are the same).
        if (!src.in->read_native_scanlines(0, 0, spec.y, spec.y + spec.height, spec.z, dst) || src.in->has_error()) {
            std::string msg = firstLine(src.in->geterror());
            throw Error(path.string(), "corrupt or truncated image data: " + msg);
        }
        src.in->close();
        return;
    }
    const std::size_t span = std::size_t(src.chEnd - src.chBegin);
    if (!src.direct) {
        try {
            staging.resize(src.pixels * span);
        } catch (const std::bad_alloc&) {
            throwNoMemory(path, src.spec);
        }
    }
    if (!src.in->read_image(0, 0, src.chBegin, src.chEnd, type, src.direct ? static_cast<void*>(dst) : staging.data())) {
        std::string msg = firstLine(src.in->geterror());
        throw Error(path.string(), "corrupt or truncated image data: " + msg);
    }
    if (src.in->has_error()) {
        std::string msg = firstLine(src.in->geterror());
        throw Error(path.string(), "corrupt or truncated image data: " + msg);
    }
    src.in->close();
    if (!src.direct) {
        const T* s = staging.data();
        const int r = src.plan.r - src.chBegin, g = src.plan.g - src.chBegin, b = src.plan.b - src.chBegin;
        for (std::size_t i = 0; i < src.pixels; ++i, s += span, dst += 3) {
            dst[0] = s[r];
            dst[1] = s[g];
            dst[2] = s[b];
        }
    }
}

} // namespace

Image loadImage(const fs::path& path, const LoadOptions& options) {
    Image img;
    loadImage(path, options, img);
    return img;
}

void loadImage(const fs::path& path, const LoadOptions& options, Image& img) {
    PixelSource src = openPixels(path, options);
    try {
        img.resize(src.spec.width, src.spec.height);
    } catch (const std::bad_alloc&) {
        throwNoMemory(path, src.spec);
    }
    std::vector<float> staging;
    readPixels(src, path, TypeDesc::FLOAT, img.data(), staging);
    if (dataWindowDiffers(src.spec)) {
        try {
            Image display(src.spec.full_width, src.spec.full_height);
            toDisplayWindow(src.spec, img.data(), display.data());
            img = std::move(display);
        } catch (const std::bad_alloc&) {
            throwNoMemory(path, src.spec);
        }
    }
    ImageInfo info = std::move(src.info);
    info.nonFinitePixels = countNonFinite(img);
    if (info.nonFinitePixels > 0)
        info.notes.push_back(std::to_string(info.nonFinitePixels) + " pixels contain NaN or Inf values");
    img.info = std::move(info);
}

bool loadImage8(const fs::path& path, ImageHeader& header, std::vector<std::uint8_t>& rgb, const LoadOptions& options) {
    PixelSource src = openPixels(path, options);
    if (src.spec.format.basetype != TypeDesc::UINT8 || src.info.isFloat || src.info.bitsPerSample > 8) return false;
    // A plain 8-bit RGB PNG (what models return) through libdeflate (PngRgb8.h); anything else, and
    // any PNG that reader declines, through OpenImageIO. Both give the file's codes.
    const bool plainPng = std::string_view(src.in->format_name()) == "png" && src.direct && src.spec.nchannels == 3 &&
                          src.spec.format == TypeDesc::UINT8 && src.spec.tile_width == 0;
    try {
        // Room for the PNG's filtered rows (a byte more per row) from the start, so that reading
        // them does not move the buffer.
        if (plainPng) rgb.reserve(src.pixels * 3 + std::size_t(src.spec.height));
        rgb.resize(src.pixels * 3);
    } catch (const std::bad_alloc&) {
        throwNoMemory(path, src.spec);
    }
    std::vector<std::uint8_t> staging;
    if (plainPng && readPngRgb8(path, src.spec.width, src.spec.height, rgb)) src.in->close();
    else readPixels(src, path, TypeDesc::UINT8, rgb.data(), staging);
    if (dataWindowDiffers(src.spec)) {
        staging.assign(std::size_t(src.spec.full_width) * std::size_t(src.spec.full_height) * 3, 0);
        toDisplayWindow(src.spec, rgb.data(), staging.data());
        rgb.swap(staging);
    }
    header.width = displayWidth(src.spec);
    header.height = displayHeight(src.spec);
    header.info = std::move(src.info);
    return true;
}

namespace {

void writeBuffer(const fs::path& path, const ImageSpec& spec, const void* pixels, TypeDesc srcType) {
    if (spec.width <= 0 || spec.height <= 0) throw Error(path.string(), "cannot write an empty image");
    writeViaTemporary(path, [&](const fs::path& tmp) {
        auto out = ImageOutput::create(tmp.string());
        if (!out) throw Error(path.string(), "cannot write: " + firstLine(OIIO::geterror()));
        if (!out->open(tmp.string(), spec)) throw Error(path.string(), "cannot write: " + firstLine(out->geterror()));
        if (!out->write_image(srcType, pixels)) throw Error(path.string(), "write failed: " + firstLine(out->geterror()));
        if (!out->close()) throw Error(path.string(), "write failed: " + firstLine(out->geterror()));
    });
}

} // namespace

void saveExr(const Image& image, const fs::path& path, ExrPixelType type, const char* compression) {
    ImageSpec spec(image.width(), image.height(), 3, type == ExrPixelType::Half ? TypeDesc::HALF : TypeDesc::FLOAT);
    spec.channelnames = {"R", "G", "B"};
    spec.attribute("compression", compression);
    writeBuffer(path, spec, image.data(), TypeDesc::FLOAT);
}

void saveExr(const FloatPlane& plane, const fs::path& path, ExrPixelType type) {
    ImageSpec spec(plane.width(), plane.height(), 1, type == ExrPixelType::Half ? TypeDesc::HALF : TypeDesc::FLOAT);
    spec.channelnames = {"Y"};
    spec.attribute("compression", "zip");
    writeBuffer(path, spec, plane.data(), TypeDesc::FLOAT);
}

void savePng8(const std::uint8_t* rgb, int width, int height, const fs::path& path) {
    ImageSpec spec(width, height, 3, TypeDesc::UINT8);
    writeBuffer(path, spec, rgb, TypeDesc::UINT8);
}

void savePng8(const Image& encoded, const fs::path& path) {
    std::vector<std::uint8_t> codes(encoded.floatCount());
    const float* s = encoded.data();
    for (std::size_t i = 0; i < codes.size(); ++i) {
        float v = s[i];
        v = std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f;
        codes[i] = static_cast<std::uint8_t>(std::lround(v * 255.0f));
    }
    savePng8(codes.data(), encoded.width(), encoded.height(), path);
}

void savePng8(const Mask& mask, const fs::path& path) {
    std::vector<std::uint8_t> codes(mask.size());
    for (std::size_t i = 0; i < codes.size(); ++i) codes[i] = mask[i] ? 255 : 0;
    ImageSpec spec(mask.width(), mask.height(), 1, TypeDesc::UINT8);
    writeBuffer(path, spec, codes.data(), TypeDesc::UINT8);
}

} // namespace ll
