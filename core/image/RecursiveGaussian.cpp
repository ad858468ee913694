#include "image/RecursiveGaussian.h"

#include "image/BorderIndex.h"
#include "util/SimdClones.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstring>
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
[[gnu::always_inline]] inline void recurse(int n, int len, int P, const Coefficients& c, Src src, Dst dst, float* ur, float* ui) {
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
        const float* __restrict s = src(t);
        float* __restrict o = t >= 0 ? dst(t) : nullptr;
        if (o) std::fill(o, o + n, 0.0f);
        for (int k = 0; k < kPairs; ++k) {
            float* __restrict r = ur + std::size_t(k) * n;
            float* __restrict im = ui + std::size_t(k) * n;
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
        const float* __restrict s = src(t + 1);
        float* __restrict o = t < len ? dst(t) : nullptr;
        for (int k = 0; k < kPairs; ++k) {
            float* __restrict r = ur + std::size_t(k) * n;
            float* __restrict im = ui + std::size_t(k) * n;
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

constexpr int kLanes = 16;        // signals filtered together, one vector of floats
constexpr int kRowBlock = kLanes; // rows per task of the pass along x

// kLanes columns from x0 along y, and kRowBlock interleaved rows along x (below): recurseLanes.
LL_SIMD_CLONES void blurColumnLanes(const float* src, float* dst, int W, int H, int x0, const Coefficients& c, int P);

// kRowBlock rows of length W interleaved (value t of row r at in[(t + P) * kRowBlock + r], the mirrored
// extension included) blurred into out (value x of row r at out[x * kRowBlock + r]).
LL_SIMD_CLONES void blurInterleavedRows(const float* in, float* out, int W, const Coefficients& c, int P);

// Along y: blocks of kLanes columns (recurseLanes), the last W % kLanes columns by recurse(); src and
// dst must differ.
void blurAlongY(const float* src, float* dst, int W, int H, const Coefficients& c, int P) {
    const int blocks = W / kLanes;
    tbb::parallel_for(0, blocks + 1, [&](int b) {
        const int x0 = b * kLanes;
        if (b < blocks) {
            blurColumnLanes(src, dst, W, H, x0, c, P);
            return;
        }
        const int n = W - x0;
        if (n == 0) return;
        float ur[kPairs * kLanes], ui[kPairs * kLanes];
        recurse(
            n, H, P, c, [&](int t) { return src + std::size_t(t >= 0 && t < H ? t : reflectIndex(t, H)) * W + x0; },
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
        for (int r = 0; r < kRowBlock; ++r) { // rows past the plane's last (a last short block) as zeros
            const float* row = plane + std::size_t(y0 + r) * W;
            float* col = in.data() + r;
            if (r >= n) {
                for (std::size_t t = 0; t < ext; ++t) col[t * kRowBlock] = 0.0f;
                continue;
            }
            for (std::size_t t = 0; t < ext; ++t) {
                const long long x = (long long)t - P;
                col[t * kRowBlock] = row[x >= 0 && x < W ? x : reflectIndex(x, W)];
            }
        }
        blurInterleavedRows(in.data(), out.data(), W, c, P);
        for (int r = 0; r < n; ++r) {
            float* row = plane + std::size_t(y0 + r) * W;
            for (int x = 0; x < W; ++x) row[x] = out[std::size_t(x) * kRowBlock + r];
        }
    });
}

// recurse() for kLanes signals at once, one vector of kLanes floats per sample (GCC's vector extension:
// lowered to the widest registers the clone has): input sample t in [-P, len - 1 + P] at src(t), output
// sample t in [0, len) at dst(t), each kLanes consecutive floats. Each lane does recurse()'s float
// operations in its order, so the signals come out as recurse() would give them.
template <typename Src, typename Dst>
[[gnu::always_inline]] inline void recurseLanes(int len, int P, const Coefficients& c, Src src, Dst dst) {
    typedef float Lanes __attribute__((vector_size(kLanes * sizeof(float))));
    typedef double WideLanes __attribute__((vector_size(kLanes * sizeof(double))));
    Lanes r[kPairs], im[kPairs], x, o;
    // Causal: u_k(t) = x(t) + z_k u_k(t-1); out(t) = Re sum alpha_k u_k(t).
    std::memcpy(&x, src(-P), sizeof x);
    for (int k = 0; k < kPairs; ++k) {
        const WideLanes wide = __builtin_convertvector(x, WideLanes);
        r[k] = __builtin_convertvector(wide * c.steadyCausalR[std::size_t(k)], Lanes);
        im[k] = __builtin_convertvector(wide * c.steadyCausalI[std::size_t(k)], Lanes);
    }
    for (int t = -P; t < len; ++t) {
        std::memcpy(&x, src(t), sizeof x);
        o = Lanes{};
        for (int k = 0; k < kPairs; ++k) {
            const float zr = c.zr[std::size_t(k)], zi = c.zi[std::size_t(k)];
            const Lanes nr = x + zr * r[k] - zi * im[k];
            const Lanes ni = zr * im[k] + zi * r[k];
            r[k] = nr;
            im[k] = ni;
            o += c.ar[std::size_t(k)] * r[k] - c.ai[std::size_t(k)] * im[k];
        }
        if (t >= 0) std::memcpy(dst(t), &o, sizeof o);
    }
    // Anti-causal: v_k(t) = z_k (x(t+1) + v_k(t+1)); out(t) += Re sum alpha_k v_k(t).
    std::memcpy(&x, src(len - 1 + P), sizeof x);
    for (int k = 0; k < kPairs; ++k) {
        const WideLanes wide = __builtin_convertvector(x, WideLanes);
        r[k] = __builtin_convertvector(wide * c.steadyAntiR[std::size_t(k)], Lanes);
        im[k] = __builtin_convertvector(wide * c.steadyAntiI[std::size_t(k)], Lanes);
    }
    for (int t = len - 2 + P; t >= 0; --t) {
        std::memcpy(&x, src(t + 1), sizeof x);
        o = Lanes{};
        if (t < len) std::memcpy(&o, dst(t), sizeof o);
        for (int k = 0; k < kPairs; ++k) {
            const float zr = c.zr[std::size_t(k)], zi = c.zi[std::size_t(k)];
            const Lanes xr = x + r[k];
            const Lanes nr = zr * xr - zi * im[k];
            const Lanes ni = zr * im[k] + zi * xr;
            r[k] = nr;
            im[k] = ni;
            o += c.ar[std::size_t(k)] * r[k] - c.ai[std::size_t(k)] * im[k];
        }
        if (t < len) std::memcpy(dst(t), &o, sizeof o);
    }
}

LL_SIMD_CLONES void blurColumnLanes(const float* src, float* dst, int W, int H, int x0, const Coefficients& c, int P) {
    // Rows lie W floats apart, too far for the hardware prefetcher on wide images: each read also
    // prefetches the row 16 further on.
    constexpr int kAhead = 16;
    recurseLanes(
        H, P, c,
        [&](int t) {
            const int ahead = t + kAhead;
            if (ahead >= 0 && ahead < H) __builtin_prefetch(src + std::size_t(ahead) * W + x0);
            return src + std::size_t(t >= 0 && t < H ? t : reflectIndex(t, H)) * W + x0;
        },
        [&](int t) { return dst + std::size_t(t) * W + x0; });
}

LL_SIMD_CLONES void blurInterleavedRows(const float* in, float* out, int W, const Coefficients& c, int P) {
    recurseLanes(
        W, P, c, [&](int t) { return in + std::size_t(t + P) * kRowBlock; },
        [&](int t) { return out + std::size_t(t) * kRowBlock; });
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
