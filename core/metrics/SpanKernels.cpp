#include "metrics/SpanKernels.h"

#include <cmath>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define LL_SPAN_AVX512 1
#include <immintrin.h>
#endif

namespace ll {
namespace {

std::size_t bracketScalar(float lo, float hi, const float* v, std::size_t n, float* buf, std::size_t used,
                          std::size_t& below) {
    std::size_t b = 0;
    for (std::size_t k = 0; k < n; ++k) { // branch-free: always written, kept by advancing used
        const float x = v[k];
        b += x < lo;
        buf[used] = x;
        used += (x >= lo) & (x <= hi);
    }
    below += b;
    return used;
}

std::size_t deviationScalar(double centre, double lo, double hi, const float* v, std::size_t n, float* buf,
                            std::size_t used, std::size_t& below) {
    std::size_t b = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const double dev = std::abs(double(v[k]) - centre);
        const bool under = dev < lo;
        b += under;
        buf[used] = v[k];
        used += !under & (dev <= hi);
    }
    below += b;
    return used;
}

// Pixels [x0, W) of compactChannels, appended after n[c] values.
void compactScalar(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int x0, int W,
                   const std::array<float*, 3>& out, std::array<std::size_t, 3>& n) {
    for (std::size_t c = 0; c < 3; ++c) {
        float* o = out[c];
        std::size_t k = n[c];
        const int bit = bits[c];
        for (int x = x0; x < W; ++x) { // branch-free: always written, kept by advancing k
            o[k] = v[3 * x + int(c)];
            k += (keep[x] >> bit) & 1u;
        }
        n[c] = k;
    }
}

#if LL_SPAN_AVX512
bool haveAvx512() { return __builtin_cpu_supports("avx512f"); }

__attribute__((target("avx512f"))) std::size_t bracketAvx512(float lo, float hi, const float* v, std::size_t n,
                                                             float* buf, std::size_t used, std::size_t& below) {
    const __m512 vlo = _mm512_set1_ps(lo), vhi = _mm512_set1_ps(hi);
    std::size_t k = 0, b = 0;
    for (; k + 16 <= n; k += 16) {
        const __m512 x = _mm512_loadu_ps(v + k);
        const __mmask16 under = _mm512_cmp_ps_mask(x, vlo, _CMP_LT_OQ);
        const __mmask16 in = _mm512_cmp_ps_mask(x, vlo, _CMP_GE_OQ) & _mm512_cmp_ps_mask(x, vhi, _CMP_LE_OQ);
        b += std::size_t(__builtin_popcount(under));
        // Compress within the register, then one plain store (faster than a compressing store).
        _mm512_storeu_ps(buf + used, _mm512_maskz_compress_ps(in, x));
        used += std::size_t(__builtin_popcount(in));
    }
    below += b;
    return bracketScalar(lo, hi, v + k, n - k, buf, used, below);
}

// Masks of 8 values: dev = |double(x) - c| below lo, and lo <= dev <= hi.
__attribute__((target("avx512f"))) inline void deviationMasks(__m256 x, __m512d c, __m512d lo, __m512d hi,
                                                              __mmask8& under, __mmask8& in) {
    const __m512d dev = _mm512_abs_pd(_mm512_sub_pd(_mm512_maskz_cvtps_pd(0xFF, x), c)); // (maskz: no undefined source)
    under = _mm512_cmp_pd_mask(dev, lo, _CMP_LT_OQ);
    in = _mm512_cmp_pd_mask(dev, lo, _CMP_GE_OQ) & _mm512_cmp_pd_mask(dev, hi, _CMP_LE_OQ);
}

__attribute__((target("avx512f"))) std::size_t deviationAvx512(double centre, double lo, double hi, const float* v,
                                                               std::size_t n, float* buf, std::size_t used,
                                                               std::size_t& below) {
    const __m512d c = _mm512_set1_pd(centre), vlo = _mm512_set1_pd(lo), vhi = _mm512_set1_pd(hi);
    std::size_t k = 0, b = 0;
    for (; k + 16 <= n; k += 16) {
        const __m512 x = _mm512_loadu_ps(v + k);
        __mmask8 u0, i0, u1, i1;
        deviationMasks(_mm256_loadu_ps(v + k), c, vlo, vhi, u0, i0);
        deviationMasks(_mm256_loadu_ps(v + k + 8), c, vlo, vhi, u1, i1);
        const __mmask16 under = __mmask16(u0 | (unsigned(u1) << 8));
        const __mmask16 in = __mmask16(i0 | (unsigned(i1) << 8));
        b += std::size_t(__builtin_popcount(under));
        _mm512_storeu_ps(buf + used, _mm512_maskz_compress_ps(in, x));
        used += std::size_t(__builtin_popcount(in));
    }
    below += b;
    return deviationScalar(centre, lo, hi, v + k, n - k, buf, used, below);
}

__attribute__((target("avx512f"))) void compactAvx512(const float* v, const std::uint8_t* keep,
                                                      const std::array<int, 3>& bits, int W,
                                                      const std::array<float*, 3>& out, std::array<std::size_t, 3>& n) {
    // Channel c of 16 pixels (48 values in three registers): lane i takes value 3i + c, first from the
    // first two registers (indices below 32), then the rest from the third.
    __m512i first[3], second[3], bit[3];
    for (int c = 0; c < 3; ++c) {
        alignas(64) int a[16], b[16];
        for (int i = 0; i < 16; ++i) {
            const int j = 3 * i + c;
            a[i] = j < 32 ? j : 0;
            b[i] = j < 32 ? i : 16 + (j - 32);
        }
        first[c] = _mm512_load_si512(a);
        second[c] = _mm512_load_si512(b);
        bit[c] = _mm512_set1_epi32(1 << bits[std::size_t(c)]);
    }
    int x = 0;
    for (; x + 16 <= W; x += 16) {
        const __m512 v0 = _mm512_loadu_ps(v + 3 * x), v1 = _mm512_loadu_ps(v + 3 * x + 16),
                     v2 = _mm512_loadu_ps(v + 3 * x + 32);
        const __m512i k = _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm_loadu_si128(reinterpret_cast<const __m128i*>(keep + x)));
        for (int c = 0; c < 3; ++c) {
            const __m512 channel = _mm512_permutex2var_ps(_mm512_permutex2var_ps(v0, first[c], v1), second[c], v2);
            const __mmask16 kept = _mm512_test_epi32_mask(k, bit[c]);
            std::size_t& m = n[std::size_t(c)];
            _mm512_storeu_ps(out[std::size_t(c)] + m, _mm512_maskz_compress_ps(kept, channel));
            m += std::size_t(__builtin_popcount(kept));
        }
    }
    compactScalar(v, keep, bits, x, W, out, n);
}
#endif

} // namespace

