#include "bench/RowJson.h"

#include "bench/NumberFormat.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

namespace ll::bench {

namespace {

using nlohmann::json;

json regionsJson(const std::map<std::string, RegionScore>& m) {
    json j = json::object();
    for (const auto& [k, v] : m) j[k] = json::array({v.pixels, formatExact(v.sie), formatExact(v.lfe)});
    return j;
}

std::map<std::string, RegionScore> regionsFrom(const json& j, const std::string& subject) {
    std::map<std::string, RegionScore> m;
    for (const auto& [k, v] : j.items()) {
        RegionScore s;
        s.pixels = v.at(0).get<long long>();
        s.sie = parseNumber(v.at(1).get<std::string>(), subject);
        s.lfe = parseNumber(v.at(2).get<std::string>(), subject);
        m[k] = s;
    }
    return m;
}

} // namespace

std::string rowToJsonLine(const ScoreRow& r) {
    json j;
    j["scene"] = r.scene;
    j["model"] = r.model;
    j["task"] = taskName(r.task);
    j["regime"] = r.regime;
    j["eval_size"] = json::array({r.evalWidth, r.evalHeight});
    if (!r.meta.empty()) j["meta"] = r.meta;
    j["failure"] = failureName(r.failure);
    j["sie"] = formatExact(r.sie);
    j["lfe"] = formatExact(r.lfe);
    j["sie1"] = formatExact(r.sie1);
    j["psnr"] = formatExact(r.psnr);
    j["ssim"] = formatExact(r.ssim);
    j["valid_fraction"] = formatExact(r.validFraction);
    j["valid_pixels"] = r.validPixels ? json(*r.validPixels) : json(nullptr);
    j["degenerate"] = r.degenerate;
    j["sd_sie"] = formatExact(r.sdSie);
    j["sd_lfe"] = formatExact(r.sdLfe);
    if (!r.wb.empty()) {
        json wb = json::object();
        for (const auto& [k, s] : r.wb)
            wb[k] = json::array({formatExact(s.sie), formatExact(s.lfe), formatExact(s.psnr), formatExact(s.ssim)});
        j["wb"] = wb;
    }
    j["regions"] = regionsJson(r.regions);
    j["bands"] = regionsJson(r.bands);
    j["error_file"] = r.errorFile;
    j["error"] = r.error;
    return j.dump();
}

ScoreRow rowFromJsonLine(const std::string& line, const std::string& subject) {
    try {
        const json j = json::parse(line);
        ScoreRow r;
        r.scene = j.at("scene").get<std::string>();
        r.model = j.at("model").get<std::string>();
        r.task = parseTask(j.at("task").get<std::string>());
        r.regime = j.at("regime").get<std::string>();
        if (j.contains("eval_size")) {
            r.evalWidth = j["eval_size"].at(0).get<int>();
            r.evalHeight = j["eval_size"].at(1).get<int>();
        }
        if (j.contains("meta")) r.meta = j["meta"].get<std::map<std::string, std::string>>();
        r.failure = parseFailure(j.at("failure").get<std::string>());
        auto num = [&](const char* k) { return parseNumber(j.at(k).get<std::string>(), subject); };
        r.sie = num("sie");
        r.lfe = num("lfe");
        r.sie1 = num("sie1");
        r.psnr = num("psnr");
        r.ssim = num("ssim");
        r.validFraction = num("valid_fraction");
        if (!j.at("valid_pixels").is_null()) r.validPixels = j.at("valid_pixels").get<long long>();
        r.degenerate = j.at("degenerate").get<bool>();
        r.sdSie = num("sd_sie");
        r.sdLfe = num("sd_lfe");
        if (j.contains("wb"))
            for (const auto& [k, v] : j["wb"].items()) {
                ShiftedScores& s = r.wb[k];
                s.sie = parseNumber(v.at(0).get<std::string>(), subject);
                s.lfe = parseNumber(v.at(1).get<std::string>(), subject);
                s.psnr = parseNumber(v.at(2).get<std::string>(), subject);
                s.ssim = parseNumber(v.at(3).get<std::string>(), subject);
            }
        r.regions = regionsFrom(j.at("regions"), subject);
        r.bands = regionsFrom(j.at("bands"), subject);
        r.errorFile = j.at("error_file").get<std::string>();
        r.error = j.at("error").get<std::string>();
        return r;
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw Error(subject, std::string("not a row record: ") + e.what());
    }
}

} // namespace ll::bench
