#include "stats/BinomialInterval.h"

#include <cmath>
#include <stdexcept>

namespace ll::stats {

namespace {

// log C(n, i) + i log p + (n - i) log(1 - p), for 0 < p < 1.
double logTerm(long long n, long long i, double p) {
    return std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) - std::lgamma(double(n - i) + 1) +
           double(i) * std::log(p) + double(n - i) * std::log1p(-p);
}

// P(X <= k) for X ~ Binomial(n, p).
double cdf(long long k, long long n, double p) {
    if (p <= 0) return 1;
    if (p >= 1) return k >= n ? 1 : 0;
    double s = 0;
    for (long long i = 0; i <= k; ++i) s += std::exp(logTerm(n, i, p));
    return std::min(1.0, s);
}

// P(X >= k).
double upperTail(long long k, long long n, double p) {
    if (k <= 0) return 1;
    if (p <= 0) return 0;
    if (p >= 1) return 1;
    double s = 0;
    for (long long i = k; i <= n; ++i) s += std::exp(logTerm(n, i, p));
    return std::min(1.0, s);
}

// The p in [0, 1] where a monotone f crosses `target` (f increasing when `increasing`).
template <class F>
double bisect(F f, double target, bool increasing) {
    double lo = 0, hi = 1;
    for (int it = 0; it < 200 && hi - lo > 1e-12; ++it) {
        const double mid = 0.5 * (lo + hi);
        const bool below = increasing ? f(mid) < target : f(mid) > target;
        (below ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace

double normalQuantile(double p) {
    if (!(p > 0 && p < 1)) throw std::invalid_argument("normal quantile needs 0 < p < 1");
    // Phi(x) = erfc(-x / sqrt 2) / 2 is increasing; search x in [-40, 40].
    double lo = -40, hi = 40;
    for (int it = 0; it < 200 && hi - lo > 1e-14; ++it) {
        const double mid = 0.5 * (lo + hi);
        (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

ProportionInterval binomialInterval(long long k, long long n, double level, BinomialIntervalMethod method) {
    if (n <= 0 || k < 0 || k > n) throw std::invalid_argument("binomial interval needs 0 <= k <= n and n > 0");
    if (!(level > 0 && level < 1)) throw std::invalid_argument("confidence level must be in (0, 1)");
    const double alpha = 1 - level;
    ProportionInterval r;
    if (method == BinomialIntervalMethod::Wilson) {
        const double z = normalQuantile(1 - alpha / 2), z2 = z * z, nn = double(n), kk = double(k);
        const double centre = kk + z2 / 2, half = z * std::sqrt(kk * (nn - kk) / nn + z2 / 4);
        r.low = std::max(0.0, (centre - half) / (nn + z2));
        r.high = std::min(1.0, (centre + half) / (nn + z2));
        return r;
    }
    // P(X >= k | p) grows with p; P(X <= k | p) falls with p.
    r.low = k == 0 ? 0.0 : bisect([&](double p) { return upperTail(k, n, p); }, alpha / 2, true);
    r.high = k == n ? 1.0 : bisect([&](double p) { return cdf(k, n, p); }, alpha / 2, false);
    return r;
}

BinomialIntervalMethod parseBinomialIntervalMethod(const std::string& name) {
    if (name == "exact") return BinomialIntervalMethod::Exact;
    if (name == "wilson") return BinomialIntervalMethod::Wilson;
    throw std::invalid_argument("unknown interval method '" + name + "' (exact or wilson)");
}

const char* binomialIntervalMethodName(BinomialIntervalMethod method) {
    return method == BinomialIntervalMethod::Wilson ? "wilson" : "exact";
}

} // namespace ll::stats
