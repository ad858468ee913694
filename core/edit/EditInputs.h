#pragma once
// The inputs of one material edit, in the reference space (scene-linear Rec.709):
//   x  the model input, y the edit (resized to x's size: area averaging down, bilinear up), m the intended edit
//   region (optional), r the material reference swatch (optional, any size).
// Loaders: 8-bit images are decoded through the exact sRGB code table, other integer images are
// linearised through the ColourConfig from their colour space, float images (EXR, HDR) are taken as
// scene-linear (honouring EXR chromaticities). Masks come from a PNG (any channel > 0.5 is inside)
// or from polygon annotations (COCO or LabelMe JSON) rasterised at x's size.
#include "colour/ColourConfig.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ll::edit {

struct EditCase {
    Image input;                    // x
    Image edit;                     // y, same size as x
    std::optional<Mask> mask;       // m
    std::optional<Image> reference; // r
    std::vector<std::string> notes; // what the loaders did (resizes, conversions)
};

// Loads any image LightLens reads and brings it to scene-linear Rec.709. Throws ll::Error naming the
// file for unreadable files and for images with NaN or Inf pixels.
Image loadLinearImage(const std::filesystem::path& path, const ColourConfig& colour);

// Resizes `edit` to width x height when needed (aspect ratio must agree within 1%), noting it.
Image matchSize(const Image& edit, int width, int height, const std::string& subject,
                std::vector<std::string>* notes);

// A mask file at exactly width x height: .png/.tif/... (thresholded) or .json (polygons).
// `className` (JSON only) selects one class; empty means the union of every shape.
// Throws ll::Error naming the file for wrong sizes, unknown classes and empty masks.
Mask loadMask(const std::filesystem::path& path, int width, int height, const std::string& className = "",
              std::vector<std::string>* warnings = nullptr);

// Loads a whole case. `maskPath` and `referencePath` may be empty.
EditCase loadEditCase(const std::filesystem::path& inputPath, const std::filesystem::path& editPath,
                      const std::filesystem::path& maskPath, const std::filesystem::path& referencePath,
                      const ColourConfig& colour, const std::string& maskClass = "");

} // namespace ll::edit
