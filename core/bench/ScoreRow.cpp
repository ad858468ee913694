#include "bench/ScoreRow.h"

#include "util/Error.h"

#include <algorithm>
#include <charconv>
#include <tuple>

namespace ll::bench {

const char* failureName(Failure f) {
    switch (f) {
    case Failure::None: return "";
    case Failure::MissingEdit: return "missing_edit";
    case Failure::BadEdit: return "bad_edit";
    case Failure::BadScene: return "bad_scene";
    case Failure::DegenerateEdit: return "degenerate_edit";
    }
    return "";
}

Failure parseFailure(const std::string& s) {
    for (Failure f : {Failure::None, Failure::MissingEdit, Failure::BadEdit, Failure::BadScene, Failure::DegenerateEdit})
        if (s == failureName(f)) return f;
    throw Error("failure", "unknown failure kind '" + s + "'");
}

bool rowLess(const ScoreRow& a, const ScoreRow& b) {
    return std::tie(a.scene, a.model, a.task) < std::tie(b.scene, b.model, b.task);
}

std::string rowKey(const std::string& scene, const std::string& model, Task task) {
    return scene + "\t" + model + "\t" + taskName(task);
}

namespace {

std::optional<std::pair<double, double>> bandEdges(const std::string& key) {
    const auto dash = key.find('-', 1);
    if (dash == std::string::npos) return std::nullopt;
    double lo = 0, hi = 0;
    const char* b = key.data();
    const char* e = key.data() + key.size();
    auto r1 = std::from_chars(b, b + dash, lo);
    auto r2 = std::from_chars(b + dash + 1, e, hi);
    if (r1.ec != std::errc() || r1.ptr != b + dash || r2.ec != std::errc() || r2.ptr != e) return std::nullopt;
    return std::make_pair(lo, hi);
}

} // namespace

std::vector<std::string> orderBands(std::vector<std::string> keys) {
    std::sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) {
        const auto ea = bandEdges(a), eb = bandEdges(b);
        if (ea && eb) {
            if (ea->second != eb->second) return ea->second > eb->second;
            if (ea->first != eb->first) return ea->first > eb->first;
            return a < b;
        }
        if (bool(ea) != bool(eb)) return bool(ea); // numeric keys first
        return a < b;
    });
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

std::vector<std::string> orderRegions(std::vector<std::string> keys) {
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

} // namespace ll::bench
