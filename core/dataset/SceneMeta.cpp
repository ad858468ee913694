#include "dataset/SceneMeta.h"

#include "dataset/JsonFile.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace ll {
namespace fs = std::filesystem;

bool isKnownRegime(const std::string& r) {
    return r.empty() || r == "natural" || r == "artificial" || r == "mixed";
}

SceneMeta readSceneMeta(const fs::path& path) {
    const nlohmann::json j = readJsonObject(path);
    SceneMeta m;
    if (auto it = j.find("k"); it != j.end() && !it->is_null()) {
        if (!it->is_number()) throw Error(path.string(), "\"k\" must be a number");
        m.k = it->get<double>();
        if (!(m.k > 0.0) || !std::isfinite(m.k))
            throw Error(path.string(), "\"k\" must be a positive finite number (got " + it->dump() + ")");
        m.kRecorded = true;
    }
    if (auto it = j.find("regime"); it != j.end() && !it->is_null()) {
        if (!it->is_string()) throw Error(path.string(), "\"regime\" must be a string");
        m.regime = it->get<std::string>();
        if (!isKnownRegime(m.regime))
            throw Error(path.string(),
                        "unknown regime '" + m.regime + "' (expected natural, artificial or mixed)");
    }
    if (auto it = j.find("clip_level"); it != j.end() && !it->is_null()) {
        if (!it->is_number()) throw Error(path.string(), "\"clip_level\" must be a number or null");
        const double c = it->get<double>();
        if (!(c > 0.0) || !std::isfinite(c))
            throw Error(path.string(), "\"clip_level\" must be a positive finite number or null");
        m.clipLevel = c;
    }
    if (auto it = j.find("capture"); it != j.end() && !it->is_null()) {
        if (!it->is_object()) throw Error(path.string(), "\"capture\" must be an object");
        m.capture = it->dump();
    }
    for (const auto& [key, value] : j.items())
        m.fields[key] = value.is_string() ? value.get<std::string>() : value.is_null() ? std::string() : value.dump();
    return m;
}

void writeSceneMeta(const fs::path& path, const SceneMeta& meta) {
    if (!(meta.k > 0.0) || !std::isfinite(meta.k)) throw Error(path.string(), "k must be a positive finite number");
    if (!isKnownRegime(meta.regime)) throw Error(path.string(), "unknown regime '" + meta.regime + "'");
    nlohmann::json j = nlohmann::json::object();
    std::error_code ec;
    if (fs::exists(path, ec)) j = readJsonObject(path);
    j["k"] = meta.k;
    if (!meta.regime.empty()) j["regime"] = meta.regime;
    if (meta.clipLevel) j["clip_level"] = *meta.clipLevel;
    else j["clip_level"] = nullptr;
    if (!meta.capture.empty()) {
        nlohmann::json c = nlohmann::json::parse(meta.capture, nullptr, false);
        if (!c.is_object()) throw Error(path.string(), "the capture block to write is not a JSON object");
        j["capture"] = std::move(c);
    }
    writeFileAtomic(path, j.dump(2) + "\n");
}

} // namespace ll
