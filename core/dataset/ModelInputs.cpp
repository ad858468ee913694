#include "dataset/ModelInputs.h"

#include "image/ImageIO.h"
#include "util/Error.h"

namespace ll {

void writeModelImage(const Image& linear, double k, const ModelImagePath& path8, const std::filesystem::path& png) {
    const Codes8 codes = path8.toCodes(linear, float(k));
    std::error_code ec;
    std::filesystem::create_directories(png.parent_path(), ec);
    if (ec) throw Error(png.parent_path().string(), "cannot create folder: " + ec.message());
    savePng8(codes.rgb.data(), codes.width, codes.height, png);
}

} // namespace ll
