#include "edit/EditInputs.h"

#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "colour/ModelImagePath.h"
#include "colour/SceneLinear.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

#include <algorithm>
#include <cctype>

namespace ll::edit {

namespace fs = std::filesystem;

Image loadLinearImage(const fs::path& path, const ColourConfig& colour) {
    Image img = loadImage(path);
    if (img.info.nonFinitePixels > 0)
        throw Error(path.string(), std::to_string(img.info.nonFinitePixels) + " pixels are NaN or Inf");
    if (!img.info.isFloat && img.info.bitsPerSample <= 8 && img.info.colourSpace == "srgb") {
        const ModelImagePath srgb(colour, "srgb");
        Image lin = srgb.decode(img);
        lin.info.path = path.string();
        return lin;
    }
    return toSceneLinear(std::move(img), colour);
}

Image matchSize(const Image& edit, int width, int height, const std::string& subject,
                std::vector<std::string>* notes) {
    if (edit.width() == width && edit.height() == height) return edit;
    checkAspectRatio(edit.width(), edit.height(), width, height, subject);
    if (notes)
        notes->push_back(subject + ": resized from " + std::to_string(edit.width()) + "x" +
                         std::to_string(edit.height()) + " to " + std::to_string(width) + "x" + std::to_string(height) +
                         " (area averaging down, linear interpolation up)");
    return resampleLinear(edit, width, height);
}

namespace {
std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}
} // namespace

Mask loadMask(const fs::path& path, int width, int height, const std::string& className,
              std::vector<std::string>* warnings) {
    const std::string subject = path.string();
    Mask mask;
    if (lower(path.extension().string()) == ".json") {
        const SceneAnnotations scene = loadAnnotations(path, warnings);
        RasterOptions opt;
        opt.rule = scene.format == AnnotationFormat::Coco ? RasterRule::Coco : RasterRule::LabelMe;
        opt.warnings = warnings;
        const auto byClass = rasteriseByClass(scene, width, height, opt);
        if (byClass.empty()) throw Error(subject, "no polygon to rasterise");
        if (!className.empty()) {
            const auto it = byClass.find(className);
            if (it == byClass.end()) throw Error(subject, "no shape of class '" + className + "'");
            mask = it->second;
        } else {
            mask = Mask(width, height, 0);
            for (const auto& [name, m] : byClass)
                for (std::size_t i = 0; i < m.size(); ++i) mask[i] = mask[i] || m[i];
        }
    } else {
        const Image img = loadImage(path);
        if (img.width() != width || img.height() != height)
            throw Error(subject, "mask is " + std::to_string(img.width()) + "x" + std::to_string(img.height()) +
                                     " but the input is " + std::to_string(width) + "x" + std::to_string(height));
        mask = Mask(width, height, 0);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const float* p = img.pixel(x, y);
                mask(x, y) = (p[0] > 0.5f || p[1] > 0.5f || p[2] > 0.5f) ? 1 : 0;
            }
    }
    if (countSet(mask) == 0) throw Error(subject, "the mask is empty");
    if (countSet(mask) == mask.size()) throw Error(subject, "the mask covers the whole image");
    return mask;
}

EditCase loadEditCase(const fs::path& inputPath, const fs::path& editPath, const fs::path& maskPath,
                      const fs::path& referencePath, const ColourConfig& colour, const std::string& maskClass) {
    EditCase c;
    c.input = loadLinearImage(inputPath, colour);
    c.edit = matchSize(loadLinearImage(editPath, colour), c.input.width(), c.input.height(), editPath.string(),
                       &c.notes);
    if (!maskPath.empty()) c.mask = loadMask(maskPath, c.input.width(), c.input.height(), maskClass, &c.notes);
    if (!referencePath.empty()) c.reference = loadLinearImage(referencePath, colour);
    return c;
}

} // namespace ll::edit
