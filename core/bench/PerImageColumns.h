#pragma once
// The column declaration written beside per_image.csv (util/ColumnRoles.h): what every column is,
// and for the scores which way is better, so `validate` reads the direction instead of guessing.
#include "util/ColumnRoles.h"

#include <map>
#include <optional>
#include <string>

namespace ll::bench {

// The declaration of one per_image.csv column; nullopt for a column this version does not know.
std::optional<ColumnDeclaration> perImageColumn(const std::string& name);

// Writes per_image.columns.json beside `csvPath` for the per_image.csv text written there; the
// imported.<name> columns are declared with the directions in `imported` (by name).
void writePerImageColumns(const std::filesystem::path& csvPath, const std::string& csvText,
                          const std::map<std::string, ScoreDirection>& imported = {});

} // namespace ll::bench
