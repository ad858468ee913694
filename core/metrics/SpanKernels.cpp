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
