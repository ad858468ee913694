#pragma once
// The real pair's images as every evaluation path reads them (spec data-and-cli.md, metrics-3dlp.md
// "Inputs"): loadImage + toSceneLinear (reference space linear Rec.709), NaN/Inf pixels an error
// naming the file, and a resize to the evaluation size in linear light (resampleLinear, with the 1%
// aspect-ratio rule). Used by loadCase (GUI, `eval`, figures) and the benchmark's pair cache.
#include "colour/ColourConfig.h"
#include "image/Image.h"

#include <filesystem>
#include <optional>

namespace ll {

// Throws ll::Error naming the file when it cannot be read, or (rejectNonFinite) holds NaN/Inf pixels.
Image loadRealImage(const std::filesystem::path& path, const ColourConfig& colour, bool rejectNonFinite = true);
// The same into `into`, its buffer reused (loadImage(path, options, into)).
void loadRealImage(const std::filesystem::path& path, const ColourConfig& colour, bool rejectNonFinite, Image& into);

// `img` at width x height: itself when it has that size, else resampled (its info kept). Throws
// ll::Error naming `path` when the aspect ratio changes by more than 1% (unless allowAspectChange).
Image toEvaluationSize(Image img, int width, int height, const std::filesystem::path& path,
                       bool allowAspectChange = false);

// The real pair's clip level: `given` (scene metadata) when set, else 1.0 (the format maximum) when
// either image is an integer file, else none (float files do not clip).
std::optional<float> realClipLevel(const Image& on, const Image& off, std::optional<float> given);

// Throws ll::Error naming `offPath` when the off image's size differs from the on image's.
void checkPairSize(const Image& on, const Image& off, const std::filesystem::path& offPath);

} // namespace ll
