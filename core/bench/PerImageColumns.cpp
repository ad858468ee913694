#include "bench/PerImageColumns.h"

#include "util/AtomicFile.h"

#include <map>

namespace ll::bench {

namespace {

ColumnDeclaration role(ColumnRole r) { return {"", r, std::nullopt}; }
ColumnDeclaration score(ScoreDirection b) { return {"", ColumnRole::Score, b}; }

bool startsWith(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }
bool endsWith(const std::string& s, const std::string& e) {
    return s.size() >= e.size() && s.compare(s.size() - e.size(), e.size(), e) == 0;
}

} // namespace

std::optional<ColumnDeclaration> perImageColumn(const std::string& name) {
    // SIE, LFE and SIE1 are errors (0 = the edit matches the ground truth); PSNR, SSIM and the share
    // of valid pixels grow with a better edit.
    static const std::map<std::string, ColumnDeclaration> fixed = {
        {"scene", role(ColumnRole::Key)},          {"model", role(ColumnRole::Key)},
        {"task", role(ColumnRole::Key)},           {"regime", role(ColumnRole::Text)},
        {"failure", role(ColumnRole::Text)},       {"sie", score(ScoreDirection::Lower)},
        {"lfe", score(ScoreDirection::Lower)},             {"sie1", score(ScoreDirection::Lower)},
        {"psnr", score(ScoreDirection::Higher)},           {"ssim", score(ScoreDirection::Higher)},
        {"valid_fraction", score(ScoreDirection::Higher)}, {"valid_pixels", role(ColumnRole::Count)},
        {"degenerate", role(ColumnRole::Flag)},    {"eval_width", role(ColumnRole::Count)}, // pixels
        {"eval_height", role(ColumnRole::Count)},  {"sd.sie", role(ColumnRole::Uncertainty)},
        {"sd.lfe", role(ColumnRole::Uncertainty)}, {"error_file", role(ColumnRole::Text)},
        {"error", role(ColumnRole::Text)}};
    if (const auto it = fixed.find(name); it != fixed.end()) return it->second;
    // wb_<shift>.{sie,lfe,psnr,ssim}: the scores against the white-balance-shifted pair
    if (startsWith(name, "wb_")) {
        if (endsWith(name, ".sie") || endsWith(name, ".lfe")) return score(ScoreDirection::Lower);
        if (endsWith(name, ".psnr") || endsWith(name, ".ssim")) return score(ScoreDirection::Higher);
    }
    // meta.<key>: a key of the scene's meta.json, as text
    if (startsWith(name, "meta.") && name.size() > 5) return role(ColumnRole::Text);
    // region.<class>.{pixels,sie,lfe} and band.<lo-hi>.{pixels,sie,lfe}
    if (startsWith(name, "region.") || startsWith(name, "band.")) {
        if (endsWith(name, ".pixels")) return role(ColumnRole::Count);
        if (endsWith(name, ".sie") || endsWith(name, ".lfe")) return score(ScoreDirection::Lower);
    }
    return std::nullopt;
}

void writePerImageColumns(const std::filesystem::path& csvPath, const std::string& csvText,
                          const std::map<std::string, ScoreDirection>& imported) {
    ColumnSidecar sidecar;
    sidecar.file = csvPath.filename().string();
    sidecar.taskGroups = true;
    sidecar.defaultMetrics = {"sie", "lfe"};
    for (const auto& name : csvHeaderFields(csvText, sidecar.file)) {
        std::optional<ColumnDeclaration> d = perImageColumn(name);
        if (!d && startsWith(name, "imported."))
            if (const auto it = imported.find(name.substr(9)); it != imported.end()) d = score(it->second);
        if (!d) continue;
        d->name = name;
        sidecar.columns.push_back(std::move(*d));
    }
    writeFileAtomic(columnSidecarPath(csvPath), columnSidecarJson(sidecar));
}

} // namespace ll::bench