std::size_t bracketSpanPortable(float lo, float hi, const float* v, std::size_t n, float* buf, std::size_t used,
                                std::size_t& below) {
    return bracketScalar(lo, hi, v, n, buf, used, below);
}

std::size_t deviationSpanPortable(double centre, double lo, double hi, const float* v, std::size_t n, float* buf,
                                  std::size_t used, std::size_t& below) {
    return deviationScalar(centre, lo, hi, v, n, buf, used, below);
}

void compactChannelsPortable(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int W,
                             const std::array<float*, 3>& out, std::array<std::size_t, 3>& n) {
    n = {};
    compactScalar(v, keep, bits, 0, W, out, n);
}

void compactChannels(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int W,
                     const std::array<float*, 3>& out, std::array<std::size_t, 3>& n) {
    n = {};
#if LL_SPAN_AVX512
    if (haveAvx512()) return compactAvx512(v, keep, bits, W, out, n);
#endif
    compactScalar(v, keep, bits, 0, W, out, n);
}

std::size_t bracketSpan(float lo, float hi, const float* v, std::size_t n, float* buf, std::size_t used,
                        std::size_t& below) {
#if LL_SPAN_AVX512
    if (haveAvx512()) return bracketAvx512(lo, hi, v, n, buf, used, below);
#endif
    return bracketScalar(lo, hi, v, n, buf, used, below);
}

std::size_t deviationSpan(double centre, double lo, double hi, const float* v, std::size_t n, float* buf,
                          std::size_t used, std::size_t& below) {
#if LL_SPAN_AVX512
    if (haveAvx512()) return deviationAvx512(centre, lo, hi, v, n, buf, used, below);
#endif
    return deviationScalar(centre, lo, hi, v, n, buf, used, below);
}

} // namespace ll
