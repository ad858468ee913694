#include "metrics/RealImages.h"

#include "colour/SceneLinear.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

#include <string>

namespace ll {

Image loadRealImage(const std::filesystem::path& path, const ColourConfig& colour, bool rejectNonFinite) {
    Image img;
    loadRealImage(path, colour, rejectNonFinite, img);
    return img;
}

void loadRealImage(const std::filesystem::path& path, const ColourConfig& colour, bool rejectNonFinite, Image& img) {
    loadImage(path, {}, img);
    img = toSceneLinear(std::move(img), colour);
    img.info.path = path.string();
    if (rejectNonFinite)
        if (const std::size_t n = countNonFinite(img))
            throw Error(path.string(), std::to_string(n) + " pixels are NaN or infinite");
}

Image toEvaluationSize(Image img, int width, int height, const std::filesystem::path& path, bool allowAspectChange) {
    if (img.width() == width && img.height() == height) return img;
    checkAspectRatio(img.width(), img.height(), width, height, path.string(), allowAspectChange);
    Image r = resampleLinear(img, width, height);
    r.info = std::move(img.info);
    return r;
}

std::optional<float> realClipLevel(const Image& on, const Image& off, std::optional<float> given) {
    if (given) return given;
    if (!on.info.isFloat || !off.info.isFloat) return 1.0f;
    return std::nullopt;
}

void checkPairSize(const Image& on, const Image& off, const std::filesystem::path& offPath) {
    if (on.width() != off.width() || on.height() != off.height())
        throw Error(offPath.string(), "size " + std::to_string(off.width()) + "x" + std::to_string(off.height()) +
                                          " differs from the on image's " + std::to_string(on.width()) + "x" +
                                          std::to_string(on.height()));
}

} // namespace ll
