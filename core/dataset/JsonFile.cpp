#include "dataset/JsonFile.h"

#include "util/AtomicFile.h"
#include "util/Error.h"

namespace ll {

nlohmann::json readJsonObject(const std::filesystem::path& path) {
    const std::string text = readFile(path);
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        std::string msg = e.what();
        const auto pos = msg.find("parse error");
        throw Error(path.string(), "malformed JSON: " + (pos == std::string::npos ? msg : msg.substr(pos)));
    } catch (const nlohmann::json::exception& e) {
        // e.g. a number too large for a double (out_of_range.406)
        std::string msg = e.what();
        const auto bracket = msg.find("] ");
        throw Error(path.string(), "malformed JSON: " + (bracket == std::string::npos ? msg : msg.substr(bracket + 2)));
    }
    if (!j.is_object()) throw Error(path.string(), "expected a JSON object");
    return j;
}

} // namespace ll
