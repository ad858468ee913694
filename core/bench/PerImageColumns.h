#pragma once
// The column declaration written beside per_image.csv (util/ColumnRoles.h): what every column is,
// and for the scores which way is better, so `validate` reads the direction instead of guessing.
#include "util/ColumnRoles.h"

#include <optional>
#include <string>

namespace ll::bench {

// The declaration of one per_image.csv column; nullopt for a column this version does not know.
std::optional<ColumnDeclaration> perImageColumn(const std::string& name);

// Writes per_image.columns.json beside `csvPath` for the per_image.csv text written there.
void writePerImageColumns(const std::filesystem::path& csvPath, const std::string& csvText);

} // namespace ll::bench
