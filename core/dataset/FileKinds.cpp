#include "dataset/FileKinds.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace ll {

std::string lowerExtension(const std::filesystem::path& path) {
    std::string e = path.extension().string();
    if (!e.empty() && e[0] == '.') e.erase(0, 1);
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return e;
}

bool isHdrImageExtension(const std::string& e) {
    static constexpr std::array<std::string_view, 5> kHdr{"exr", "hdr", "pfm", "tif", "tiff"};
    return std::find(kHdr.begin(), kHdr.end(), e) != kHdr.end();
}

bool isLdrImageExtension(const std::string& e) {
    static constexpr std::array<std::string_view, 18> kLdr{"png", "jpg",  "jpeg", "jpe",  "jfif", "tif",
                                                           "tiff", "bmp", "webp", "tga",  "ppm",  "pnm",
                                                           "pgm",  "gif", "jp2",  "heic", "heif", "avif"};
    return std::find(kLdr.begin(), kLdr.end(), e) != kLdr.end();
}

} // namespace ll
