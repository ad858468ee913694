#pragma once
// Mirror boundary "d c b a | a b c d" (scipy.ndimage mode 'reflect'): the edge sample is repeated.
// Valid for any offset, also when the extension is longer than the signal (it repeats with period 2n).
namespace ll {

inline int mirrorIndex(long long i, int n) {
    if (n == 1) return 0;
    const long long period = 2LL * n;
    long long m = i % period;
    if (m < 0) m += period;
    return int(m < n ? m : period - 1 - m);
}

} // namespace ll
