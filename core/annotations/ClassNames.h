#pragma once
// Region classes of the 3DLP benchmark and the normalisation of labels as annotators write them
// ("Probe Shadow", "shadow (probe)", "glass", ...) to those classes.
//
// A label is first reduced to a key: lower-case, every run of characters other than letters and
// digits replaced by one '_', no '_' at either end ("Shadow (probe)" -> "shadow_probe"). The key is
// looked up in the alias table; a key that is a class name maps to itself; any other key is kept
// as the class name (so unknown classes are scored under their own name).
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// metallic, mirror, transparent, probe_shadow, probe_highlight, ambient_shadow, ambient_highlight, window.
const std::vector<std::string>& canonicalClassNames();
bool isCanonicalClass(std::string_view name);

// The key a label is compared by (see above).
std::string classKey(std::string_view label);

class ClassAliases {
public:
    // Empty table: only exact class names (after classKey) are recognised.
    ClassAliases() = default;
    // The built-in table (see docs/annotations.md for the list).
    static ClassAliases defaults();

    // Adds or replaces an alias. Both sides go through classKey.
    void add(std::string_view alias, std::string_view className);
    // The class a label means.
    std::string normalise(std::string_view label) const;
    const std::map<std::string, std::string>& table() const { return table_; }

private:
    std::map<std::string, std::string> table_; // key -> class
};

// normalise(label) with the built-in table.
std::string normaliseClassName(std::string_view label);

} // namespace ll
