#include "colour/ModelImagePath.h"
#include "util/Percentile.h"

#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll {

ModelImagePath::ModelImagePath(const ColourConfig& colour, const std::string& space)
    : colour_(colour), space_(colour.canonicalName(space)) {
    std::array<float, 256 * 3> tmp{};
    for (int i = 0; i < 256; ++i) tmp[i * 3] = tmp[i * 3 + 1] = tmp[i * 3 + 2] = float(i) / 255.0f;
    colour_.convert(tmp.data(), 256, space_, "lin_rec709");
    for (int i = 0; i < 256; ++i) decode_[i] = tmp[i * 3];
    decode_[0] = 0.0f;
}

Image ModelImagePath::encode(const Image& linear, float k) const {
    Image out;
    encode(linear, k, out);
    return out;
}

void ModelImagePath::encode(const Image& linear, float k, Image& out) const {
    out.resize(linear.width(), linear.height());
    out.info = ImageInfo{};
    const float* s = linear.data();
    float* d = out.data();
    const std::size_t n = linear.floatCount();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 16), [&](const auto& r) {
        for (std::size_t i = r.begin(); i < r.end(); ++i) {
            const float v = s[i] * k;
            d[i] = std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f;
        }
    });
    colour_.convert(out.data(), out.pixelCount(), "lin_rec709", space_);
    out.info.colourSpace = space_;
}

Codes8 ModelImagePath::toCodes(const Image& linear, float k) const {
    Codes8 c;
    codesOfEncoded(encode(linear, k), c);
    return c;
}

void ModelImagePath::codesOfEncoded(const Image& encoded, Codes8& into) {
    into.width = encoded.width();
    into.height = encoded.height();
    into.rgb.resize(encoded.floatCount());
    const float* s = encoded.data();
    for (std::size_t i = 0; i < into.rgb.size(); ++i) into.rgb[i] = codeOf(s[i]);
}

Image ModelImagePath::decode(const Codes8& codes, float k) const {
    Image out;
    decode(codes, k, out);
    return out;
}

std::array<float, 256> ModelImagePath::decodeTable(float k) const {
    if (!(k > 0.0f) || !std::isfinite(k)) throw Error("exposure", "k must be a positive finite number");
    // decode_[c] / k as the same float product for every value.
    const float inv = 1.0f / k;
    std::array<float, 256> table;
    for (std::size_t c = 0; c < 256; ++c) table[c] = decode_[c] * inv;
    return table;
}

void ModelImagePath::decode(const Codes8& codes, float k, Image& out) const {
    const std::array<float, 256> table = decodeTable(k);
    if (out.width() != codes.width || out.height() != codes.height) out = Image(codes.width, codes.height);
    float* d = out.data();
    const std::uint8_t* s = codes.rgb.data();
    const std::size_t n = std::min(codes.rgb.size(), out.floatCount());
    for (std::size_t i = 0; i < n; ++i) d[i] = table[s[i]];
}

Codes8 ModelImagePath::codesOf(const Image& normalised) {
    Codes8 c{normalised.width(), normalised.height(), std::vector<std::uint8_t>(normalised.floatCount())};
    const float* s = normalised.data();
    for (std::size_t i = 0; i < c.rgb.size(); ++i) c.rgb[i] = codeOf(std::isfinite(s[i]) ? s[i] : 0.0f);
    return c;
}

Image ModelImagePath::decode(const Image& normalised, float k) const {
    if (!(k > 0.0f) || !std::isfinite(k)) throw Error("exposure", "k must be a positive finite number");
    if (!normalised.info.isFloat && normalised.info.bitsPerSample <= 8) {
        Image out = decode(codesOf(normalised), k);
        out.info = normalised.info;
        out.info.colourSpace = "lin_rec709";
        return out;
    }
    Image out = normalised;
    colour_.convert(out, space_, "lin_rec709");
    const float inv = 1.0f / k;
    float* d = out.data();
    for (std::size_t i = 0; i < out.floatCount(); ++i) d[i] *= inv;
    return out;
}

float exposureForPercentile(const Image& linear, double percentile, double target) {
    std::vector<float> lum;
    lum.reserve(linear.pixelCount());
    const float* p = linear.data();
    for (std::size_t i = 0; i < linear.pixelCount(); ++i, p += 3) {
        const float y = 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
        if (std::isfinite(y)) lum.push_back(y);
    }
    if (lum.empty()) return 1.0f;
    const double v = percentileInPlace(lum, percentile); // util/Percentile.h
    if (!(v > 0.0)) return 1.0f;
    return float(target / v);
}

} // namespace ll
