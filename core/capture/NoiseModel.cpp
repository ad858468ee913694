#include "capture/NoiseModel.h"

#include <Eigen/Dense>

#include <algorithm>
#include <array>
#include <cmath>

namespace ll::capture {

NoiseModel estimateNoise(const std::vector<const BracketFrame*>& frames, const std::vector<double>& exposure,
                         double saturation) {
    constexpr int kBins = 40;
    constexpr double kLow = 1e-3;
    std::array<std::vector<float>, kBins> diffs; // z1 - z2 per level bin
    std::array<double, kBins> levelSum{};
    const double scale = 1.0 / 65535.0;
    for (std::size_t i = 0; i < frames.size(); ++i)
        for (std::size_t j = i + 1; j < frames.size(); ++j) {
            if (std::abs(exposure[i] / exposure[j] - 1.0) > 0.01) continue;
            const auto& a = frames[i]->codes;
            const auto& b = frames[j]->codes;
            if (a.size() != b.size()) continue;
            // A sparse sample is plenty: every 13th value (odd stride, all channels visited).
            for (std::size_t k = 0; k < a.size(); k += 13) {
                const double z1 = a[k] * scale, z2 = b[k] * scale;
                if (z1 >= saturation || z2 >= saturation) continue;
                const double m = 0.5 * (z1 + z2);
                // Log-spaced levels from kLow (about 16 codes of a 14-bit sensor, clear of the clipping
                // at black) to saturation, so the low levels that show the read noise have bins too.
                if (m < kLow) continue;
                const int bin = std::min(kBins - 1, int(std::log(m / kLow) / std::log(saturation / kLow) * kBins));
                if (diffs[bin].size() >= 20000) continue;
                diffs[bin].push_back(float(z1 - z2));
                levelSum[bin] += m;
            }
        }
    // Robust variance per bin: (1.4826 MAD)^2 / 2 (the difference has twice the variance).
    std::vector<double> lv, vv, ww;
    for (int b = 0; b < kBins; ++b) {
        auto& d = diffs[b];
        if (d.size() < 500) continue;
        auto mid = d.begin() + d.size() / 2;
        std::nth_element(d.begin(), mid, d.end());
        const float med = *mid;
        for (auto& x : d) x = std::abs(x - med);
        std::nth_element(d.begin(), mid, d.end());
        const double sigma = 1.4826 * *mid;
        lv.push_back(levelSum[b] / double(d.size()));
        vv.push_back(sigma * sigma / 2.0);
        ww.push_back(double(d.size()));
    }
    NoiseModel model;
    if (lv.size() < 4) return model;
    // Weighted least squares of v = shot * level + read; the relative error of a variance estimate
    // is constant, so each bin is weighted by count / v^2.
    Eigen::MatrixXd A(lv.size(), 2);
    Eigen::VectorXd y(lv.size());
    for (std::size_t i = 0; i < lv.size(); ++i) {
        const double w = std::sqrt(ww[i]) / std::max(vv[i], 1e-20);
        A(i, 0) = lv[i] * w;
        A(i, 1) = w;
        y(i) = vv[i] * w;
    }
    const Eigen::Vector2d x = A.colPivHouseholderQr().solve(y);
    if (!std::isfinite(x(0)) || !std::isfinite(x(1)) || x(0) <= 0) return model;
    model.shot = x(0);
    // Quantisation alone gives a floor of 1/12 code squared.
    model.read = std::max(x(1), 1.0 / 12.0 * scale * scale);
    model.estimated = true;
    return model;
}

} // namespace ll::capture
