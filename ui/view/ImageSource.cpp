#include "view/ImageSource.h"
#include "util/Percentile.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace ll::ui {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Type-7 percentile of a vector (util/Percentile.h), reordering it; 0 for an empty one.
double percentile(std::vector<float>& v, double p) { return v.empty() ? 0.0 : percentileInPlace(v, p); }

// A level holding its own buffer of `count` floats (returned for filling).
float* ownLevel(MipLevel& level, int width, int height, std::size_t count) {
    auto buffer = std::make_shared<std::vector<float>>(count);
    level.width = width;
    level.height = height;
    level.values = buffer->data();
    level.ownBytes = count * sizeof(float);
    float* data = buffer->data();
    level.storage = std::move(buffer);
    return data;
}

// Makes `level` hold a copy of `count` floats; returns the copy (for changes).
float* copyLevel(MipLevel& level, int width, int height, const float* values, std::size_t count) {
    float* out = ownLevel(level, width, height, count);
    std::copy(values, values + count, out);
    return out;
}

// A level showing `values` in place, with `valid` (may be null) marking the pixels shown.
template <typename T>
void sharedLevel(MipLevel& level, int width, int height, std::shared_ptr<const T> owner, const float* values,
                 std::shared_ptr<const Mask> valid) {
    level.width = width;
    level.height = height;
    level.values = values;
    level.storage = std::move(owner);
    if (valid) {
        level.valid = valid->values().data();
        level.validStorage = std::move(valid);
    }
}

// Halves a level: 2x2 box mean of the finite, not excluded samples (NaN when none), or the top-left
// sample.
MipLevel halve(const MipLevel& src, int channels, bool nearest) {
    MipLevel dst;
    const int w = std::max(1, (src.width + 1) / 2), h = std::max(1, (src.height + 1) / 2);
    float* values = ownLevel(dst, w, h, std::size_t(w) * h * channels);
    tbb::parallel_for(0, dst.height, [&](int y) {
        for (int x = 0; x < dst.width; ++x) {
            float* out = &values[(std::size_t(y) * dst.width + x) * channels];
            const int x0 = 2 * x, y0 = 2 * y;
            if (nearest) {
                const std::size_t at = std::size_t(y0) * src.width + x0;
                const float* in = &src.values[at * channels];
                if (src.excluded(at)) std::fill(out, out + channels, kNaN);
                else std::copy(in, in + channels, out);
                continue;
            }
            for (int c = 0; c < channels; ++c) {
                float sum = 0.0f;
                int n = 0;
                for (int dy = 0; dy < 2; ++dy) {
                    const int yy = std::min(y0 + dy, src.height - 1);
                    for (int dx = 0; dx < 2; ++dx) {
                        const int xx = std::min(x0 + dx, src.width - 1);
                        const std::size_t at = std::size_t(yy) * src.width + xx;
                        const float v = src.values[at * channels + c];
                        if (std::isfinite(v) && !src.excluded(at)) { sum += v; ++n; }
                    }
                }
                out[c] = n ? sum / float(n) : kNaN;
            }
        }
    });
    return dst;
}

std::atomic<std::uint64_t> nextSourceId{1};

// The values value(i) for i in [0, n) that are present (value returns false to skip), in index
// order, gathered in parallel: a count pass and a fill pass over fixed blocks, so the result does not
// depend on the thread count.
template <typename ValueOf>
std::vector<float> gather(std::size_t n, ValueOf value) {
    constexpr std::size_t kBlock = 1 << 16;
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    std::vector<std::size_t> offset(blocks + 1, 0);
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t b) {
        std::size_t count = 0;
        float v;
        for (std::size_t i = b * kBlock, end = std::min(n, i + kBlock); i < end; ++i) count += value(i, v);
        offset[b + 1] = count;
    });
    for (std::size_t b = 0; b < blocks; ++b) offset[b + 1] += offset[b];
    std::vector<float> out(offset[blocks]);
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t b) {
        std::size_t k = offset[b];
        float v;
        for (std::size_t i = b * kBlock, end = std::min(n, i + kBlock); i < end; ++i)
            if (value(i, v)) out[k++] = v;
    });
    return out;
}

} // namespace

ImageSource::ImageSource(SourceKind kind, int channels, QString name)
    : id_(nextSourceId.fetch_add(1)), kind_(kind), channels_(channels), name_(std::move(name)) {}

void ImageSource::buildPyramid(bool nearest) {
    // Levels down to about 64 pixels on the long side.
    while (std::max(levels_.back().width, levels_.back().height) > 64)
        levels_.push_back(halve(levels_.back(), channels_, nearest));
}

float ImageSource::value(int x, int y, int c) const {
    const MipLevel& l = levels_.front();
    if (x < 0 || y < 0 || x >= l.width || y >= l.height || c < 0 || c >= channels_) return kNaN;
    const std::size_t i = std::size_t(y) * l.width + x;
    return l.excluded(i) ? kNaN : l.values[i * channels_ + c];
}

