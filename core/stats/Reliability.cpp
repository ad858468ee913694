#include "stats/Reliability.h"

#include "stats/Correlation.h"
#include "util/DrawRng.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <iomanip>
#include <sstream>

namespace ll::stats {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
double spearmanBrown(double r) { return 2 * r / (1 + r); }
} // namespace

SplitHalfReliability splitHalfReliability(const StudyData& study, const std::vector<bool>& inGroup, int splits,
                                          std::uint64_t seed, const RunControl* control, ProgressCounter* counter) {
    SplitHalfReliability out;
    const std::size_t ni = study.items.size(), nr = study.raters.size();
    for (std::size_t i = 0; i < ni; ++i)
        if (inGroup.empty() || inGroup[i]) ++out.items;
    if (nr < 2 || splits <= 0) {
        out.meanHalfR = out.reliability = out.ceiling = kNaN;
        out.ceilingRange = out.halfRRange = {kNaN, kNaN};
        if (counter)
            for (int k = 0; k < splits; ++k) counter->add(); // nothing to split: counted as done
        return out;
    }
    std::vector<double> r(std::size_t(splits), kNaN);
    tbb::parallel_for(0, splits, [&](int k) {
        if (control && control->stopRequested()) return;
        auto rng = drawRng(seed, RngStream::SplitHalf, std::uint64_t(k));
        std::vector<int> order(nr);
        std::iota(order.begin(), order.end(), 0);
        for (std::size_t i = nr - 1; i > 0; --i) std::swap(order[i], order[uniformIndex(rng, i + 1)]);
        std::vector<int> a(nr, 0), b(nr, 0);
        for (std::size_t i = 0; i < nr; ++i) (i < nr / 2 ? a : b)[std::size_t(order[i])] = 1;
        std::vector<double> ma, wa, mb, wb;
        itemMeans(study, a, ma, wa);
        itemMeans(study, b, mb, wb);
        std::vector<double> x, y;
        for (std::size_t i = 0; i < ni; ++i)
            if ((inGroup.empty() || inGroup[i]) && wa[i] > 0 && wb[i] > 0) {
                x.push_back(ma[i]);
                y.push_back(mb[i]);
            }
        r[std::size_t(k)] = pearson(x, y);
        if (counter) counter->add();
    });
    throwIfStopRequested(control);
    double sum = 0;
    std::vector<double> ceilings, halves;
    for (double v : r)
        if (std::isfinite(v)) {
            sum += v;
            halves.push_back(v);
            ++out.splits;
            ceilings.push_back(std::sqrt(std::max(spearmanBrown(v), 0.0)));
        }
    out.meanHalfR = out.splits ? sum / out.splits : kNaN;
    out.reliability = spearmanBrown(out.meanHalfR);
    out.ceiling = std::isfinite(out.reliability) ? std::sqrt(std::max(out.reliability, 0.0)) : kNaN;
    out.ceilingRange = percentileInterval(ceilings, 0.95);
    out.halfRRange = percentileInterval(halves, 0.95);
    return out;
}

std::vector<RaterScreening> screenRaters(const StudyData& study, const ScreeningOptions& options) {
    const std::size_t nr = study.raters.size(), ni = study.items.size();
    std::vector<RaterScreening> out(nr);
    // per rater per item sums, and totals
    std::vector<double> totalSum(ni, 0), totalCount(ni, 0);
    std::vector<std::vector<std::pair<int, double>>> byRater(nr); // (item, value)
    for (const auto& o : study.obs) {
        totalSum[std::size_t(o.item)] += o.value;
        totalCount[std::size_t(o.item)] += 1;
        byRater[std::size_t(o.rater)].push_back({o.item, o.value});
        ++out[std::size_t(o.rater)].observations;
    }
    for (const auto& c : study.checks) {
        ++out[std::size_t(c.rater)].checks;
        if (!c.passed) ++out[std::size_t(c.rater)].checksFailed;
    }
    for (std::size_t r = 0; r < nr; ++r) {
        out[r].rater = study.raters[r];
        std::vector<double> ownSum(ni, 0), ownCount(ni, 0);
        for (auto [item, v] : byRater[r]) {
            ownSum[std::size_t(item)] += v;
            ownCount[std::size_t(item)] += 1;
        }
        std::vector<double> x, y;
        for (std::size_t i = 0; i < ni; ++i) {
            const double others = totalCount[i] - ownCount[i];
            if (ownCount[i] > 0 && others > 0) {
                x.push_back(ownSum[i] / ownCount[i]);
                y.push_back((totalSum[i] - ownSum[i]) / others);
            }
        }
        out[r].items = x.size();
        out[r].looCorrelation = x.size() >= options.minItems ? pearson(x, y) : kNaN;
    }
    double mean = 0, sq = 0;
    int n = 0;
    for (const auto& s : out)
        if (std::isfinite(s.looCorrelation)) mean += s.looCorrelation, ++n;
    if (n) mean /= n;
    for (const auto& s : out)
        if (std::isfinite(s.looCorrelation)) sq += (s.looCorrelation - mean) * (s.looCorrelation - mean);
    const double sd = n > 1 ? std::sqrt(sq / (n - 1)) : kNaN;
    for (auto& s : out) {
        std::ostringstream why;
        why << std::setprecision(3);
        if (std::isfinite(s.looCorrelation)) {
            if (s.looCorrelation < options.minCorrelation)
                why << "leave-one-out r " << s.looCorrelation << " < " << options.minCorrelation;
            else if (std::isfinite(sd) && s.looCorrelation < mean - options.maxSdBelowMean * sd)
                why << "leave-one-out r " << s.looCorrelation << " more than " << options.maxSdBelowMean
                    << " SD below the mean " << mean;
        }
        if (s.checks > 0 && double(s.checksFailed) > options.maxCheckFailureRate * double(s.checks)) {
            if (why.tellp() > 0) why << "; ";
            why << s.checksFailed << " of " << s.checks << " attention checks failed";
        }
        s.reason = why.str();
        s.flagged = !s.reason.empty();
    }
    return out;
}

} // namespace ll::stats
