#include "metrics/SyntheticCase.h"

#include <tbb/parallel_for.h>

#include <cmath>

namespace ll {
namespace {

// A hash-based value in [0, 1) for texture and noise.
double hash01(std::uint64_t a, std::uint64_t b, std::uint64_t seed) {
    std::uint64_t z = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull ^ seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return double((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
}

Mask rect(int W, int H, double x0, double y0, double x1, double y1) {
    Mask m(W, H);
    for (int y = int(y0 * H); y < int(y1 * H); ++y)
        for (int x = int(x0 * W); x < int(x1 * W); ++x) m(x, y) = 1;
    return m;
}

} // namespace

SyntheticCase makeSyntheticCase(int W, int H, std::uint64_t seed) {
    SyntheticCase s;
    s.on = Image(W, H);
    s.off = Image(W, H);
    s.edit = Image(W, H);
    const double lx = 0.35 * W, ly = 0.3 * H, lz = 0.25 * std::max(W, H);
    const double albedo[3] = {0.8, 0.7, 0.6};
    tbb::parallel_for(0, H, [&](int y) {
        for (int x = 0; x < W; ++x) {
            const double tex = 0.6 + 0.4 * hash01(std::uint64_t(x / 8), std::uint64_t(y / 8), seed);
            const double ambient = 0.05 + 0.03 * double(x) / W + 0.02 * std::sin(6.0 * y / H);
            const double dx = x - lx, dy = y - ly;
            const double d2 = dx * dx + dy * dy + lz * lz;
            const double cosTerm = lz / std::sqrt(d2);
            const bool shadow = x > 0.55 * W && x < 0.65 * W && y > 0.5 * H;
            const bool wrongShadow = x > 0.2 * W && x < 0.28 * W && y > 0.6 * H;
            const double light = (shadow ? 0.1 : 1.0) * 4.0 * lz * lz * cosTerm / d2;
            for (int c = 0; c < 3; ++c) {
                const double a = albedo[c] * tex;
                const double off = a * ambient;
                const double on = off + a * light * (c == 2 ? 0.8 : 1.0);
                const double noise = 1.0 + 0.01 * (hash01(std::uint64_t(x), std::uint64_t(y * 3 + c), seed + 7) - 0.5);
                const double edit = 0.9 * off + 0.7 * a * light * (wrongShadow ? 0.3 : 1.0) * (c == 0 ? 1.1 : 1.0);
                s.off.at(x, y, c) = float(off);
                s.on.at(x, y, c) = float(on);
                s.edit.at(x, y, c) = float(edit * noise);
            }
        }
    });
    s.regions["probe_shadow"] = rect(W, H, 0.55, 0.5, 0.65, 1.0);
    s.regions["ambient_shadow"] = rect(W, H, 0.2, 0.6, 0.28, 1.0);
    s.regions["metallic"] = rect(W, H, 0.7, 0.1, 0.9, 0.3);
    s.regions["window"] = rect(W, H, 0.0, 0.0, 0.08, 0.25);
    return s;
}

} // namespace ll
