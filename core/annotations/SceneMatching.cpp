#include "annotations/SceneMatching.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace ll {

namespace {
std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
std::string baseName(std::string_view name) {
    const auto slash = name.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? name : name.substr(slash + 1));
}
} // namespace

std::string undoRoboflowRename(std::string_view fileName) {
    static const std::regex renamed(R"(^(.+)_([A-Za-z0-9]{1,5})\.rf\.[A-Za-z0-9]+\.[A-Za-z0-9]+$)");
    const std::string base = baseName(fileName);
    std::smatch m;
    if (std::regex_match(base, m, renamed)) return m[1].str() + "." + m[2].str();
    return std::string(fileName);
}

std::string originalImageName(std::string_view fileName, std::string_view extraName) {
    if (!extraName.empty()) return std::string(extraName);
    return undoRoboflowRename(fileName);
}

std::string imageStem(std::string_view name) {
    std::string base = baseName(name);
    const auto dot = base.find_last_of('.');
    if (dot != std::string::npos && dot > 0) base.resize(dot);
    return lower(base);
}

const std::vector<std::string>& sceneRoleWords() {
    static const std::vector<std::string> words = {"on",   "off", "input", "turn_on", "turn_off",
                                                   "ldr",  "hdr", "edit",  "preview", "labels"};
    return words;
}

std::optional<std::string> matchScene(std::string_view originalName, const std::vector<std::string>& scenes) {
    const std::string stem = imageStem(originalName);
    std::optional<std::string> best;
    bool bestExact = false;
    for (const auto& scene : scenes) {
        const std::string s = lower(scene);
        bool exact = stem == s, role = false;
        if (!exact && stem.size() > s.size() + 1 && stem.compare(0, s.size(), s) == 0 &&
            (stem[s.size()] == '_' || stem[s.size()] == '-')) {
            const std::string rest = stem.substr(s.size() + 1);
            const auto& words = sceneRoleWords();
            role = std::find(words.begin(), words.end(), rest) != words.end();
        }
        if (!exact && !role) continue;
        const bool better = !best || (exact && !bestExact) || (exact == bestExact && scene.size() > best->size());
        if (better) {
            best = scene;
            bestExact = exact;
        }
    }
    return best;
}

} // namespace ll
