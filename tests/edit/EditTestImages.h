#pragma once
// Deterministic procedural test images for the edit tests. The scene is an analytic function of
// continuous coordinates, so shifted and warped versions are sampled exactly (no resampling):
//   linear RGB = albedo(u, v) * shading(u, v)
// albedo: a smooth colour field times a texture of random sinusoids; shading: a soft light gradient
// with a shadow edge and two soft-edged discs. Images go through the 8-bit sRGB path like model
// inputs and outputs do.
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <numbers>
#include <vector>

namespace ll::test {

struct Rng {
    std::uint64_t s;
    explicit Rng(std::uint64_t seed) : s(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform(double a = 0, double b = 1) { return a + (b - a) * double(next() >> 11) * 0x1.0p-53; }
    double normal() {
        const double u1 = std::max(uniform(), 1e-300), u2 = uniform();
        return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
    }
};

struct Wave {
    double fx, fy, phase, amp;
};

// A texture of random sinusoids with frequencies in [fmin, fmax] cycles/px; mean 1, modulation depth ~depth.
struct Texture {
    std::vector<Wave> waves;
    Texture(std::uint64_t seed, int count, double fmin, double fmax, double depth) {
        Rng r(seed);
        for (int i = 0; i < count; ++i) {
            const double f = r.uniform(fmin, fmax), a = r.uniform(0, 2 * std::numbers::pi);
            waves.push_back({f * std::cos(a), f * std::sin(a), r.uniform(0, 2 * std::numbers::pi),
                             depth / std::sqrt(double(count)) * r.uniform(0.5, 1.5)});
        }
    }
    double operator()(double u, double v) const {
        double s = 1.0;
        for (const auto& w : waves) s += w.amp * std::sin(2 * std::numbers::pi * (w.fx * u + w.fy * v) + w.phase);
        return std::max(0.05, s);
    }
};

inline double smoothEdge(double d, double width) { return 0.5 * (1 + std::erf(d / width)); }

struct Scene {
    int width = 256, height = 192;
    Texture texture{11, 40, 0.1, 0.35, 0.45};
    // Colour albedo field: smooth, moderately saturated.
    std::function<void(double, double, double*)> albedo = [this](double u, double v, double* rgb) {
        const double t = texture(u, v);
        rgb[0] = (0.35 + 0.15 * std::sin(u / 37.0)) * t;
        rgb[1] = (0.30 + 0.10 * std::cos(v / 29.0)) * t;
        rgb[2] = (0.22 + 0.12 * std::sin((u + v) / 41.0)) * t;
    };
    static double shading(double u, double v) {
        double s = 0.45 + 0.5 * u / 256.0;                                    // light gradient
        s *= 0.55 + 0.45 * smoothEdge((u - 0.6 * v) - 90.0, 1.5);             // shadow edge
        s *= 1.0 + 0.6 * smoothEdge(22.0 - std::hypot(u - 60, v - 130), 1.0); // bright disc
        s *= 1.0 - 0.5 * smoothEdge(18.0 - std::hypot(u - 200, v - 50), 1.0); // dark disc
        return s;
    }
    // Samples the scene at (u - dx(u,v), v - dy(u,v)) for every pixel centre.
    Image render(const std::function<void(double, double, double&, double&)>& displacement = {}) const {
        Image img(width, height);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                double u = x + 0.5, v = y + 0.5, dx = 0, dy = 0;
                if (displacement) displacement(u, v, dx, dy);
                u -= dx;
                v -= dy;
                double a[3];
                albedo(u, v, a);
                const double s = shading(u, v);
                for (int c = 0; c < 3; ++c) img.at(x, y, c) = float(a[c] * s);
            }
        return img;
    }
};

// Through the 8-bit sRGB path (quantised), as a model's input or output would be.
inline Image through8bit(const Image& linear, const ColourConfig& colour) {
    const ModelImagePath path(colour, "srgb");
    return path.decode(path.toCodes(linear));
}

inline Mask ellipseMask(int w, int h, double cx, double cy, double rx, double ry) {
    Mask m(w, h, 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const double a = (x + 0.5 - cx) / rx, b = (y + 0.5 - cy) / ry;
            m(x, y) = a * a + b * b <= 1.0 ? 1 : 0;
        }
    return m;
}

} // namespace ll::test
