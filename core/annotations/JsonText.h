#pragma once
// Parsing JSON text with errors that name the file, line and column.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace ll {

// Parses `text`; throws ll::Error(subject, "malformed JSON at line L, column C: <what>").
nlohmann::ordered_json parseJsonText(std::string_view text, const std::string& subject);

// A short description of a JSON value's type for messages ("a string", "an array", ...).
std::string jsonTypeName(const nlohmann::ordered_json& value);

} // namespace ll
