#pragma once
// The column declaration written beside edit-bench's per_task.csv (util/ColumnRoles.h): keys
// (scene, model, task, item), the scores and which way each is better, counts and flags, so
// `validate --scores per_task.csv` orients every score from the file rather than from its name.
#include "util/ColumnRoles.h"

#include <filesystem>
#include <optional>
#include <string>

namespace ll::edit {

// The declaration of one per_task.csv column; nullopt for a column this version does not know.
std::optional<ColumnDeclaration> perTaskColumn(const std::string& name);

// The item key of one row of per_task.csv: "<task>/<model>".
std::string perTaskItem(const std::string& task, const std::string& model);

// Writes per_task.columns.json beside `csvPath` for the per_task.csv text written there.
void writePerTaskColumns(const std::filesystem::path& csvPath, const std::string& csvText);

} // namespace ll::edit
