#include "annotations/ClassNames.h"

#include <algorithm>
#include <cctype>

namespace ll {

const std::vector<std::string>& canonicalClassNames() {
    static const std::vector<std::string> names = {"metallic",       "mirror",         "transparent",
                                                   "probe_shadow",   "probe_highlight", "ambient_shadow",
                                                   "ambient_highlight", "window"};
    return names;
}

bool isCanonicalClass(std::string_view name) {
    const auto& n = canonicalClassNames();
    return std::find(n.begin(), n.end(), name) != n.end();
}

std::string classKey(std::string_view label) {
    std::string key;
    bool pendingSeparator = false;
    for (unsigned char c : label) {
        if (std::isalnum(c) || c >= 0x80) { // keep UTF-8 bytes of non-ASCII names as they are
            if (pendingSeparator && !key.empty()) key += '_';
            pendingSeparator = false;
            key += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
        } else {
            pendingSeparator = true;
        }
    }
    return key;
}

void ClassAliases::add(std::string_view alias, std::string_view className) {
    table_[classKey(alias)] = classKey(className);
}

std::string ClassAliases::normalise(std::string_view label) const {
    const std::string key = classKey(label);
    const auto it = table_.find(key);
    return it != table_.end() ? it->second : key;
}

ClassAliases ClassAliases::defaults() {
    ClassAliases a;
    const std::pair<const char*, const char*> entries[] = {
        // materials
        {"metal", "metallic"}, {"metals", "metallic"}, {"metallic_surface", "metallic"}, {"chrome", "metallic"},
        {"steel", "metallic"}, {"mirrors", "mirror"}, {"reflective", "mirror"}, {"specular", "mirror"},
        {"glass", "transparent"}, {"transparency", "transparent"}, {"transparent_object", "transparent"},
        {"translucent", "transparent"},
        // probe light effects
        {"shadow_probe", "probe_shadow"}, {"probe_shadows", "probe_shadow"}, {"shadow_from_probe", "probe_shadow"},
        {"probe_cast_shadow", "probe_shadow"}, {"light_shadow", "probe_shadow"},
        {"highlight_probe", "probe_highlight"}, {"probe_highlights", "probe_highlight"},
        {"probe_specular", "probe_highlight"}, {"probe_reflection", "probe_highlight"},
        {"highlight_from_probe", "probe_highlight"},
        // ambient light effects
        {"shadow_ambient", "ambient_shadow"}, {"ambient_shadows", "ambient_shadow"},
        {"shadow_ambient_light", "ambient_shadow"}, {"highlight_ambient", "ambient_highlight"},
        {"ambient_highlights", "ambient_highlight"}, {"highlight_ambient_light", "ambient_highlight"},
        // excluded
        {"windows", "window"}, {"window_region", "window"}, {"outside", "window"},
    };
    for (const auto& [alias, cls] : entries) a.add(alias, cls);
    for (const auto& c : canonicalClassNames()) a.add(c, c);
    return a;
}

std::string normaliseClassName(std::string_view label) {
    static const ClassAliases table = ClassAliases::defaults();
    return table.normalise(label);
}

} // namespace ll
