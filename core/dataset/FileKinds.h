#pragma once
// Which file extensions the dataset layout accepts where (spec: data-and-cli.md).
#include <filesystem>
#include <string>

namespace ll {

// Lower-case extension without the dot ("EXR" -> "exr"; "" when none).
std::string lowerExtension(const std::filesystem::path& path);

// Real HDR scene images: .exr, .hdr, .pfm, .tif/.tiff (float or 16-bit).
bool isHdrImageExtension(const std::string& lowerExt);

// Model edits: LDR formats OpenImageIO reads (png, jpg/jpeg, tif/tiff, bmp, webp, tga, ppm/pnm,
// gif, jp2, heic/avif). EXR/HDR/PFM are not model outputs and are not accepted as edits.
bool isLdrImageExtension(const std::string& lowerExt);

} // namespace ll
