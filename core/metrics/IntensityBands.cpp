#include "metrics/IntensityBands.h"

#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <bit>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

namespace ll {
namespace {

std::string edgeText(double e) {
    std::ostringstream s;
    s << e; // 16 -> "16", 0.5 -> "0.5"
    return s.str();
}

// The smallest non-negative float l with pred(l), or +inf when none; pred is monotone in l.
template <typename Pred>
float smallestFloatWhere(Pred pred) {
    std::uint32_t lo = 0, hi = 0x7f800000u; // bit patterns of 0 and +inf, ordered like the values
    auto value = [](std::uint32_t bits) { return std::bit_cast<float>(bits); };
    if (pred(value(lo))) return 0.0f;
    if (!pred(value(hi))) return INFINITY;
    while (hi - lo > 1) { // pred(lo) false, pred(hi) true
        const std::uint32_t mid = lo + (hi - lo) / 2;
        (pred(value(mid)) ? hi : lo) = mid;
    }
    return value(hi);
}

} // namespace

BandClassifier::BandClassifier(const std::vector<double>& e, double mx) {
    undefined_ = !(mx > 0.0);
    if (undefined_) return;
    auto pct = [mx](float l) { return 100.0 * double(l) / mx; };
    infinite_ = smallestFloatWhere([&](float l) { return !std::isfinite(pct(l)); });
    for (std::size_t i = 0; i + 2 < e.size(); ++i)
        thresholds_.push_back(smallestFloatWhere([&](float l) { return pct(l) > e[i + 1]; }));
}

void BandClassifier::classify(const float* l, std::size_t n, std::uint8_t* out) const {
    if (undefined_) {
        std::fill(out, out + n, kNoBand);
        return;
    }
    std::fill(out, out + n, std::uint8_t(0));
    for (const float t : thresholds_)
        for (std::size_t x = 0; x < n; ++x) out[x] = std::uint8_t(out[x] + (l[x] < t));
    for (std::size_t x = 0; x < n; ++x) out[x] = l[x] < infinite_ ? out[x] : kNoBand; // also NaN
}

std::vector<std::string> bandKeys(const std::vector<double>& e) {
    if (e.size() < 2 || e.size() > 255 || e.front() != 100.0 || e.back() != 0.0)
        throw Error("band edges", "must run from 100 down to 0 percent (at most 254 bands)");
    for (std::size_t i = 1; i < e.size(); ++i)
        if (!(e[i] < e[i - 1])) throw Error("band edges", "must be strictly descending");
    std::vector<std::string> keys;
    for (std::size_t i = 0; i + 1 < e.size(); ++i) keys.push_back(edgeText(e[i + 1]) + "-" + edgeText(e[i]));
    return keys;
}

IntensityBands intensityBands(const FloatPlane& L, const Mask& omega, const std::vector<double>& e) {
    IntensityBands b;
    b.keys = bandKeys(e);
    const int W = L.width(), H = L.height();
    b.labels = Plane<std::uint8_t>(W, H, kNoBand);
    double mx = 0.0;
    for (std::size_t i = 0; i < L.size(); ++i)
        if (omega[i] && double(L[i]) > mx) mx = L[i];
    b.maxSignal = mx;
    if (!(mx > 0.0)) return b;
    const BandClassifier bandOf(e, mx);
    tbb::parallel_for(0, H, [&](int y) {
        const float* l = L.row(y);
        std::uint8_t* o = b.labels.row(y);
        for (int x = 0; x < W; ++x) o[x] = bandOf(l[x]);
    });
    return b;
}

} // namespace ll
