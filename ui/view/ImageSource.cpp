#include "view/ImageSource.h"
#include "util/StreamingPercentile.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace ll::ui {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Rows per block when the automatic ranges visit a level.
constexpr int kRangeRows = 8;

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

MipLevel computedLevel(int width, int height, RowFunction rows) {
    MipLevel level;
    level.width = width;
    level.height = height;
    level.rows = std::move(rows);
    return level;
}

} // namespace

void halvedRow(const MipLevel& src, int channels, bool nearest, int y, int x0, int n, float* out) {
    const int sx0 = 2 * x0, sx1 = std::min(src.width, 2 * (x0 + n));
    const std::size_t span = std::size_t(sx1 - sx0) * std::size_t(channels);
    std::vector<float> rows(2 * span);
    float* r0 = rows.data();
    float* r1 = rows.data() + span;
    const int y0 = 2 * y, y1 = std::min(2 * y + 1, src.height - 1);
    src.read(y0, sx0, sx1 - sx0, channels, r0);
    if (nearest) {
        for (int x = 0; x < n; ++x)
            std::copy_n(r0 + std::size_t(2 * x) * std::size_t(channels), channels, out + std::size_t(x) * std::size_t(channels));
        return;
    }
    if (y1 != y0) src.read(y1, sx0, sx1 - sx0, channels, r1);
    else std::copy(r0, r0 + span, r1);
    for (int x = 0; x < n; ++x) {
        const int xa = 2 * (x0 + x) - sx0, xb = std::min(2 * (x0 + x) + 1, src.width - 1) - sx0;
        for (int c = 0; c < channels; ++c) {
            float sum = 0.0f;
            int k = 0;
            for (const float* r : {r0, r1})
                for (const int xx : {xa, xb}) {
                    const float v = r[std::size_t(xx) * std::size_t(channels) + std::size_t(c)];
                    if (std::isfinite(v)) { sum += v; ++k; }
                }
            out[std::size_t(x) * std::size_t(channels) + std::size_t(c)] = k ? sum / float(k) : kNaN;
        }
    }
}

namespace {

// A stored level that halves `src` (computed or stored), built in parallel by rows.
MipLevel halve(const MipLevel& src, int channels, bool nearest) {
    MipLevel dst;
    const int w = halvedSize(src.width), h = halvedSize(src.height);
    float* values = ownLevel(dst, w, h, std::size_t(w) * h * channels);
    tbb::parallel_for(0, h, [&](int y) {
        halvedRow(src, channels, nearest, y, 0, w, values + std::size_t(y) * w * channels);
    });
    return dst;
}

std::atomic<std::uint64_t> nextSourceId{1};

// Type-7 percentiles ps of the values that `keep` gives for each pixel of `level` (keep(px, out)
// appends zero or one value for the pixel's `channels` floats px; NaN pixels are excluded), without a
// copy of the level (util/StreamingPercentile.h).
template <typename Keep>
std::vector<double> levelPercentiles(const MipLevel& level, int channels, const std::vector<double>& ps, Keep keep) {
    const std::size_t blocks = std::size_t((level.height + kRangeRows - 1) / kRangeRows);
    return percentilesOfBlocks(blocks, [&](std::size_t b, std::vector<float>& out) {
        std::vector<float> row(std::size_t(level.width) * std::size_t(channels));
        const int y0 = int(b) * kRangeRows, y1 = std::min(level.height, y0 + kRangeRows);
        for (int y = y0; y < y1; ++y) {
            level.read(y, 0, level.width, channels, row.data());
            for (int x = 0; x < level.width; ++x) keep(row.data() + std::size_t(x) * std::size_t(channels), out);
        }
    }, ps);
}

} // namespace

int halvedSize(int n) { return std::max(1, (n + 1) / 2); }

void excludeOutside(const std::uint8_t* valid, int n, int channels, float* out) {
    for (int x = 0; x < n; ++x)
        if (!valid[x]) std::fill_n(out + std::size_t(x) * std::size_t(channels), channels, kNaN);
}