void ImageSource::setColourRange(const Image& linear) {
    const float* px = linear.data();
    std::vector<float> lum = gather(linear.pixelCount(), [px](std::size_t i, float& y) {
        const float* p = px + 3 * i;
        y = 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
        return std::isfinite(y);
    });
    autoRange_ = percentile(lum, 99.5);
}

std::shared_ptr<const ImageSource> ImageSource::colour(const Image& linear, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Colour, 3, std::move(name));
    MipLevel l0;
    copyLevel(l0, linear.width(), linear.height(), linear.data(), linear.floatCount());
    s->levels_.push_back(std::move(l0));
    s->setColourRange(linear);
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::colour(std::shared_ptr<const Image> linear, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Colour, 3, std::move(name));
    MipLevel l0;
    s->setColourRange(*linear);
    const float* values = linear->data();
    const int w = linear->width(), h = linear->height(); // read before the pointer is moved
    sharedLevel(l0, w, h, std::move(linear), values, nullptr);
    s->levels_.push_back(std::move(l0));
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::ratio(std::shared_ptr<const Image> ratios,
                                                     std::shared_ptr<const Mask> valid, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Ratio, 3, std::move(name));
    MipLevel l0;
    const float* values = ratios->data();
    const std::size_t n = ratios->pixelCount();
    const int w = ratios->width(), h = ratios->height(); // read before the pointer is moved
    sharedLevel(l0, w, h, std::move(ratios), values, std::move(valid));
    std::vector<float> logs = gather(n, [values, &l0](std::size_t i, float& l) {
        if (l0.excluded(i)) return false;
        const float* px = values + 3 * i;
        const float m = (px[0] + px[1] + px[2]) / 3.0f;
        if (!(std::isfinite(m) && m > 0)) return false;
        l = std::log2(m);
        return true;
    });
    s->levels_.push_back(std::move(l0));
    if (!logs.empty()) {
        s->rangeLow_ = percentile(logs, 1.0);
        s->rangeHigh_ = percentile(logs, 99.0);
        if (s->rangeHigh_ - s->rangeLow_ < 1e-3) s->rangeHigh_ = s->rangeLow_ + 1e-3;
    }
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::signedMap(std::shared_ptr<const FloatPlane> values,
                                                         std::shared_ptr<const Mask> valid, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Signed, 1, std::move(name));
    MipLevel l0;
    const float* v0 = values->values().data();
    const std::size_t n = values->size();
    const int w = values->width(), h = values->height(); // read before the pointer is moved
    sharedLevel(l0, w, h, std::move(values), v0, std::move(valid));
    std::vector<float> mags = gather(n, [v0, &l0](std::size_t i, float& m) {
        m = std::fabs(v0[i]);
        return std::isfinite(m) && !l0.excluded(i);
    });
    s->levels_.push_back(std::move(l0));
    s->autoRange_ = mags.empty() ? 1.0 : percentile(mags, 99.0);
    if (!(s->autoRange_ > 0)) s->autoRange_ = 1.0;
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::categorical(const Plane<std::uint8_t>& labels,
                                                            std::vector<QColor> palette, QStringList labelNames,
                                                            QString name, std::uint8_t noneLabel) {
    auto s = std::make_shared<ImageSource>(SourceKind::Categorical, 1, std::move(name));
    MipLevel l0;
    float* v0 = ownLevel(l0, labels.width(), labels.height(), labels.size());
    for (std::size_t i = 0; i < labels.size(); ++i) v0[i] = labels[i] == noneLabel ? kNaN : float(labels[i]);
    s->levels_.push_back(std::move(l0));
    s->palette_ = std::move(palette);
    s->labelNames_ = std::move(labelNames);
    s->buildPyramid(true);
    return s;
}

QString ImageSource::describe(int x, int y) const {
    auto num = [](float v) {
        if (std::isnan(v)) return QStringLiteral("–");
        return QString::number(double(v), 'g', 4);
    };
    switch (kind_) {
    case SourceKind::Colour:
    case SourceKind::Ratio:
        return num(value(x, y, 0)) + "\n" + num(value(x, y, 1)) + "\n" + num(value(x, y, 2));
    case SourceKind::Signed:
        return num(value(x, y, 0));
    case SourceKind::Categorical: {
        const float v = value(x, y, 0);
        if (std::isnan(v)) return QStringLiteral("–");
        const int i = int(v);
        return i >= 0 && i < labelNames_.size() ? labelNames_[i] : QString::number(i);
    }
    }
    return {};
}

std::size_t ImageSource::bytes() const {
    std::size_t n = 0;
    for (const auto& l : levels_) n += l.ownBytes;
    return n;
}

} // namespace ll::ui
