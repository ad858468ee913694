#pragma once
// Reading small JSON metadata files (meta.json, dataset.json) with one-line errors naming the file.
#include <nlohmann/json.hpp>

#include <filesystem>

namespace ll {

// Parses the file as a JSON object. Throws ll::Error naming the file when it is missing,
// unreadable, malformed JSON or not an object.
nlohmann::json readJsonObject(const std::filesystem::path& path);

} // namespace ll
