#pragma once
// Reading and writing images through OpenImageIO.
// loadImage: EXR (half/float, scanline/tiled, any compression OIIO reads), Radiance HDR, PFM,
// float/16-bit TIFF, PNG and JPEG (8/16-bit). Returns float RGB as stored in the file (no colour
// conversion: see colour/ for that). Alpha and extra channels are dropped with a note in info.notes;
// one-channel (and grey+alpha) images become grey RGB. Non-finite pixels are kept and counted.
// The image is the file's display window (OpenEXR semantics): when the data window differs (a crop,
// overscan, or the extra row and column oiiotool --resize can write), data outside the display window
// is dropped and display pixels without data are 0, with a note in info.notes.
// Every failure throws ll::Error naming the file and the problem in one line.
#include "image/Image.h"
#include "image/Plane.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace ll {

// The machine's physical memory in bytes (0 when it cannot be determined).
std::size_t physicalMemoryBytes();

struct LoadOptions {
    // Images larger than this are refused with a clear message instead of exhausting memory.
    // 400 Mpixel of float RGB is 4.8 GB; the default refuses e.g. 30000x20000.
    std::size_t maxPixels = 400'000'000;
    // Bytes the decoded pixels may take (float RGB plus any staging buffer for other channel
    // layouts); a larger image is refused naming the size it needs. Default: the machine's
    // physical memory (0: no limit).
    std::size_t maxBytes = physicalMemoryBytes();
};

Image loadImage(const std::filesystem::path& path, const LoadOptions& options = {});
// The same into `into`, whose buffer is reused (Image::resize): a file of the same size as the image
// it held allocates no pixels. On an error `into` holds no meaningful pixels.
void loadImage(const std::filesystem::path& path, const LoadOptions& options, Image& into);

// Reads only the header: width, height and ImageInfo (no pixels). Throws like loadImage.
struct ImageHeader {
    int width = 0;
    int height = 0;
    ImageInfo info;
};
ImageHeader readImageHeader(const std::filesystem::path& path);

// Reads a file whose samples are integers of at most 8 bits (8-bit PNG, JPEG, ...) as its 8-bit
// codes: 3 interleaved values per pixel, channels chosen as loadImage does, into `rgb` (resized; its
// memory is reused). The codes are exactly round(255 v) of loadImage's values v, without the float
// image. Returns false, having read no pixels, when the file holds other data (float, 16-bit): use
// loadImage then. Throws like loadImage, under the same limits.
bool loadImage8(const std::filesystem::path& path, ImageHeader& header, std::vector<std::uint8_t>& rgb,
                const LoadOptions& options = {});

enum class ExrPixelType { Half, Float };

// Writes linear RGB as OpenEXR (atomically: temporary file, then rename), compressed with
// `compression` (an OpenEXR compression name: "zip", "piz", ...).
void saveExr(const Image& image, const std::filesystem::path& path, ExrPixelType type = ExrPixelType::Float,
             const char* compression = "zip");
// Writes a single-channel float map as OpenEXR with channel "Y".
void saveExr(const FloatPlane& plane, const std::filesystem::path& path, ExrPixelType type = ExrPixelType::Float);
// Writes display-encoded values in [0,1] (already through the transfer function) as 8-bit PNG,
// rounding to the nearest code value. Values outside [0,1] are clamped.
void savePng8(const Image& encoded, const std::filesystem::path& path);
// Writes interleaved 8-bit RGB code values as PNG.
void savePng8(const std::uint8_t* rgb, int width, int height, const std::filesystem::path& path);
// Writes a mask as 8-bit grey PNG (0 or 255).
void savePng8(const Mask& mask, const std::filesystem::path& path);

} // namespace ll
