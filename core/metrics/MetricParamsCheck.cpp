#include "metrics/MetricParamsCheck.h"

#include "util/Error.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ll {

namespace {
bool finite(double v) { return std::isfinite(v); }
} // namespace

std::vector<std::string> metricParamProblems(const MetricParams& p) {
    std::vector<std::string> out;
    auto need = [&](bool ok, const std::string& problem) {
        if (!ok) out.push_back(problem);
    };
    need(finite(p.lowSignalSigmaFraction) && p.lowSignalSigmaFraction > 0 && p.lowSignalSigmaFraction <= 0.5,
         "low_signal_sigma_fraction must be in (0, 0.5]");
    need(finite(p.lowSignalTruncate) && p.lowSignalTruncate >= 1 && p.lowSignalTruncate <= 10, "low_signal_truncate must be in [1, 10]");
    need(finite(p.lowSignalFraction) && p.lowSignalFraction >= 0 && p.lowSignalFraction < 1, "low_signal_fraction must be in [0, 1)");
    need(finite(p.lowSignalPercentile) && p.lowSignalPercentile > 0 && p.lowSignalPercentile <= 100,
         "low_signal_percentile must be in (0, 100]");
    need(p.editClipCode >= 1 && p.editClipCode <= 255, "edit_clip_code must be in [1, 255]");
    need(!p.editClipLevel || (std::isfinite(*p.editClipLevel) && *p.editClipLevel > 0), "edit_clip_level must be positive");
    need(finite(p.madFloor) && p.madFloor > 0 && p.madFloor < 1, "mad_floor must be in (0, 1)");
    need(finite(p.lfeGradientPercentile) && p.lfeGradientPercentile > 0 && p.lfeGradientPercentile <= 100,
         "lfe_gradient_percentile must be in (0, 100]");
    need(p.minRegionPixels >= 1, "min_region_pixels must be at least 1");
    const auto& e = p.bandEdgesPercent;
    bool edgesOk = e.size() >= 2 && e.front() == 100.0 && e.back() == 0.0;
    for (std::size_t i = 1; edgesOk && i < e.size(); ++i) edgesOk = finite(e[i]) && e[i] < e[i - 1];
    need(edgesOk, "band edges must start at 100, fall strictly and end at 0");
    need(finite(p.ssimSigma) && p.ssimSigma > 0 && p.ssimSigma <= 20, "ssim_sigma must be in (0, 20]");
    need(finite(p.ssimTruncate) && p.ssimTruncate >= 1 && p.ssimTruncate <= 10, "ssim_truncate must be in [1, 10]");
    need(finite(p.ssimK1) && p.ssimK1 > 0 && p.ssimK1 < 1, "ssim_k1 must be in (0, 1)");
    need(finite(p.ssimK2) && p.ssimK2 > 0 && p.ssimK2 < 1, "ssim_k2 must be in (0, 1)");
    need(p.uncertaintyDraws >= 2 && p.uncertaintyDraws <= 100000, "uncertainty_draws must be in [2, 100000]");
    return out;
}

void checkMetricParams(const MetricParams& params, const std::string& subject) {
    const std::vector<std::string> problems = metricParamProblems(params);
    if (!problems.empty()) throw Error(subject, problems.front());
}

std::vector<double> parseBandEdges(const std::string& text, const std::string& subject) {
    std::string s = text;
    for (char& c : s)
        if (c == ',' || c == ';') c = ' ';
    std::istringstream in(s);
    std::vector<double> edges;
    std::string word;
    while (in >> word) {
        char* end = nullptr;
        const double v = std::strtod(word.c_str(), &end);
        if (end == word.c_str() || *end != '\0' || !std::isfinite(v)) throw Error(subject, "'" + word + "' is not a number");
        edges.push_back(v);
    }
    if (edges.empty()) throw Error(subject, "no band edges given");
    return edges;
}

std::string formatBandEdges(const std::vector<double>& edges) {
    std::ostringstream out;
    for (std::size_t i = 0; i < edges.size(); ++i) out << (i ? ", " : "") << edges[i];
    return out.str();
}

} // namespace ll
