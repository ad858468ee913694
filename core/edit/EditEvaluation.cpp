#include "edit/EditEvaluation.h"

#include "image/ImageIO.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace ll::edit {

namespace {
nlohmann::json opt(std::optional<double> v) {
    return (v && std::isfinite(*v)) ? nlohmann::json(*v) : nlohmann::json(nullptr);
}
} // namespace

EditEvaluation evaluateEdit(const EditCase& c, const ColourConfig& colour, const EditEvalParams& params,
                            const LearnedScorerRegistry* learned) {
    if (c.input.empty() || c.edit.empty()) throw Error("edit", "empty image");
    if (c.input.width() != c.edit.width() || c.input.height() != c.edit.height())
        throw Error("edit", "the edit is not at the input's size");
    if (c.mask && (c.mask->width() != c.input.width() || c.mask->height() != c.input.height()))
        throw Error("mask", "the mask is not at the input's size");
    EditEvaluation e;
    e.width = c.input.width();
    e.height = c.input.height();
    e.notes = c.notes;
    const ImageViews x = makeViews(c.input, colour), y = makeViews(c.edit, colour);
    e.scores = computeMaterialScores(c, x, y, colour, params.material);
    e.changes = analyseUnintendedChanges(c, x, y, colour, params.unintended);
    const LearnedScorerRegistry fallback = paperLearnedScorers();
    e.learned = runLearnedScorers(learned ? *learned : fallback, c);
    return e;
}

nlohmann::json toJson(const Score& s) {
    nlohmann::json j{{"value", opt(s.value)}, {"measure", s.measure}, {"paper_measure", s.paperMeasure}};
    if (!s.note.empty()) j["note"] = s.note;
    return j;
}

nlohmann::json toJson(const EditEvaluation& e) {
    const MaterialScores& s = e.scores;
    nlohmann::json j;
    j["size"] = {e.width, e.height};
    j["preservation"] = toJson(s.preservation);
    j["preservation"]["ssim_outside"] = opt(s.ssimOutside);
    j["preservation"]["psnr_outside"] = opt(s.psnrOutside);
    if (!s.psnrOutside && s.outsidePixels > 0) j["preservation"]["identical_outside"] = true;
    j["preservation"]["delta_e2000_outside"] = opt(s.deltaEOutside);
    j["preservation"]["colour_fidelity_outside"] = opt(s.colourOutside);
    j["preservation"]["outside_pixels"] = s.outsidePixels;
    j["structure"] = toJson(s.structure);
    j["harmony"] = toJson(s.harmony);
    j["harmony"]["ncc"] = opt(s.harmonyNcc);
    j["harmony"]["seam"] = opt(s.harmonySeam);
    j["harmony"]["seam_energy_input"] = opt(s.seamEnergyInput);
    j["harmony"]["seam_energy_edit"] = opt(s.seamEnergyEdit);
    j["harmony"]["ring_pixels"] = s.ringPixels;
    j["material"] = toJson(s.material);
    j["material"]["colour_match"] = opt(s.materialColour);
    j["material"]["delta_e2000_mean_colour"] = opt(s.materialDeltaE);
    j["material"]["texture_match"] = opt(s.materialTexture);
    j["overall"] = toJson(s.overall);
    j["gate"] = toJson(s.gate);
    j["mask_pixels"] = s.maskPixels;

    const UnintendedChangeReport& u = e.changes;
    nlohmann::json uc;
    uc["taxonomy"] = "StableI2I (semantic / structure / low-level), approximated with classical image analysis";
    uc["preserved_pixels"] = u.preservedPixels;
    uc["preserved_region"] = u.wholeImage ? "whole image (no mask)" : "not (mask dilated by 2% of the diagonal)";
    uc["compensated_shift"] = {u.compensatedDx, u.compensatedDy};
    nlohmann::json checks = nlohmann::json::object();
    for (const auto& c : u.checks) {
        checks[c.name] = {{"dimension", c.dimension}, {"value", opt(c.value)}, {"measure", c.measure},
                          {"rule", c.rule},           {"flagged", c.flagged},  {"details", c.details}};
    }
    uc["checks"] = checks;
    nlohmann::json cands = nlohmann::json::array();
    for (const auto& c : u.candidates)
        cands.push_back({{"bbox", {c.x0, c.y0, c.x1 - c.x0 + 1, c.y1 - c.y0 + 1}},
                         {"area", c.area},
                         {"label", c.label},
                         {"texture_input", c.textureInput},
                         {"texture_edit", c.textureEdit},
                         {"mean_delta_e2000", c.meanDeltaE}});
    uc["semantic_candidates"] = {{"note", "a candidate list of changed regions with texture-based labels, not a semantic judgement"},
                                 {"regions", cands}};
    nlohmann::json verdicts = nlohmann::json::object();
    for (const auto& v : u.verdicts)
        verdicts[v.dimension] = {{"answer", v.consistent ? "Yes" : "No"},
                                 {"problem", v.consistent ? nlohmann::json("NULL") : nlohmann::json(v.problems)}};
    uc["verdicts"] = verdicts;
    j["unintended_changes"] = uc;

    nlohmann::json learned = nlohmann::json::object();
    std::vector<std::string> unavailable;
    for (const auto& l : e.learned) {
        learned[l.name] = {{"available", l.available}, {"replaces", l.replaces}, {"description", l.description},
                           {"value", opt(l.value)}};
        if (!l.note.empty()) learned[l.name]["note"] = l.note;
        if (!l.available) unavailable.push_back(l.name);
    }
    j["learned"] = learned;
    j["learned_unavailable"] = unavailable;
    j["warnings"] = s.warnings;
    j["notes"] = e.notes;
    return j;
}

namespace {
std::pair<float, float> pngRange(const std::string& name) {
    if (name == "delta_e") return {0.f, 20.f};
    if (name == "local_shift") return {0.f, 4.f};
    if (name == "fine_ncc" || name == "structure") return {-1.f, 1.f};
    if (name == "change") return {0.f, 2.f};
    return {0.f, 1.f};
}
} // namespace

void writeEditMaps(const EditEvaluation& e, const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error(dir.string(), "cannot create the maps folder: " + ec.message());
    std::map<std::string, const FloatPlane*> maps;
    for (const auto& [n, p] : e.scores.maps) maps[n] = &p;
    for (const auto& [n, p] : e.changes.maps) maps[n] = &p;
    for (const auto& [name, plane] : maps) {
        saveExr(*plane, dir / (name + ".exr"));
        const auto [lo, hi] = pngRange(name);
        Image grey(plane->width(), plane->height());
        for (std::size_t i = 0; i < plane->size(); ++i) {
            const float v = std::isfinite((*plane)[i]) ? std::clamp(((*plane)[i] - lo) / (hi - lo), 0.f, 1.f) : 0.f;
            grey.data()[3 * i] = grey.data()[3 * i + 1] = grey.data()[3 * i + 2] = v;
        }
        savePng8(grey, dir / (name + ".png"));
    }
}

} // namespace ll::edit