bool ratioRangeValue(const float* p, float& value) {
    const float m = (p[0] + p[1] + p[2]) / 3.0f;
    if (!(std::isfinite(m) && m > 0)) return false;
    value = std::log2(m);
    return true;
}

bool signedRangeValue(const float* p, float& value) {
    value = std::fabs(p[0]);
    return std::isfinite(value);
}

void MipLevel::read(int y, int x0, int n, int channels, float* out) const {
    if (computed()) {
        rows(y, x0, n, out);
        return;
    }
    const std::size_t first = std::size_t(y) * std::size_t(width) + std::size_t(x0);
    std::copy_n(values + first * std::size_t(channels), std::size_t(n) * std::size_t(channels), out);
    if (valid) excludeOutside(valid + first, n, channels, out);
}

ImageSource::ImageSource(SourceKind kind, int channels, QString name)
    : id_(nextSourceId.fetch_add(1)), kind_(kind), channels_(channels), name_(std::move(name)) {}

void ImageSource::buildPyramid(bool nearest, std::vector<float>* level2) {
    // Level 1 is computed from level 0 when drawn; the levels below it are stored, down to about 64
    // pixels on the long side.
    if (std::max(levels_.back().width, levels_.back().height) <= 64) return;
    const MipLevel base = levels_.front(); // shares level 0's storage and row function
    const int channels = channels_;
    levels_.push_back(computedLevel(halvedSize(base.width), halvedSize(base.height),
                                    [base, channels, nearest](int y, int x0, int n, float* out) {
                                        halvedRow(base, channels, nearest, y, x0, n, out);
                                    }));
    if (level2 && std::max(levels_.back().width, levels_.back().height) > 64) { // given: stored as it is
        MipLevel l2;
        const int w = halvedSize(levels_.back().width), h = halvedSize(levels_.back().height);
        auto buffer = std::make_shared<std::vector<float>>(std::move(*level2));
        l2.width = w;
        l2.height = h;
        l2.values = buffer->data();
        l2.ownBytes = buffer->size() * sizeof(float);
        l2.storage = std::move(buffer);
        levels_.push_back(std::move(l2));
    }
    while (std::max(levels_.back().width, levels_.back().height) > 64)
        levels_.push_back(halve(levels_.back(), channels_, nearest));
}

float ImageSource::value(int x, int y, int c) const {
    const MipLevel& l = levels_.front();
    if (x < 0 || y < 0 || x >= l.width || y >= l.height || c < 0 || c >= channels_) return kNaN;
    float px[3];
    l.read(y, x, 1, channels_, px);
    return px[c];
}

void ImageSource::setColourRange() {
    autoRange_ = levelPercentiles(levels_.front(), 3, {99.5}, [](const float* p, std::vector<float>& out) {
        const float y = 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
        if (std::isfinite(y)) out.push_back(y);
    })[0];
    if (std::isnan(autoRange_)) autoRange_ = 0.0;
}

void ImageSource::setRatioRange() {
    const auto r = levelPercentiles(levels_.front(), 3, ratioRangePercentiles(), [](const float* p, std::vector<float>& out) {
        float v;
        if (ratioRangeValue(p, v)) out.push_back(v);
    });
    setRatioRangeFrom(r[0], r[1]);
}

void ImageSource::setRatioRangeFrom(double low, double high) {
    if (std::isnan(low)) return;
    rangeLow_ = low;
    rangeHigh_ = high;
    if (rangeHigh_ - rangeLow_ < 1e-3) rangeHigh_ = rangeLow_ + 1e-3;
}

void ImageSource::setSignedRange() {
    setSignedRangeFrom(levelPercentiles(levels_.front(), 1, signedRangePercentiles(), [](const float* p, std::vector<float>& out) {
        float v;
        if (signedRangeValue(p, v)) out.push_back(v);
    })[0]);
}

