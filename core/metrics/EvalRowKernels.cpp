#include "metrics/EvalRowKernels.h"

#include "metrics/ValidityMask.h"
#include "util/SimdClones.h"

#include <cmath>
#include <cstring>
#include <algorithm>
#include <limits>

// The vector helpers below are internal and always inlined into the clones: the ABI of passing vectors
// to a function, which GCC warns about for the baseline clone, never applies.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace ll {
namespace {

// Four doubles (GCC's vector extension: lowered to the registers the clone has).
typedef double D4 __attribute__((vector_size(4 * sizeof(double))));
typedef long long L4 __attribute__((vector_size(4 * sizeof(long long))));
typedef float F4 __attribute__((vector_size(4 * sizeof(float))));
// Eight floats and eight ints: the three vectors of these that hold eight pixels (24 values).
typedef float F8 __attribute__((vector_size(8 * sizeof(float))));
typedef int I8 __attribute__((vector_size(8 * sizeof(int))));

// Lanes of a that are finite (all bits set) or not (0): |a| <= FLT_MAX on the bits (false for NaN).
[[gnu::always_inline]] inline I8 finiteLanes(F8 a) { return ((I8)a & 0x7fffffff) <= 0x7f7fffff; }

// flags[p] = v[3p] | v[3p + 1] | v[3p + 2] for the eight pixels of 24 values.
[[gnu::always_inline]] inline void orChannels(const int* v, std::uint8_t* flags) {
    for (int p = 0; p < 8; ++p) flags[p] = std::uint8_t(v[3 * p] | v[3 * p + 1] | v[3 * p + 2]);
}

// |v| as std::abs: the sign bit cleared by a mask of these bits in every lane.
constexpr long long kAbsBits = 0x7fffffffffffffffLL;

// Channel C of the four pixels held in three vectors of four values (12 values, 3 per pixel): values
// C, C + 3, C + 6, C + 9 (element by element: GCC and Clang turn it into shuffles).
template <int C>
[[gnu::always_inline]] inline D4 channelOf(const D4 (&v)[3]) {
    return D4{v[C / 4][C % 4], v[(C + 3) / 4][(C + 3) % 4], v[(C + 6) / 4][(C + 6) % 4], v[(C + 9) / 4][(C + 9) % 4]};
}

// A channel constant of value f (channel f % 3) for the three vectors of four values that hold four
// pixels (12 values): pattern[j] lane i is k[(4 j + i) % 3].
struct Pattern {
    D4 v[3];
    explicit Pattern(const std::array<double, 3>& k) {
        for (int j = 0; j < 3; ++j)
            for (int i = 0; i < 4; ++i) v[j][i] = k[std::size_t((4 * j + i) % 3)];
    }
};

} // namespace

LL_SIMD_CLONES void lightSpan(const float* on, const float* off, int W, float* L) {
    int x = 0;
    const D4 zero = {};
    for (; x + 4 <= W; x += 4) {
        D4 m[3];
        for (int j = 0; j < 3; ++j) {
            F4 a, b;
            std::memcpy(&a, on + 3 * x + 4 * j, sizeof a);
            std::memcpy(&b, off + 3 * x + 4 * j, sizeof b);
            const D4 diff = __builtin_convertvector(a, D4) - __builtin_convertvector(b, D4);
            m[j] = diff < zero ? zero : diff; // std::max(diff, 0.0)
        }
        const D4 c0 = channelOf<0>(m), c1 = channelOf<1>(m), c2 = channelOf<2>(m);
        typedef int I4 __attribute__((vector_size(4 * sizeof(int))));
        const F4 v = __builtin_convertvector((((zero + c0) + c1) + c2) / 3.0, F4);
        const F4 finite = (F4)((I4)v & (((I4)v & 0x7fffffff) <= 0x7f7fffff)); // v, or +0 when not finite
        std::memcpy(L + x, &finite, sizeof finite);
    }
    for (; x < W; ++x) {
        double sum = 0.0;
        for (int c = 0; c < 3; ++c) sum += std::max(double(on[3 * x + c]) - double(off[3 * x + c]), 0.0);
        const float v = float(sum / 3.0);
        L[x] = std::isfinite(v) ? v : 0.0f;
    }
}

