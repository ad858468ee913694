#include "metrics/IntensityBands.h"

#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <sstream>

namespace ll {
namespace {

std::string edgeText(double e) {
    std::ostringstream s;
    s << e; // 16 -> "16", 0.5 -> "0.5"
    return s.str();
}

} // namespace

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
    const std::size_t n = b.keys.size();
    tbb::parallel_for(0, H, [&](int y) {
        const float* l = L.row(y);
        std::uint8_t* o = b.labels.row(y);
        for (int x = 0; x < W; ++x) {
            const double pct = 100.0 * double(l[x]) / mx;
            if (!std::isfinite(pct)) continue;
            std::size_t band = n - 1;
            for (std::size_t i = 0; i + 1 < n; ++i)
                if (pct > e[i + 1]) {
                    band = i;
                    break;
                }
            o[x] = std::uint8_t(band);
        }
    });
    return b;
}

} // namespace ll
