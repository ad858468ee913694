#include "image/RecursiveGaussian.h"

#include "image/BorderIndex.h"

#include <tbb/enumerable_thread_specific.h>
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

// The causal and anti-causal recursions over `n` independent signals of length `len`, sample by sample
// ("rows" of n values): input row t in [-P, len - 1 + P] (the mirrored extension) from src(t), output
// row t in [0, len) to dst(t). ur, ui: scratch of kPairs * n floats. Every signal goes through the same
// arithmetic whatever n is and however the rows are laid out.
template <typename Src, typename Dst>
void recurse(int n, int len, int P, const Coefficients& c, Src src, Dst dst, float* ur, float* ui) {
    // Causal: u_k(t) = x(t) + z_k u_k(t-1); out(t) = Re sum alpha_k u_k(t).
    {
        const float* first = src(-P);
        for (int k = 0; k < kPairs; ++k)
            for (int i = 0; i < n; ++i) {
                ur[k * n + i] = float(first[i] * c.steadyCausalR[k]);
                ui[k * n + i] = float(first[i] * c.steadyCausalI[k]);
            }
    }
    for (int t = -P; t < len; ++t) {
        const float* s = src(t);
        float* o = t >= 0 ? dst(t) : nullptr;
        if (o) std::fill(o, o + n, 0.0f);
        for (int k = 0; k < kPairs; ++k) {
            float* r = ur + std::size_t(k) * n;
            float* im = ui + std::size_t(k) * n;
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
    // Anti-causal: v_k(t) = z_k (x(t+1) + v_k(t+1)); out(t) += Re sum alpha_k v_k(t).
    {
        const float* last = src(len - 1 + P);
        for (int k = 0; k < kPairs; ++k)
            for (int i = 0; i < n; ++i) {
                ur[k * n + i] = float(last[i] * c.steadyAntiR[k]);
                ui[k * n + i] = float(last[i] * c.steadyAntiI[k]);
            }
    }
    for (int t = len - 2 + P; t >= 0; --t) {
        const float* s = src(t + 1);
        float* o = t < len ? dst(t) : nullptr;
        for (int k = 0; k < kPairs; ++k) {
            float* r = ur + std::size_t(k) * n;
            float* im = ui + std::size_t(k) * n;
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

constexpr int kColumnBlock = 256; // columns per task of the pass along y
constexpr int kRowBlock = 16;     // rows per task of the pass along x

// Along y: blocks of columns, each row of a block contiguous in memory; src and dst must differ.
void blurAlongY(const float* src, float* dst, int W, int H, const Coefficients& c, int P) {
    const int blocks = (W + kColumnBlock - 1) / kColumnBlock;
    tbb::parallel_for(0, blocks, [&](int b) {
        const int x0 = b * kColumnBlock, x1 = std::min(W, x0 + kColumnBlock);
        const int n = x1 - x0;
        float ur[kPairs * kColumnBlock], ui[kPairs * kColumnBlock];
        recurse(
            n, H, P, c, [&](int t) { return src + std::size_t(reflectIndex(t, H)) * W + x0; },
            [&](int t) { return dst + std::size_t(t) * W + x0; }, ur, ui);
    });
}

// Along x, in place: blocks of kRowBlock rows are copied (with their mirrored extension) into a
// scratch buffer with the rows interleaved, so that the recursion runs over all rows of the block at
// once, and the result is copied back.
void blurAlongX(float* plane, int W, int H, const Coefficients& c, int P) {
    const int blocks = (H + kRowBlock - 1) / kRowBlock;
    const std::size_t ext = std::size_t(W) + 2 * std::size_t(P);
    struct Scratch {
        std::vector<float> in, out;
    };
    tbb::enumerable_thread_specific<Scratch> scratch;
    tbb::parallel_for(0, blocks, [&](int b) {
        const int y0 = b * kRowBlock, n = std::min(H, y0 + kRowBlock) - y0;
        std::vector<float>& in = scratch.local().in;
        std::vector<float>& out = scratch.local().out;
        in.resize(ext * kRowBlock);
        out.resize(std::size_t(W) * kRowBlock);
        for (int r = 0; r < n; ++r) {
            const float* row = plane + std::size_t(y0 + r) * W;
            for (std::size_t t = 0; t < ext; ++t) in[t * kRowBlock + r] = row[reflectIndex((long long)t - P, W)];
        }
        float ur[kPairs * kRowBlock], ui[kPairs * kRowBlock];
        recurse(
            n, W, P, c, [&](int t) { return in.data() + std::size_t(t + P) * kRowBlock; },
            [&](int t) { return out.data() + std::size_t(t) * kRowBlock; }, ur, ui);
        for (int r = 0; r < n; ++r) {
            float* row = plane + std::size_t(y0 + r) * W;
            for (int x = 0; x < W; ++x) row[x] = out[std::size_t(x) * kRowBlock + r];
        }
    });
}

} // namespace

void gaussianBlurRecursive(const FloatPlane& src, double sigma, FloatPlane& dst) {
    if (dst.width() != src.width() || dst.height() != src.height()) dst = FloatPlane(src.width(), src.height());
    if (src.empty()) return;
    if (!(sigma > 0.0)) {
        std::copy(src.data(), src.data() + src.size(), dst.data());
        return;
    }
    const Coefficients c = coefficientsFor(sigma);
    const int P = std::max(1, int(std::ceil(6.0 * sigma)));
    blurAlongY(src.data(), dst.data(), src.width(), src.height(), c, P);
    blurAlongX(dst.data(), src.width(), src.height(), c, P);
}

FloatPlane gaussianBlurRecursive(const FloatPlane& src, double sigma) {
    FloatPlane out;
    gaussianBlurRecursive(src, sigma, out);
    return out;
}

} // namespace ll
