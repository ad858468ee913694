#pragma once
// Plane: a single-channel raster of T (row-major). Plane<float> holds maps (ratio images, error maps,
// blurred signal); Mask (Plane<uint8_t>, 0 or 1) holds validity masks and rasterised regions.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ll {

template <typename T>
class Plane {
public:
    Plane() = default;
    Plane(int width, int height, T fill = T{})
        : width_(width), height_(height), values_(std::size_t(width) * std::size_t(height), fill) {}

    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t size() const { return values_.size(); }
    bool empty() const { return values_.empty(); }
    // width x height in its own buffer, the values left as they were (T{} where it grew): for a caller
    // that then writes every value.
    void resize(int width, int height) {
        values_.resize(std::size_t(width) * std::size_t(height));
        width_ = width;
        height_ = height;
    }

    T* data() { return values_.data(); }
    const T* data() const { return values_.data(); }
    T* row(int y) { return values_.data() + std::size_t(y) * width_; }
    const T* row(int y) const { return values_.data() + std::size_t(y) * width_; }
    T& operator()(int x, int y) { return values_[std::size_t(y) * width_ + x]; }
    T operator()(int x, int y) const { return values_[std::size_t(y) * width_ + x]; }
    T& operator[](std::size_t i) { return values_[i]; }
    T operator[](std::size_t i) const { return values_[i]; }

    std::vector<T>& values() { return values_; }
    const std::vector<T>& values() const { return values_; }

private:
    int width_ = 0;
    int height_ = 0;
    std::vector<T> values_;
};

using FloatPlane = Plane<float>;
using Mask = Plane<std::uint8_t>;

// Number of set (non-zero) pixels.
inline std::size_t countSet(const Mask& m) {
    std::size_t n = 0;
    for (auto v : m.values()) n += (v != 0);
    return n;
}

} // namespace ll
