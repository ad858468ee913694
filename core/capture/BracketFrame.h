#pragma once
// One frame of an exposure bracket: its linear sensor codes and the EXIF facts the merge needs.
// RAW files are decoded by OpenImageIO's LibRaw reader with linear demosaicing output (no tone
// curve, no auto-brightness, the camera's fixed daylight white balance, sRGB-linear primaries);
// 16-bit TIFF and float EXR frames are taken as linear sensor values. All frames are held as
// 16-bit codes of the format's maximum (65535 = saturated; a float frame's 1.0 is its maximum).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ll::capture {

struct FrameExif {
    std::optional<double> exposureTime; // s
    std::optional<double> fNumber;
    std::optional<double> iso;
    std::string make, model, lens;
    std::optional<double> focalLength;   // mm
    std::optional<double> focusDistance; // m
    int width = 0, height = 0;           // the raster's size (read with the header)
};

struct BracketFrame {
    std::filesystem::path path;
    int width = 0, height = 0;
    std::vector<std::uint16_t> codes; // RGB interleaved, row-major
    FrameExif exif;
    // A RAW frame's colour matrix mixes channels after the sensor clipped, so a sample counts as
    // saturated in all channels when any channel is; TIFF and EXR frames saturate per channel.
    bool saturatesPerPixel = false;
    bool isRaw = false;
};

// Reads the EXIF facts and the size only (no pixels). Throws ll::Error naming the file.
FrameExif readFrameExif(const std::filesystem::path& path);

// Reads a frame. Throws ll::Error naming the file when it cannot be read, is not RGB or grey,
// or holds 8-bit (display-encoded, not linear) data.
BracketFrame readBracketFrame(const std::filesystem::path& path);

// True for the camera RAW extensions OpenImageIO's LibRaw reader knows (by file name).
bool isRawFileName(const std::filesystem::path& path);

} // namespace ll::capture
