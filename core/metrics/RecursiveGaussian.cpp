#include "metrics/RecursiveGaussian.h"

#include "metrics/MirrorIndex.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <vector>

namespace ll {
namespace {

// h(t) = sum_k (a_k cos(w_k t) + b_k sin(w_k t)) exp(-B_k t), t = n / sigma >= 0, fitted to
// exp(-t^2 / 2) by least squares on t in [0, 10] (starting from Deriche's 4th-order constants).
constexpr int kPairs = 3;
constexpr double kFit[kPairs][4] = {
    {3.15266439, 7.29932354, 2.18200313, 0.52657245},
    {-2.31090429, -0.91533433, 2.15089235, 1.61602799},
    {0.15823207, -0.04427354, 2.07848782, 2.85654363},
};

struct Coefficients {
    // Poles z_k and weights alpha_k: h(n) = Re sum_k alpha_k z_k^n (n >= 0), already divided by the
    // kernel's total mass so the filter preserves constants.
    std::array<float, kPairs> zr{}, zi{}, ar{}, ai{};
    std::array<double, kPairs> steadyCausalR{}, steadyCausalI{}, steadyAntiR{}, steadyAntiI{};
};

Coefficients coefficientsFor(double sigma) {
    using C = std::complex<double>;
    std::array<C, kPairs> z, alpha;
    double mass = 0.0;
    for (int k = 0; k < kPairs; ++k) {
        z[k] = std::exp(C(-kFit[k][2], kFit[k][3]) / sigma);
        alpha[k] = C(kFit[k][0], -kFit[k][1]);
        mass += (alpha[k] * (1.0 + z[k]) / (1.0 - z[k])).real(); // h(0) + 2 sum_{n>=1} h(n)
    }
    Coefficients c;
    for (int k = 0; k < kPairs; ++k) {
        const C a = alpha[k] / mass;
        c.zr[k] = float(z[k].real());
        c.zi[k] = float(z[k].imag());
        c.ar[k] = float(a.real());
        c.ai[k] = float(a.imag());
        const C sc = 1.0 / (1.0 - z[k]);      // u = x + z u   for constant x: u = x / (1 - z)
        const C sa = z[k] / (1.0 - z[k]);     // v = z (x + v) for constant x: v = x z / (1 - z)
        c.steadyCausalR[k] = sc.real();
        c.steadyCausalI[k] = sc.imag();
        c.steadyAntiR[k] = sa.real();
        c.steadyAntiI[k] = sa.imag();
    }
    return c;
}

// Blurs along y (columns) for columns [x0, x1) of a W x H plane, from src into dst.
// The recursions run over rows -P .. H-1+P of the mirrored signal; all columns of a row at once.
void blurColumns(const float* src, float* dst, int W, int H, int x0, int x1, int P, const Coefficients& c) {
    const int n = x1 - x0;
    std::vector<float> ur(std::size_t(kPairs) * n), ui(std::size_t(kPairs) * n);
    auto srcRow = [&](long long y) { return src + std::size_t(mirrorIndex(y, H)) * W + x0; };

    // Causal: u_k(y) = x(y) + z_k u_k(y-1); out(y) = Re sum alpha_k u_k(y).
    {
        const float* first = srcRow(-P);
        for (int k = 0; k < kPairs; ++k)
            for (int i = 0; i < n; ++i) {
                ur[k * n + i] = float(first[i] * c.steadyCausalR[k]);
                ui[k * n + i] = float(first[i] * c.steadyCausalI[k]);
            }
    }
    for (long long y = -P; y < H; ++y) {
        const float* s = srcRow(y);
        float* o = y >= 0 ? dst + std::size_t(y) * W + x0 : nullptr;
        if (o) std::fill(o, o + n, 0.0f);
        for (int k = 0; k < kPairs; ++k) {
            float* r = ur.data() + std::size_t(k) * n;
            float* im = ui.data() + std::size_t(k) * n;
            const float zr = c.zr[k], zi = c.zi[k], ar = c.ar[k], ai = c.ai[k];
            for (int i = 0; i < n; ++i) {
                const float nr = s[i] + zr * r[i] - zi * im[i];
                const float ni = zr * im[i] + zi * r[i];
                r[i] = nr;
                im[i] = ni;
            }
            if (o)
                for (int i = 0; i < n; ++i) o[i] += ar * r[i] - ai * im[i];
        }
    }
    // Anti-causal: v_k(y) = z_k (x(y+1) + v_k(y+1)); out(y) += Re sum alpha_k v_k(y).
    {
        const float* last = srcRow(H - 1 + P);
        for (int k = 0; k < kPairs; ++k)
            for (int i = 0; i < n; ++i) {
                ur[k * n + i] = float(last[i] * c.steadyAntiR[k]);
                ui[k * n + i] = float(last[i] * c.steadyAntiI[k]);
            }
    }
    for (long long y = H - 2 + P; y >= 0; --y) {
        const float* s = srcRow(y + 1);
        float* o = y < H ? dst + std::size_t(y) * W + x0 : nullptr;
        for (int k = 0; k < kPairs; ++k) {
            float* r = ur.data() + std::size_t(k) * n;
            float* im = ui.data() + std::size_t(k) * n;
            const float zr = c.zr[k], zi = c.zi[k], ar = c.ar[k], ai = c.ai[k];
            for (int i = 0; i < n; ++i) {
                const float xr = s[i] + r[i];
                const float nr = zr * xr - zi * im[i];
                const float ni = zr * im[i] + zi * xr;
                r[i] = nr;
                im[i] = ni;
            }
            if (o)
                for (int i = 0; i < n; ++i) o[i] += ar * r[i] - ai * im[i];
        }
    }
}

void blurAlongY(const FloatPlane& src, FloatPlane& dst, const Coefficients& c, int P) {
    const int W = src.width(), H = src.height();
    constexpr int kBlock = 256;
    const int blocks = (W + kBlock - 1) / kBlock;
    tbb::parallel_for(0, blocks, [&](int b) {
        const int x0 = b * kBlock, x1 = std::min(W, x0 + kBlock);
        blurColumns(src.data(), dst.data(), W, H, x0, x1, P, c);
    });
}

FloatPlane transposed(const FloatPlane& src) {
    const int W = src.width(), H = src.height();
    FloatPlane out(H, W);
    constexpr int kTile = 64;
    tbb::parallel_for(0, (H + kTile - 1) / kTile, [&](int ty) {
        const int y0 = ty * kTile, y1 = std::min(H, y0 + kTile);
        for (int x0 = 0; x0 < W; x0 += kTile) {
            const int x1 = std::min(W, x0 + kTile);
            for (int y = y0; y < y1; ++y)
                for (int x = x0; x < x1; ++x) out(y, x) = src(x, y);
        }
    });
    return out;
}

} // namespace

FloatPlane gaussianBlurRecursive(const FloatPlane& src, double sigma) {
    if (src.empty() || !(sigma > 0.0)) return src;
    const Coefficients c = coefficientsFor(sigma);
    const int P = std::max(1, int(std::ceil(6.0 * sigma)));
    // Scoped so that at most two planes besides src are alive at any time.
    FloatPlane alongX;
    {
        FloatPlane alongY(src.width(), src.height());
        blurAlongY(src, alongY, c, P);
        FloatPlane t = transposed(alongY);
        alongY = FloatPlane();
        alongX = FloatPlane(t.width(), t.height());
        blurAlongY(t, alongX, c, P);
    }
    return transposed(alongX);
}

} // namespace ll
