#include "stats/Correlation.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace ll::stats {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

double pearson(std::span<const double> x, std::span<const double> y) {
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2) return kNaN;
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(n);
    my /= double(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double dx = x[i] - mx, dy = y[i] - my;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if (!(sxx > 0) || !(syy > 0)) return kNaN;
    const double r = sxy / std::sqrt(sxx * syy);
    return std::clamp(r, -1.0, 1.0);
}

std::vector<double> averageRanks(std::span<const double> x) {
    const std::size_t n = x.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
    std::vector<double> ranks(n);
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i + 1;
        while (j < n && x[order[j]] == x[order[i]]) ++j;
        const double r = 0.5 * double(i + 1 + j); // mean of ranks i+1 .. j
        for (std::size_t k = i; k < j; ++k) ranks[order[k]] = r;
        i = j;
    }
    return ranks;
}

double spearman(std::span<const double> x, std::span<const double> y) {
    const std::size_t n = std::min(x.size(), y.size());
    const auto rx = averageRanks(x.first(n));
    const auto ry = averageRanks(y.first(n));
    return pearson(rx, ry);
}

namespace {

// Sorts v[lo, hi) ascending, returning the number of strict inversions (i < j, v[i] > v[j]).
long long mergeCount(std::vector<double>& v, std::vector<double>& buf, std::size_t lo, std::size_t hi) {
    if (hi - lo < 2) return 0;
    const std::size_t mid = lo + (hi - lo) / 2;
    long long swaps = mergeCount(v, buf, lo, mid) + mergeCount(v, buf, mid, hi);
    std::size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (v[j] < v[i]) {
            swaps += static_cast<long long>(mid - i);
            buf[k++] = v[j++];
        } else {
            buf[k++] = v[i++];
        }
    }
    while (i < mid) buf[k++] = v[i++];
    while (j < hi) buf[k++] = v[j++];
    std::copy(buf.begin() + std::ptrdiff_t(lo), buf.begin() + std::ptrdiff_t(hi), v.begin() + std::ptrdiff_t(lo));
    return swaps;
}

// Sum over groups of equal consecutive values of t(t-1)/2.
template <class Eq>
double tiedPairs(std::size_t n, Eq equal) {
    double s = 0;
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i + 1;
        while (j < n && equal(i, j)) ++j;
        const double t = double(j - i);
        s += t * (t - 1) / 2;
        i = j;
    }
    return s;
}

} // namespace

double kendallTauB(std::span<const double> x, std::span<const double> y) {
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2) return kNaN;
    std::vector<std::pair<double, double>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {x[i], y[i]};
    std::sort(p.begin(), p.end());
    const double n0 = double(n) * double(n - 1) / 2;
    const double n1 = tiedPairs(n, [&](std::size_t a, std::size_t b) { return p[a].first == p[b].first; });
    const double n3 = tiedPairs(n, [&](std::size_t a, std::size_t b) { return p[a] == p[b]; });
    std::vector<double> ys(n), buf(n);
    for (std::size_t i = 0; i < n; ++i) ys[i] = p[i].second;
    const double swaps = double(mergeCount(ys, buf, 0, n));
    const double n2 = tiedPairs(n, [&](std::size_t a, std::size_t b) { return ys[a] == ys[b]; });
    const double denom = (n0 - n1) * (n0 - n2);
    if (!(denom > 0)) return kNaN;
    // concordant - discordant = n0 - n1 - n2 + n3 - 2 * discordant
    const double s = n0 - n1 - n2 + n3 - 2 * swaps;
    return std::clamp(s / std::sqrt(denom), -1.0, 1.0);
}

double partialCorrelation(std::span<const double> x, std::span<const double> y,
                          const std::vector<std::vector<double>>& controls) {
    const std::size_t n = std::min(x.size(), y.size());
    const std::size_t k = controls.size();
    if (n < k + 3) return kNaN;
    Eigen::MatrixXd design(Eigen::Index(n), Eigen::Index(k + 1));
    for (std::size_t i = 0; i < n; ++i) {
        design(Eigen::Index(i), 0) = 1.0;
        for (std::size_t c = 0; c < k; ++c) design(Eigen::Index(i), Eigen::Index(c + 1)) = controls[c][i];
    }
    Eigen::MatrixXd rhs(Eigen::Index(n), 2);
    for (std::size_t i = 0; i < n; ++i) {
        rhs(Eigen::Index(i), 0) = x[i];
        rhs(Eigen::Index(i), 1) = y[i];
    }
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(design);
    const Eigen::MatrixXd beta = qr.solve(rhs);
    const Eigen::MatrixXd resid = rhs - design * beta;
    std::vector<double> rx(n), ry(n);
    for (std::size_t i = 0; i < n; ++i) {
        rx[i] = resid(Eigen::Index(i), 0);
        ry[i] = resid(Eigen::Index(i), 1);
    }
    // Residuals that are zero up to rounding (x or y explained by the controls) leave r undefined.
    double sx = 0, sy = 0, ax = 0, ay = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sx += rx[i] * rx[i];
        sy += ry[i] * ry[i];
        ax += x[i] * x[i];
        ay += y[i] * y[i];
    }
    if (sx <= 1e-24 * std::max(ax, 1e-300) || sy <= 1e-24 * std::max(ay, 1e-300)) return kNaN;
    return pearson(rx, ry);
}

} // namespace ll::stats
