#include "annotations/JsonText.h"

#include "util/Error.h"

namespace ll {

nlohmann::ordered_json parseJsonText(std::string_view text, const std::string& subject) {
    try {
        return nlohmann::ordered_json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is the 1-based offset of the byte where parsing stopped.
        const std::size_t stop = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < stop; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        // nlohmann's message is "[json.exception.parse_error.101] parse error at line 1, column 2: <what>".
        std::string what = e.what();
        const auto colon = what.find(": ");
        if (colon != std::string::npos) what = what.substr(colon + 2);
        for (char& c : what)
            if (c == '\n' || c == '\r') c = ' ';
        throw Error(subject, "malformed JSON at line " + std::to_string(line) + ", column " + std::to_string(column) +
                                 ": " + what);
    } catch (const nlohmann::json::exception& e) {
        // Anything else the parser rejects, e.g. a number too large for a double (out_of_range.406).
        std::string what = e.what();
        const auto bracket = what.find("] ");
        if (bracket != std::string::npos) what = what.substr(bracket + 2);
        for (char& c : what)
            if (c == '\n' || c == '\r') c = ' ';
        throw Error(subject, "malformed JSON: " + what);
    }
}

std::string jsonTypeName(const nlohmann::ordered_json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::binary: return "binary data";
    case nlohmann::json::value_t::discarded: return "nothing";
    default: return "a number";
    }
}

} // namespace ll