void ImageSource::setSignedRangeFrom(double p99) {
    autoRange_ = p99;
    if (!(autoRange_ > 0)) autoRange_ = 1.0; // also NaN: no value
}

std::shared_ptr<const ImageSource> ImageSource::colour(const Image& linear, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Colour, 3, std::move(name));
    MipLevel l0;
    copyLevel(l0, linear.width(), linear.height(), linear.data(), linear.floatCount());
    s->levels_.push_back(std::move(l0));
    s->setColourRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::colour(std::shared_ptr<const Image> linear, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Colour, 3, std::move(name));
    MipLevel l0;
    const float* values = linear->data();
    const int w = linear->width(), h = linear->height(); // read before the pointer is moved
    sharedLevel(l0, w, h, std::move(linear), values, nullptr);
    s->levels_.push_back(std::move(l0));
    s->setColourRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::colour(int width, int height, RowFunction rows, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Colour, 3, std::move(name));
    s->levels_.push_back(computedLevel(width, height, std::move(rows)));
    s->setColourRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::ratio(std::shared_ptr<const Image> ratios,
                                                     std::shared_ptr<const Mask> valid, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Ratio, 3, std::move(name));
    MipLevel l0;
    const float* values = ratios->data();
    const int w = ratios->width(), h = ratios->height(); // read before the pointer is moved
    sharedLevel(l0, w, h, std::move(ratios), values, std::move(valid));
    s->levels_.push_back(std::move(l0));
    s->setRatioRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::ratio(int width, int height, RowFunction rows, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Ratio, 3, std::move(name));
    s->levels_.push_back(computedLevel(width, height, std::move(rows)));
    s->setRatioRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::signedMap(std::shared_ptr<const FloatPlane> values,
                                                         std::shared_ptr<const Mask> valid, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Signed, 1, std::move(name));
    MipLevel l0;
    const float* v0 = values->values().data();
    const int w = values->width(), h = values->height(); // read before the pointer is moved
    sharedLevel(l0, w, h, std::move(values), v0, std::move(valid));
    s->levels_.push_back(std::move(l0));
    s->setSignedRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::signedMap(int width, int height, RowFunction rows, QString name) {
    auto s = std::make_shared<ImageSource>(SourceKind::Signed, 1, std::move(name));
    s->levels_.push_back(computedLevel(width, height, std::move(rows)));
    s->setSignedRange();
    s->buildPyramid(false);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::prebuilt(SourceKind kind, int width, int height, RowFunction rows,
                                                        double autoRange, double low, double high,
                                                        std::vector<float> level2, QString name) {
    auto s = std::make_shared<ImageSource>(kind, kind == SourceKind::Ratio ? 3 : 1, std::move(name));
    s->levels_.push_back(computedLevel(width, height, std::move(rows)));
    if (kind == SourceKind::Ratio) s->setRatioRangeFrom(low, high);
    else s->setSignedRangeFrom(autoRange);
    const std::size_t want = std::size_t(halvedSize(halvedSize(width))) * std::size_t(halvedSize(halvedSize(height))) *
                             std::size_t(s->channels_);
    s->buildPyramid(false, level2.size() == want ? &level2 : nullptr);
    return s;
}

std::shared_ptr<const ImageSource> ImageSource::categorical(std::shared_ptr<const Plane<std::uint8_t>> labels,
                                                            std::vector<QColor> palette, QStringList labelNames,
                                                            QString name, std::uint8_t noneLabel) {
    auto s = std::make_shared<ImageSource>(SourceKind::Categorical, 1, std::move(name));
    const int w = labels->width(), h = labels->height();
    s->levels_.push_back(computedLevel(w, h, [labels, noneLabel](int y, int x0, int n, float* out) {
        const std::uint8_t* row = labels->row(y) + x0;
        for (int x = 0; x < n; ++x) out[x] = row[x] == noneLabel ? kNaN : float(row[x]);
    }));
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
