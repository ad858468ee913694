#pragma once
// Indices past the ends of a signal of n samples folded back into [0, n), for the two symmetric
// boundary rules (named as in scipy.ndimage). Both are valid for any offset, also when the extension is
// longer than the signal.
namespace ll {

// 'reflect', "d c b a | a b c d | d c b a": the edge sample is repeated (period 2n). The metric
// engine's filters (low-signal blur, SSIM) use it, as scikit-image does.
inline int reflectIndex(long long i, int n) {
    if (n == 1) return 0;
    const long long period = 2LL * n;
    long long m = i % period;
    if (m < 0) m += period;
    return int(m < n ? m : period - 1 - m);
}

// 'mirror', "d c b | a b c d | c b a": the edge sample is not repeated (period 2n - 2). The edit
// scores' filters use it.
inline int mirrorIndex(long long i, int n) {
    if (n == 1) return 0;
    const long long period = 2LL * (n - 1);
    long long m = i % period;
    if (m < 0) m += period;
    return int(m < n ? m : period - m);
}

} // namespace ll
