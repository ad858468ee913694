#pragma once
// Confidence intervals for a binomial proportion k / n, as scipy.stats.binomtest(k, n).proportion_ci
// computes them:
//  * exact (Clopper-Pearson, scipy's default): the lower bound is the p with P(X >= k | n, p) = a/2
//    (0 when k = 0), the upper bound the p with P(X <= k | n, p) = a/2 (1 when k = n), a = 1 - level;
//  * wilson (score interval without continuity correction):
//    (k + z^2/2 -+ z sqrt(k (n - k) / n + z^2/4)) / (n + z^2), z = Phi^-1(1 - a/2).
// The binomial tail probabilities are summed in log space (lgamma) and the bounds found by bisection
// to 1e-12.
#include <string>

namespace ll::stats {

enum class BinomialIntervalMethod { Exact, Wilson };

struct ProportionInterval {
    double low = 0, high = 1;
};

// Throws std::invalid_argument unless 0 <= k <= n, n > 0 and 0 < level < 1.
ProportionInterval binomialInterval(long long k, long long n, double level = 0.95,
                                    BinomialIntervalMethod method = BinomialIntervalMethod::Exact);

// "exact" or "wilson"; throws std::invalid_argument otherwise.
BinomialIntervalMethod parseBinomialIntervalMethod(const std::string& name);
const char* binomialIntervalMethodName(BinomialIntervalMethod method);

// The standard normal quantile Phi^-1(p), 0 < p < 1 (bisection on erfc to 1e-14).
double normalQuantile(double p);

} // namespace ll::stats
