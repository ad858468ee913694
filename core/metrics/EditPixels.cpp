#include "metrics/EditPixels.h"

#include <algorithm>

namespace ll {

void EditPixels::read(int y, int x0, int n, float* out) const {
    const std::size_t at = 3 * (std::size_t(y) * std::size_t(width()) + std::size_t(x0));
    const std::size_t count = 3 * std::size_t(n);
    if (image_) std::copy(image_->data() + at, image_->data() + at + count, out);
    else decodeInto(codes_->rgb.data() + at, count, out);
}

Image EditPixels::toImage() const {
    if (image_) return *image_;
    Image out(width(), height());
    decodeInto(codes_->rgb.data(), out.floatCount(), out.data());
    return out;
}

} // namespace ll