// Eight pixels at a time: each of their 24 values' tests as bits of an int lane, then the three
// channels of a pixel or-ed. GCC 12 vectorises this for AVX2 (AVX-512 processors run that clone).
LL_SIMD_CLONES_AVX2 void pixelFlagsSpan(const float* a, const float* b, const float* g, const float* d, int W,
                                        float clip, bool useLevel, float k, float level, std::uint8_t* flags) {
    constexpr float kMax = std::numeric_limits<float>::max();
    const I8 levelLanes = useLevel ? I8{} - 1 : I8{};
    int x = 0;
    for (; x + 8 <= W; x += 8) {
        int v[24];
        for (int j = 0; j < 3; ++j) {
            const std::size_t f = 3 * std::size_t(x) + 8 * std::size_t(j);
            F8 A, B, G, D;
            std::memcpy(&A, a + f, sizeof A);
            std::memcpy(&B, b + f, sizeof B);
            std::memcpy(&G, g + f, sizeof G);
            std::memcpy(&D, d + f, sizeof D);
            const I8 finA = finiteLanes(A), finB = finiteLanes(B);
            const I8 clipped = (A >= clip) | (B >= clip);
            const I8 outside =
                ~finA | ~finB | ~(A > 0.0f) | ~(B > 0.0f) | clipped | (k * A >= 1.0f) | (k * B >= 1.0f);
            const I8 bits = ((~finA | ~finB | ~finiteLanes(G)) & int(kPixelNonFinite)) |
                            (~(D > 0.0f) & int(kPixelNonPositive)) | (clipped & int(kPixelClippedReal)) |
                            (levelLanes & (k * G >= level) & int(kPixelEditLevel)) | (outside & int(kPixelOutsidePair));
            std::memcpy(v + 8 * j, &bits, sizeof bits);
        }
        orChannels(v, flags + x);
    }
    for (; x < W; ++x) {
        unsigned f = 0;
        for (int c = 0; c < 3; ++c) {
            const int i = 3 * x + c;
            const bool finiteA = std::abs(a[i]) <= kMax, finiteB = std::abs(b[i]) <= kMax; // false for NaN
            const bool nonFinite = !finiteA | !finiteB | !(std::abs(g[i]) <= kMax);
            const bool nonPositive = !(d[i] > 0.0f);
            const bool clipped = (a[i] >= clip) | (b[i] >= clip);
            const bool editLevel = useLevel & (k * g[i] >= level);
            const bool outside =
                !finiteA | !finiteB | !(a[i] > 0.0f) | !(b[i] > 0.0f) | clipped | (k * a[i] >= 1.0f) | (k * b[i] >= 1.0f);
            f |= unsigned(nonFinite) | (unsigned(nonPositive) << 1) | (unsigned(clipped) << 2) |
                 (unsigned(editLevel) << 3) | (unsigned(outside) << 4);
        }
        flags[x] = std::uint8_t(f);
    }
}

LL_SIMD_CLONES_AVX2 void codesEqualSpan(const std::uint8_t* q, int W, int code, std::uint8_t* out) {
    const std::uint8_t c = std::uint8_t(code);
    const bool any = code >= 0 && code <= 255; // a code outside 0-255 never matches
    for (int x = 0; x < W; ++x)
        out[x] = std::uint8_t(any & ((q[3 * x] == c) | (q[3 * x + 1] == c) | (q[3 * x + 2] == c)));
}

LL_SIMD_CLONES_AVX2 float firstReasonsSpan(const std::uint8_t* flags, const std::uint8_t* editClipped,
                                           const std::uint8_t* window, const float* L, int W,
                                           std::uint8_t* reason) {
    float pairMax = 0.0f;
    for (int x = 0; x < W; ++x) {
        const unsigned f = flags[x];
        const bool clipped = editClipped ? editClipped[x] != 0 : (f & int(kPixelEditLevel)) != 0;
        const bool win = window && window[x] != 0;
        using R = ExclusionReason;
        const R r = (f & int(kPixelNonFinite))      ? R::NonFinite
                    : (f & int(kPixelNonPositive)) ? R::NonPositiveDenominator
                    : (f & kPixelClippedReal) ? R::ClippedReal
                    : clipped                 ? R::ClippedEdit
                    : win                     ? R::Window
                                              : R::None;
        reason[x] = std::uint8_t(r);
        const float v = (f & kPixelOutsidePair) || win ? 0.0f : L[x]; // L >= 0
        pairMax = v > pairMax ? v : pairMax;
    }
    return pairMax;
}

LL_SIMD_CLONES void domainSpan(const std::uint8_t* __restrict up, const std::uint8_t* __restrict mid,
                               const std::uint8_t* __restrict dn, int W, std::uint8_t* __restrict dom) {
    if (W <= 0) return;
    dom[0] = dom[W - 1] = 0;
    for (int x = 1; x < W - 1; ++x) dom[x] = std::uint8_t(mid[x] & mid[x - 1] & mid[x + 1] & up[x] & dn[x]);
}

