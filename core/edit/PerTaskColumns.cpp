#include "edit/PerTaskColumns.h"

#include "edit/EditBench.h"

#include <map>

namespace ll::edit {

namespace {

ColumnDeclaration role(ColumnRole r) { return {"", r, std::nullopt}; }
ColumnDeclaration score(ScoreDirection b) { return {"", ColumnRole::Score, b}; }

} // namespace

std::optional<ColumnDeclaration> perTaskColumn(const std::string& name) {
    // Every MatReplace score lies in [0, 1] with 1 the contract met (material, preservation,
    // structure, harmony, their mean and the gate), as do the harmony and material components
    // (NCC, seam energy ratio, colour and texture match); PSNR outside the mask grows with
    // preservation; CIEDE2000 outside the mask is an error.
    static const std::map<std::string, ColumnDeclaration> fixed = {
        {"model", role(ColumnRole::Key)},
        {"anchor", role(ColumnRole::Flag)},
        {"task", role(ColumnRole::Key)},
        {"material_class", role(ColumnRole::Text)},
        {"status", role(ColumnRole::Text)},
        {"material", score(ScoreDirection::Higher)},
        {"preservation", score(ScoreDirection::Higher)},
        {"structure", score(ScoreDirection::Higher)},
        {"harmony", score(ScoreDirection::Higher)},
        {"overall", score(ScoreDirection::Higher)},
        {"gate", score(ScoreDirection::Higher)},
        {"psnr_outside", score(ScoreDirection::Higher)},
        {"delta_e_outside", score(ScoreDirection::Lower)},
        {"harmony_ncc", score(ScoreDirection::Higher)},
        {"harmony_seam", score(ScoreDirection::Higher)},
        {"material_colour", score(ScoreDirection::Higher)},
        {"material_texture", score(ScoreDirection::Higher)},
        {"scene", role(ColumnRole::Key)},
        {"item", role(ColumnRole::Key)}};
    if (const auto it = fixed.find(name); it != fixed.end()) return it->second;
    if (name.rfind("pass_", 0) == 0 || name.rfind("flag_", 0) == 0) return role(ColumnRole::Flag);
    return std::nullopt;
}

std::string perTaskItem(const std::string& task, const std::string& model) { return task + "/" + model; }

void writePerTaskColumns(const std::filesystem::path& csvPath, const std::string& csvText) {
    // A material-replacement task is one item, not a kind of edit: no per-task groups.
    writeColumnSidecar(csvPath, csvText, false, benchScoreKeys(), &perTaskColumn);
}

} // namespace ll::edit
