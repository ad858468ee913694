#include "metrics/ScoresJson.h"

#include <cmath>

namespace ll {
namespace {

nlohmann::json number(const std::optional<double>& v) {
    if (v && std::isfinite(*v)) return *v;
    return nullptr;
}

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

nlohmann::json perChannel(const std::array<std::optional<double>, 3>& v) {
    return nlohmann::json::array({number(v[0]), number(v[1]), number(v[2])});
}

nlohmann::json statsJson(const RgbStats& s) {
    nlohmann::json med = nlohmann::json::array(), mad = nlohmann::json::array();
    for (const auto& c : s) {
        med.push_back(c.count ? number(c.median) : nlohmann::json(nullptr));
        mad.push_back(c.count ? number(c.mad) : nlohmann::json(nullptr));
    }
    return {{"median", med}, {"mad", mad}};
}

} // namespace

nlohmann::json toJson(const RegionScore& r) {
    return {{"pixels", r.pixels}, {"sie", number(r.sie)}, {"lfe", number(r.lfe)}, {"lfe_pixels", r.lfePixels}};
}

nlohmann::json toJson(const EvalScores& s) {
    nlohmann::json j;
    j["task"] = taskName(s.task);
    j["sie"] = number(s.sie);
    j["lfe"] = number(s.lfe);
    j["sie1"] = number(s.sie1);
    j["psnr"] = number(s.psnr);
    j["ssim"] = number(s.ssim);
    j["lpips"] = nullptr; // needs network weights that are not available offline
    j["valid_fraction"] = number(s.validFraction);
    j["valid_pixels"] = s.validPixels;
    j["degenerate"] = s.degenerate;
    j["degenerate_reason"] = s.degenerate ? nlohmann::json(s.degenerateReason) : nlohmann::json(nullptr);
    // The edit itself is degenerate: a failure, counted as worst by the benchmark (spec "Standardisation").
    j["edit_failure"] = s.editFailure ? nlohmann::json(s.editFailureReason) : nlohmann::json(nullptr);
    j["size"] = {s.width, s.height};
    nlohmann::json regions = nlohmann::json::object();
    for (const auto& [name, r] : s.regions) regions[name] = toJson(r);
    j["regions"] = regions;
    nlohmann::json bands = nlohmann::json::object();
    for (const auto& [name, r] : s.bands) bands[name] = toJson(r);
    j["bands"] = bands;
    j["sie_per_channel"] = perChannel(s.siePerChannel);
    j["lfe_per_channel"] = perChannel(s.lfePerChannel);
    j["sie1_per_channel"] = perChannel(s.sie1PerChannel);
    nlohmann::json excluded = nlohmann::json::object();
    for (int r = 1; r < kExclusionReasonCount; ++r)
        excluded[exclusionReasonName(ExclusionReason(r))] = s.excludedByFirstReason[std::size_t(r)];
    j["excluded"] = excluded;
    j["ratio_stats"] = {{"real", statsJson(s.ratioRealStats)}, {"edit", statsJson(s.ratioEditStats)}};
    j["low_signal_threshold"] = number(s.lowSignalThreshold);
    j["band_max_signal"] = number(s.bandMaxSignal);
    if (s.uncertainty)
        j["quantisation_uncertainty"] = {{"draws", s.uncertainty->draws},
                                         {"sie_std", number(s.uncertainty->sieStd)},
                                         {"lfe_std", number(s.uncertainty->lfeStd)},
                                         {"sie1_std", number(s.uncertainty->sie1Std)}};
    return j;
}

} // namespace ll
