#include "metrics/GradientThreshold.h"

#include "metrics/EvalRowKernels.h"

#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll {

namespace {

template <typename Numerator>
double magnitudeAt(const Numerator& num, const Image& den, int x, int y, int c) {
    auto e = [&](int px, int py) { return double(num.at(px, py, c)) / double(den.at(px, py, c)); };
    const double gx = (e(x + 1, y) - e(x - 1, y)) * 0.5;
    const double gy = (e(x, y + 1) - e(x, y - 1)) * 0.5;
    return std::sqrt(gx * gx + gy * gy);
}

} // namespace

double gradientMagnitudeAt(const Image& num, const Image& den, int x, int y, int c) {
    return magnitudeAt(num, den, x, y, c);
}

double gradientMagnitudeAt(const EditPixels& edit, const Image& den, int x, int y, int c) {
    return magnitudeAt(edit, den, x, y, c);
}

std::array<GradientThreshold, 6>
gradientThresholds(const BracketSelect& sel, const Mask& domain,
                   const std::function<std::pair<const float*, const float*>(int y)>& gradientRows,
                   const Image& realNumerator, const EditPixels& edit, const Image& denominator) {
    std::array<GradientThreshold, 6> t;
    std::array<BracketSelect::Tie, 6> ties;
    bool anySplit = false;
    for (int s = 0; s < 6; ++s) {
        GradientThreshold& g = t[std::size_t(s)];
        g.value = float(sel.ranks(s).first);
        ties[std::size_t(s)] = sel.tieAtLowRank(s);
        const BracketSelect::Tie& tie = ties[std::size_t(s)];
        g.split = tie.equal > 1 && tie.rank + 1 < tie.below + tie.equal;
        anySplit |= g.split;
    }
    if (!anySplit) return t;

    const int W = domain.width(), H = domain.height();
    // Thresholds of the sets that do not split are NaN here, so no value equals them.
    std::array<float, 6> wanted;
    for (std::size_t s = 0; s < 6; ++s) wanted[s] = t[s].split ? t[s].value : NAN;
    tbb::combinable<std::array<std::vector<double>, 6>> found;
    tbb::parallel_for(1, std::max(1, H - 1), [&](int y) {
        const std::uint8_t* dom = domain.row(y);
        const auto [mr, mg] = gradientRows(y);
        std::array<std::vector<double>, 6>* mine = nullptr;
        // Most rows hold no tied value: a vectorised scan of the whole row per split set skips them.
        bool maybe = false;
        const std::size_t n3 = 3 * std::size_t(W);
        for (std::size_t s = 0; s < 6 && !maybe; ++s)
            maybe = t[s].split && countEqual(s < 3 ? mr : mg, n3, wanted[s]) > 0;
        if (!maybe) return;
        for (int x = 1; x < W - 1; ++x) {
            bool any = false;
            for (int c = 0; c < 3; ++c)
                any |= (mr[3 * x + c] == wanted[std::size_t(c)]) | (mg[3 * x + c] == wanted[std::size_t(3 + c)]);
            if (!any || !dom[x]) continue;
            if (!mine) mine = &found.local();
            for (int c = 0; c < 3; ++c) {
                if (mr[3 * x + c] == wanted[std::size_t(c)])
                    (*mine)[std::size_t(c)].push_back(gradientMagnitudeAt(realNumerator, denominator, x, y, c));
                if (mg[3 * x + c] == wanted[std::size_t(3 + c)])
                    (*mine)[std::size_t(3 + c)].push_back(gradientMagnitudeAt(edit, denominator, x, y, c));
            }
        }
    });
    std::array<std::vector<double>, 6> all;
    found.combine_each([&](const std::array<std::vector<double>, 6>& part) {
        for (std::size_t s = 0; s < 6; ++s) all[s].insert(all[s].end(), part[s].begin(), part[s].end());
    });
    for (std::size_t s = 0; s < 6; ++s) {
        GradientThreshold& g = t[s];
        if (!g.split) continue;
        std::vector<double>& v = all[s];
        const std::size_t k = ties[s].rank - ties[s].below;
        if (v.size() != ties[s].equal || k >= v.size()) { // cannot happen; keep the float test
            g.split = false;
            continue;
        }
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
        g.exact = v[k];
    }
    return t;
}

} // namespace ll
