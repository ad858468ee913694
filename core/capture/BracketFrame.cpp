#include "capture/BracketFrame.h"

#include "util/Error.h"

#include <OpenImageIO/imageio.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace ll::capture {
namespace fs = std::filesystem;
using namespace OIIO;

namespace {

std::string firstLine(std::string s) {
    if (auto p = s.find('\n'); p != std::string::npos) s.resize(p);
    return s.empty() ? "unknown error" : s;
}

std::string lower(std::string s) {
    for (auto& c : s) c = char(std::tolower((unsigned char)c));
    return s;
}

// The LibRaw settings of a linear decode: no tone curve, no auto-brightness, fixed white balance.
ImageSpec rawConfig() {
    ImageSpec config;
    config.attribute("raw:auto_bright", 0);
    config.attribute("raw:use_camera_wb", 0); // the camera's daylight multipliers, the same for every frame
    config.attribute("raw:use_camera_matrix", 1);
    config.attribute("raw:adjust_maximum_thr", 0.0f);
    config.attribute("raw:ColorSpace", "sRGB-linear");
    config.attribute("raw:HighlightMode", 0); // clip
    return config;
}

std::optional<double> number(const ImageSpec& spec, std::initializer_list<const char*> names) {
    for (const char* n : names) {
        const ParamValue* p = spec.find_attribute(n);
        if (!p) continue;
        const double v = spec.get_float_attribute(n, std::nanf(""));
        if (std::isfinite(v) && v > 0) return v;
    }
    return std::nullopt;
}

std::string text(const ImageSpec& spec, std::initializer_list<const char*> names) {
    for (const char* n : names) {
        std::string v = spec.get_string_attribute(n);
        while (!v.empty() && std::isspace((unsigned char)v.back())) v.pop_back();
        if (!v.empty()) return v;
    }
    return {};
}

FrameExif exifOf(const ImageSpec& spec) {
    FrameExif e;
    e.exposureTime = number(spec, {"ExposureTime", "Exif:ExposureTime"});
    e.fNumber = number(spec, {"FNumber", "Exif:FNumber"});
    e.iso = number(spec, {"Exif:PhotographicSensitivity", "Exif:ISOSpeedRatings", "Exif:ISOSpeed", "raw:ISO"});
    e.make = text(spec, {"Make", "Exif:Make"});
    e.model = text(spec, {"Model", "Exif:Model"});
    e.lens = text(spec, {"Exif:LensModel", "raw:LensModel", "LensModel"});
    e.focalLength = number(spec, {"Exif:FocalLength", "FocalLength"});
    e.focusDistance = number(spec, {"Exif:SubjectDistance", "raw:FocusDistance"});
    e.width = spec.width;
    e.height = spec.height;
    return e;
}

std::unique_ptr<ImageInput> openFrame(const fs::path& path, bool& isRaw) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), "no such file");
    if (fs::is_directory(path, ec)) throw Error(path.string(), "is a folder, not an image");
    isRaw = isRawFileName(path);
    const ImageSpec config = rawConfig();
    auto in = ImageInput::open(path.string(), isRaw ? &config : nullptr);
    if (!in) throw Error(path.string(), "cannot read: " + firstLine(OIIO::geterror()));
    if (std::string(in->format_name()) == "raw") isRaw = true;
    return in;
}

} // namespace

bool isRawFileName(const fs::path& path) {
    static const char* const kRaw[] = {".dng", ".cr2", ".cr3", ".crw", ".nef", ".nrw", ".arw", ".srf", ".sr2",
                                       ".raf", ".orf", ".rw2", ".pef", ".srw", ".3fr", ".erf", ".kdc", ".mef",
                                       ".mos", ".mrw", ".raw", ".rwl", ".iiq", ".x3f", ".bay"};
    const std::string ext = lower(path.extension().string());
    return std::any_of(std::begin(kRaw), std::end(kRaw), [&](const char* e) { return ext == e; });
}

FrameExif readFrameExif(const fs::path& path) {
    bool isRaw = false;
    auto in = openFrame(path, isRaw);
    return exifOf(in->spec());
}

BracketFrame readBracketFrame(const fs::path& path) {
    BracketFrame f;
    f.path = path;
    auto in = openFrame(path, f.isRaw);
    const ImageSpec spec = in->spec();
    f.exif = exifOf(spec);
    f.saturatesPerPixel = f.isRaw;
    if (spec.width <= 0 || spec.height <= 0) throw Error(path.string(), "has no pixels");
    if (!f.isRaw && (spec.format == TypeDesc::UINT8 || spec.format == TypeDesc::INT8))
        throw Error(path.string(), "holds 8-bit display-encoded data; brackets need RAW, linear 16-bit TIFF or float EXR");
    const int nc = spec.nchannels;
    if (nc != 1 && nc < 3) throw Error(path.string(), "has " + std::to_string(nc) + " channels (expected RGB or grey)");
    f.width = spec.width;
    f.height = spec.height;
    const std::size_t pixels = std::size_t(f.width) * f.height;
    f.codes.assign(pixels * 3, 0);
    bool ok = false;
    if (nc == 1) {
        std::vector<std::uint16_t> grey(pixels);
        ok = in->read_image(0, 0, 0, 1, TypeDesc::UINT16, grey.data());
        for (std::size_t i = 0; i < pixels && ok; ++i) f.codes[3 * i] = f.codes[3 * i + 1] = f.codes[3 * i + 2] = grey[i];
    } else {
        ok = in->read_image(0, 0, 0, 3, TypeDesc::UINT16, f.codes.data());
    }
    if (!ok) throw Error(path.string(), "cannot read pixels: " + firstLine(in->geterror()));
    in->close();
    return f;
}

} // namespace ll::capture