// Eight pixels at a time: each value's test as its channel's bit (1 << c) in an int lane, then the
// three channels of a pixel or-ed.
LL_SIMD_CLONES_AVX2 void omega80BitsSpan(const float* mr, const float* mg, const std::uint8_t* dom,
                                         const std::array<float, 3>& tR, const std::array<float, 3>& tG, int W,
                                         std::uint8_t* bits) {
    F8 pr[3], pg[3]; // the thresholds of lane i of vector j: channel (8 j + i) mod 3
    I8 bit[3];
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 8; ++i) {
            const int c = (8 * j + i) % 3;
            pr[j][i] = tR[std::size_t(c)];
            pg[j][i] = tG[std::size_t(c)];
            bit[j][i] = 1 << c;
        }
    int x = 0;
    for (; x + 8 <= W; x += 8) {
        int v[24];
        for (int j = 0; j < 3; ++j) {
            const std::size_t f = 3 * std::size_t(x) + 8 * std::size_t(j);
            F8 r, g;
            std::memcpy(&r, mr + f, sizeof r);
            std::memcpy(&g, mg + f, sizeof g);
            const I8 m = (r <= pr[j]) & (g <= pg[j]) & bit[j];
            std::memcpy(v + 8 * j, &m, sizeof m);
        }
        orChannels(v, bits + x);
        for (int p = 0; p < 8; ++p) bits[x + p] = dom[x + p] ? bits[x + p] : std::uint8_t(0);
    }
    const float r0 = tR[0], r1 = tR[1], r2 = tR[2], g0 = tG[0], g1 = tG[1], g2 = tG[2];
    for (; x < W; ++x) {
        const float* r = mr + 3 * x;
        const float* g = mg + 3 * x;
        const unsigned b = unsigned((r[0] <= r0) & (g[0] <= g0)) | (unsigned((r[1] <= r1) & (g[1] <= g1)) << 1) |
                           (unsigned((r[2] <= r2) & (g[2] <= g2)) << 2);
        bits[x] = std::uint8_t(dom[x] ? b : 0u);
    }
}

LL_SIMD_CLONES std::size_t countEqual(const float* v, std::size_t n, float value) {
    std::uint32_t hits = 0; // per call at most one row: no overflow
    for (std::size_t f = 0; f < n; ++f) hits += v[f] == value;
    return hits;
}

LL_SIMD_CLONES void quotientSpan(const float* a, const float* d, std::size_t n, float* q) {
    for (std::size_t f = 0; f < n; ++f) q[f] = a[f] / d[f];
}

LL_SIMD_CLONES void ratioSpan(const float* a, const float* g, const float* d, std::size_t n, double* er, double* eg) {
    for (std::size_t f = 0; f < n; ++f) {
        er[f] = double(a[f]) / double(d[f]);
        eg[f] = double(g[f]) / double(d[f]);
    }
}

LL_SIMD_CLONES void gradientMagnitudeSpan(const double* up, const double* mid, const double* dn, std::size_t n,
                                          float* out) {
    for (std::size_t f = 3; f + 3 < n; ++f) {
        const double gx = (mid[f + 3] - mid[f - 3]) * 0.5;
        const double gy = (dn[f] - up[f]) * 0.5;
        out[f] = float(std::sqrt(gx * gx + gy * gy));
    }
}

