#include "edit/Bootstrap.h"
#include "util/Percentile.h"

#include "util/DrawRng.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::edit {

MeanInterval bootstrapMean(const std::vector<double>& v, int draws, std::uint64_t seed, double level) {
    MeanInterval r;
    r.n = v.size();
    if (v.empty()) return r;
    double s = 0;
    for (double x : v) s += x;
    r.mean = s / double(v.size());
    if (v.size() < 2 || draws < 2) return r;
    std::vector<double> means(static_cast<std::size_t>(draws));
    const std::uint64_t n = v.size();
    // Draw d resamples from its own generator (util/DrawRng.h), whatever thread runs it.
    tbb::parallel_for(0, draws, [&](int d) {
        auto rng = drawRng(seed, RngStream::Bootstrap, std::uint64_t(d));
        double sum = 0;
        for (std::uint64_t i = 0; i < n; ++i) sum += v[uniformIndex(rng, n)];
        means[std::size_t(d)] = sum / double(n);
    });
    std::sort(means.begin(), means.end());
    auto q = [&](double p) { return percentileOfSorted(means, 100.0 * p); }; // util/Percentile.h
    r.lo = q((1 - level) / 2);
    r.hi = q(1 - (1 - level) / 2);
    return r;
}

} // namespace ll::edit
