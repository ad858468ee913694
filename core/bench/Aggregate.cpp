#include "bench/Aggregate.h"

#include <algorithm>
#include "bench/NumberFormat.h"

#include <cmath>
#include <numeric>

namespace ll::bench {

namespace {
bool defined(const std::optional<double>& v) { return v && !std::isnan(*v); }
} // namespace

std::size_t bestCount(std::size_t n, double percent) {
    if (n == 0 || !(percent > 0)) return 0;
    // ceil with a small tolerance so that e.g. 80% of 10 is exactly 8 despite rounding in percent/100.
    const double k = std::ceil(double(n) * percent / 100.0 - 1e-9);
    return std::clamp<std::size_t>(std::size_t(std::max(k, 1.0)), 1, n);
}

BestMean bestFractionMean(const std::vector<std::optional<double>>& scores, double percent) {
    BestMean r;
    r.total = scores.size();
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const bool da = defined(scores[a]), db = defined(scores[b]);
        if (da != db) return da;
        if (!da) return false;
        return *scores[a] < *scores[b];
    });
    for (const auto& s : scores) r.undefined += !defined(s);
    r.used = bestCount(scores.size(), percent);
    r.selected.assign(order.begin(), order.begin() + std::ptrdiff_t(r.used));
    if (r.used == 0) return r;
    double sum = 0;
    for (std::size_t i : r.selected) {
        if (!defined(scores[i])) return r; // an undefined (worst) score is among the best k: no mean
        sum += *scores[i];
    }
    r.mean = sum / double(r.used);
    return r;
}

PlainMean meanOfFinite(const std::vector<std::optional<double>>& values) {
    PlainMean r;
    r.total = values.size();
    double sum = 0;
    for (const auto& v : values)
        if (v && std::isfinite(*v)) {
            sum += *v;
            ++r.used;
        }
    if (r.used) r.mean = sum / double(r.used);
    return r;
}

std::vector<double> fractionalRanks(const std::vector<std::optional<double>>& values, bool lowerIsBetter) {
    const std::size_t n = values.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    // Key: undefined sorts last; otherwise by value in the "better first" direction.
    auto better = [&](std::size_t a, std::size_t b) {
        const bool da = defined(values[a]), db = defined(values[b]);
        if (da != db) return da;
        if (!da) return false;
        return lowerIsBetter ? *values[a] < *values[b] : *values[a] > *values[b];
    };
    std::stable_sort(order.begin(), order.end(), better);
    std::vector<double> ranks(n, 0.0);
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = i + 1;
        while (j < n && !better(order[i], order[j]) && !better(order[j], order[i])) ++j;
        const double mean = (double(i + 1) + double(j)) / 2.0; // ranks i+1 .. j
        for (std::size_t t = i; t < j; ++t) ranks[order[t]] = mean;
        i = j;
    }
    return ranks;
}

std::vector<double> competitionRanks(const std::vector<std::optional<double>>& values, bool lowerIsBetter) {
    const std::size_t n = values.size();
    std::vector<double> ranks(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t better = 0; // values strictly better than values[i]
        for (std::size_t j = 0; j < n; ++j) {
            if (!defined(values[j])) continue;
            if (!defined(values[i]) || (lowerIsBetter ? *values[j] < *values[i] : *values[j] > *values[i])) ++better;
        }
        ranks[i] = double(better + 1);
    }
    return ranks;
}

double roundedAsPrinted(double v, int decimals) {
    if (!std::isfinite(v)) return v;
    return *parseNumber(formatFixed(v, decimals), "rounded value");
}

double roundHalfAwayFromZero(double v, int decimals) {
    if (!std::isfinite(v)) return v;
    const double scale = std::pow(10.0, decimals);
    // The tolerance absorbs the binary representation of averages such as 13 / 4 = 3.25 exactly, and
    // of sums of thirds (3.1666...) that are not halves.
    const double scaled = std::abs(v) * scale;
    const double r = std::floor(scaled + 0.5 + 1e-9);
    return std::copysign(r / scale, v);
}

std::vector<double> averageRanks(const std::vector<std::vector<std::optional<double>>>& columns, int decimals) {
    if (columns.empty()) return {};
    std::vector<double> sum(columns[0].size(), 0.0);
    for (const auto& col : columns) {
        std::vector<std::optional<double>> shown;
        for (const auto& v : col) shown.push_back(defined(v) ? std::optional<double>(roundedAsPrinted(*v, decimals)) : std::nullopt);
        const auto r = competitionRanks(shown, true);
        for (std::size_t m = 0; m < sum.size() && m < r.size(); ++m) sum[m] += r[m];
    }
    for (auto& s : sum) s /= double(columns.size());
    return sum;
}

std::optional<double> sigmaOfMean(const std::vector<std::optional<double>>& sigmas) {
    if (sigmas.empty()) return std::nullopt;
    double ss = 0;
    for (const auto& s : sigmas) {
        if (!defined(s)) return std::nullopt;
        ss += *s * *s;
    }
    return std::sqrt(ss) / double(sigmas.size());
}

std::optional<double> relativeToBest(std::optional<double> v, std::optional<double> best) {
    if (!defined(v) || !defined(best) || !(*best > 0)) return std::nullopt;
    return *v / *best - 1.0;
}

} // namespace ll::bench