LL_SIMD_CLONES void sieDifferences(const double* er, const double* eg, const std::uint8_t* keep, int W,
                                   const ChannelStandardisers& s, double* absD, double* absD1, float* meanAbs,
                                   double* d, double* zr, double* zg) {
    const Pattern mR(s.medianR), iR(s.invR), mG(s.medianG), iG(s.invG);
    const D4 one = {1.0, 1.0, 1.0, 1.0};
    int x = 0;
    for (; x + 4 <= W; x += 4) {
        const std::size_t f0 = 3 * std::size_t(x);
        D4 a[3];
        for (int j = 0; j < 3; ++j) {
            const std::size_t f = f0 + 4 * std::size_t(j);
            D4 r, g;
            std::memcpy(&r, er + f, sizeof r);
            std::memcpy(&g, eg + f, sizeof g);
            const D4 sr = (r - mR.v[j]) * iR.v[j], sg = (g - mG.v[j]) * iG.v[j];
            const D4 dd = sr - sg;
            const D4 d1 = (r - one) * iR.v[j] - (g - one) * iG.v[j];
            const L4 absMask = {kAbsBits, kAbsBits, kAbsBits, kAbsBits};
            a[j] = (D4)((L4)dd & absMask);
            const D4 a1 = (D4)((L4)d1 & absMask);
            std::memcpy(absD + f, &a[j], sizeof a[j]);
            std::memcpy(absD1 + f, &a1, sizeof a1);
            if (zr) {
                std::memcpy(d + f, &dd, sizeof dd);
                std::memcpy(zr + f, &sr, sizeof sr);
                std::memcpy(zg + f, &sg, sizeof sg);
            }
        }
        // Channels of the four pixels: c0 = values 0, 3, 6, 9; c1 = 1, 4, 7, 10; c2 = 2, 5, 8, 11.
        const D4 c0 = channelOf<0>(a), c1 = channelOf<1>(a), c2 = channelOf<2>(a);
        const D4 mean = (c0 + c1 + c2) / 3.0;
        const F4 m = __builtin_convertvector(mean, F4);
        for (int i = 0; i < 4; ++i) meanAbs[x + i] = keep[x + i] ? m[i] : 0.0f;
    }
    for (; x < W; ++x) {
        double sum = 0.0;
        for (std::size_t c = 0; c < 3; ++c) {
            const std::size_t f = 3 * std::size_t(x) + c;
            const double sr = (er[f] - s.medianR[c]) * s.invR[c], sg = (eg[f] - s.medianG[c]) * s.invG[c];
            const double dd = sr - sg;
            const double d1 = (er[f] - 1.0) * s.invR[c] - (eg[f] - 1.0) * s.invG[c];
            absD[f] = std::abs(dd);
            absD1[f] = std::abs(d1);
            sum += std::abs(dd);
            if (zr) {
                d[f] = dd;
                zr[f] = sr;
                zg[f] = sg;
            }
        }
        meanAbs[x] = keep[x] ? float(sum / 3.0) : 0.0f;
    }
}

LL_SIMD_CLONES void lfeDifferences(const float* mr, const float* mg, const std::uint8_t* keep, int W,
                                   const ChannelStandardisers& s, double* absD, float* dFloat, float* absFloat) {
    typedef int I4 __attribute__((vector_size(4 * sizeof(int))));
    const Pattern mR(s.medianR), iR(s.invR), mG(s.medianG), iG(s.invG);
    int x = 0;
    for (; x + 4 <= W; x += 4) {
        const std::size_t f0 = 3 * std::size_t(x);
        for (int j = 0; j < 3; ++j) {
            const std::size_t f = f0 + 4 * std::size_t(j);
            L4 kept;
            for (int i = 0; i < 4; ++i) {
                const int v = 4 * j + i; // value v of the four pixels: pixel v / 3, channel v % 3
                kept[i] = -(long long)((keep[x + v / 3] >> (v % 3)) & 1u);
            }
            F4 r, g;
            std::memcpy(&r, mr + f, sizeof r);
            std::memcpy(&g, mg + f, sizeof g);
            const D4 rd = __builtin_convertvector(r, D4), gd = __builtin_convertvector(g, D4);
            const D4 d = (rd - mR.v[j]) * iR.v[j] - (gd - mG.v[j]) * iG.v[j];
            const I4 keptF = __builtin_convertvector(kept, I4);
            const F4 df = (F4)((I4)__builtin_convertvector(d, F4) & keptF);
            const F4 absF = (F4)((I4)df & 0x7fffffff);
            const L4 absMask = {kAbsBits, kAbsBits, kAbsBits, kAbsBits};
            const D4 absKept = (D4)((L4)d & absMask & kept);
            std::memcpy(absD + f, &absKept, sizeof absKept);
            std::memcpy(dFloat + f, &df, sizeof df);
            std::memcpy(absFloat + f, &absF, sizeof absF);
        }
    }
    for (std::size_t f = 3 * std::size_t(x); f < 3 * std::size_t(W); ++f) {
        const std::size_t c = f % 3;
        const double d = (double(mr[f]) - s.medianR[c]) * s.invR[c] - (double(mg[f]) - s.medianG[c]) * s.invG[c];
        const bool kept = (keep[f / 3] >> c) & 1u;
        absD[f] = kept ? std::abs(d) : 0.0;
        dFloat[f] = kept ? float(d) : 0.0f;
        absFloat[f] = std::abs(dFloat[f]);
    }
}

} // namespace ll
