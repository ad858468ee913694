#include "stats/Wilcoxon.h"

#include "stats/Correlation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>

namespace ll::stats {

namespace {

// P(W+ <= t) for n untied ranks 1..n, each sign equally likely: counts of subset sums by dynamic
// programming, divided by 2^n.
double exactCdf(std::size_t n, double t) {
    const std::size_t maxSum = n * (n + 1) / 2;
    std::vector<double> count(maxSum + 1, 0.0);
    count[0] = 1.0;
    for (std::size_t r = 1; r <= n; ++r)
        for (std::size_t s = maxSum; s >= r; --s) count[s] += count[s - r];
    double below = 0;
    for (std::size_t s = 0; s <= maxSum && double(s) <= t + 1e-9; ++s) below += count[s];
    return below / std::ldexp(1.0, int(n));
}

} // namespace

WilcoxonResult wilcoxonSignedRank(std::span<const double> differences) {
    WilcoxonResult r;
    std::vector<double> d;
    for (double x : differences) {
        if (!std::isfinite(x)) throw std::invalid_argument("wilcoxon: non-finite difference");
        if (x == 0.0) ++r.zeros;
        else d.push_back(x);
    }
    r.n = d.size();
    if (r.n == 0) return r;
    std::vector<double> absd(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) absd[i] = std::abs(d[i]);
    const std::vector<double> ranks = averageRanks(absd);
    for (std::size_t i = 0; i < d.size(); ++i) (d[i] > 0 ? r.wPlus : r.wMinus) += ranks[i];
    r.statistic = std::min(r.wPlus, r.wMinus);

    std::map<double, std::size_t> groups;
    for (double a : absd) ++groups[a];
    double tieTerm = 0;
    bool ties = false;
    for (const auto& [v, t] : groups) {
        tieTerm += double(t) * double(t) * double(t) - double(t);
        ties = ties || t > 1;
    }
    const double n = double(r.n);
    const double mean = n * (n + 1) / 4.0;
    const double var = n * (n + 1) * (2 * n + 1) / 24.0 - tieTerm / 48.0;
    r.z = var > 0 ? (r.statistic - mean) / std::sqrt(var) : 0.0;
    if (r.n <= 50 && !ties && r.zeros == 0) {
        r.exact = true;
        r.p = std::min(1.0, 2.0 * exactCdf(r.n, r.statistic));
    } else {
        r.p = std::min(1.0, std::erfc(std::abs(r.z) / std::sqrt(2.0))); // 2 Phi(-|z|)
    }
    return r;
}

std::vector<double> holmAdjust(std::span<const double> p) {
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> out(m);
    double running = 0;
    for (std::size_t i = 0; i < m; ++i) {
        running = std::max(running, std::min(1.0, double(m - i) * p[order[i]]));
        out[order[i]] = running;
    }
    return out;
}

} // namespace ll::stats
