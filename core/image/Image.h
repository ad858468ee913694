#pragma once
// Image: a float RGB raster (interleaved, row-major, 3 floats per pixel) with what its loader learnt.
// The metrics read and write these buffers directly; there is no hidden copy or shared ownership.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ll {

// Facts about where an image came from. Filled by the loaders, carried along by value.
struct ImageInfo {
    std::string path;                 // the file it was read from ("" when made in memory)
    std::string format;               // OpenImageIO format name: "openexr", "png", "hdr", ...
    int sourceChannels = 3;           // channels in the file before promotion / dropping
    int bitsPerSample = 32;           // of the file's pixel data
    bool isFloat = true;              // float/half data (scene-referred) vs normalised integers
    // Largest code value of an integer format, normalised (1.0); 0 when the format has no maximum.
    float formatMax = 0.0f;
    // EXR chromaticities (Rx Ry Gx Gy Bx By Wx Wy) when the file declares them.
    std::optional<std::array<float, 8>> chromaticities;
    std::string colourSpace = "lin_rec709"; // the space the pixels are in now (see resources/ocio)
    std::vector<std::string> notes;   // things the user should know (ignored alpha, promoted grey, ...)
    std::size_t nonFinitePixels = 0;  // pixels with a NaN or Inf in any channel
};

class Image {
public:
    static constexpr int kChannels = 3;

    Image() = default;
    Image(int width, int height, float fill = 0.0f);

    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t pixelCount() const { return std::size_t(width_) * std::size_t(height_); }
    bool empty() const { return width_ == 0 || height_ == 0; }
    // Makes the image width x height in its own buffer, for a caller that then writes every pixel: the
    // values are left as they were (zero where the buffer grew). Reusing an image of the same size
    // this way allocates and touches no new memory.
    void resize(int width, int height);

    float* data() { return pixels_.data(); }
    const float* data() const { return pixels_.data(); }
    std::size_t floatCount() const { return pixels_.size(); }

    float* pixel(int x, int y) { return pixels_.data() + (std::size_t(y) * width_ + x) * kChannels; }
    const float* pixel(int x, int y) const {
        return pixels_.data() + (std::size_t(y) * width_ + x) * kChannels;
    }
    float& at(int x, int y, int c) { return pixel(x, y)[c]; }
    float at(int x, int y, int c) const { return pixel(x, y)[c]; }

    ImageInfo info;

private:
    int width_ = 0;
    int height_ = 0;
    std::vector<float> pixels_;
};

// Counts pixels with a non-finite value in any channel.
std::size_t countNonFinite(const Image& image);

} // namespace ll
