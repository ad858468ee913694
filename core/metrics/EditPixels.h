#pragma once
// EditPixels: the edit's linear values G (divided by k) as the evaluation reads them. Either a float
// image, or the 8-bit codes the model returned with the table of their linear values
// (ModelImagePath::decodeTable(k)): the same floats as decoding the codes into an image, without
// holding the 12 bytes per pixel of that image (288 MB at 6000x4000; the codes take 3 bytes per pixel).
// A view: the image or codes must outlive it.
#include "colour/ModelImagePath.h"
#include "image/Image.h"

#include <array>
#include <cstddef>
#include <vector>

namespace ll {

class EditPixels {
public:
    EditPixels() = default;
    // Implicit: an edit image can be passed wherever the evaluation takes an edit.
    EditPixels(const Image& image) : image_(&image) {}
    EditPixels(Image&&) = delete; // a view of a temporary would dangle
    EditPixels(const Codes8& codes, const std::array<float, 256>& table) : codes_(&codes), table_(table) {}
    // An edit held as a float image and, when it was 8-bit, its codes: the image when it has pixels,
    // else (an edit kept as its codes alone) the codes through `table`.
    static EditPixels of(const Image& image, const Codes8* codes, const std::array<float, 256>& table) {
        return image.empty() && codes ? EditPixels(*codes, table) : EditPixels(image);
    }

    // Whether there is an edit at all.
    bool valid() const { return image_ || codes_; }
    // The float image, or null when the edit is read from its codes.
    const Image* image() const { return image_; }
    const Codes8* codes() const { return codes_; }
    int width() const { return image_ ? image_->width() : codes_ ? codes_->width : 0; }
    int height() const { return image_ ? image_->height() : codes_ ? codes_->height : 0; }

    // Row y, 3 floats per pixel: the image's own row, or the codes decoded into `scratch` (resized as
    // needed; the pointer is valid until scratch is next used).
    const float* row(int y, std::vector<float>& scratch) const {
        if (image_) return image_->pixel(0, y);
        const std::size_t n = 3 * std::size_t(codes_->width);
        if (scratch.size() < n) scratch.resize(n);
        decodeInto(codes_->rgb.data() + std::size_t(y) * n, n, scratch.data());
        return scratch.data();
    }
    // Pixels [x0, x0 + n) of row y into out (3 floats per pixel).
    void read(int y, int x0, int n, float* out) const;
    // Pixels [x0, x0 + n) of row y: the image's own, or the codes decoded into scratch (3n floats).
    const float* span(int y, int x0, int n, float* scratch) const {
        if (image_) return image_->pixel(x0, y);
        read(y, x0, n, scratch);
        return scratch;
    }
    // Channel c of pixel i (row-major pixel index).
    float value(std::size_t i, int c) const {
        const std::size_t j = 3 * i + std::size_t(c);
        return image_ ? image_->data()[j] : table_[codes_->rgb[j]];
    }
    float at(int x, int y, int c) const { return value(std::size_t(y) * std::size_t(width()) + std::size_t(x), c); }
    void prefetch(std::size_t i) const {
        if (image_) __builtin_prefetch(image_->data() + 3 * i);
        else __builtin_prefetch(codes_->rgb.data() + 3 * i);
    }
    // The whole edit as a float image (a copy; for the rare callers that need one).
    Image toImage() const;

private:
    void decodeInto(const std::uint8_t* codes, std::size_t n, float* out) const {
        for (std::size_t i = 0; i < n; ++i) out[i] = table_[codes[i]];
    }

    const Image* image_ = nullptr;
    const Codes8* codes_ = nullptr;
    std::array<float, 256> table_{};
};

} // namespace ll
