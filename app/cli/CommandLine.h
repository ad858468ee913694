#pragma once
// A small declarative command-line parser for lightlens-cli subcommands.
// Each command declares its options; unknown options, missing values and bad numbers are usage
// errors (exit status 2). Both "--name value" and "--name=value" are accepted.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ll::cli {

// Bad usage: reported as one line, exit status 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct OptionSpec {
    std::string name;      // without the leading "--"
    std::string valueName; // empty for a flag; ending in "..." without a comma (e.g. "FILE..."): takes
                           // every following argument up to the next option, and may be repeated
    std::string help;
};

struct CommandSpec {
    std::string name;
    std::string positionals; // e.g. "DIR" or "OUT DIR..." (for the synopsis)
    std::string summary;     // one line
    std::vector<OptionSpec> options;
    int minPositionals = 0;
    int maxPositionals = 0; // -1: unlimited
    std::string details;    // optional paragraph after the options
};

struct Size2 {
    int width = 0;
    int height = 0;
};

class ParsedArgs {
public:
    std::vector<std::string> positionals;

    bool has(const std::string& name) const {
        return values_.count(name) || flags_.count(name) || multi_.count(name);
    }
    bool flag(const std::string& name) const { return flags_.count(name) > 0; }
    std::optional<std::string> value(const std::string& name) const;
    std::string string(const std::string& name, const std::string& fallback = "") const;
    std::string required(const std::string& name) const;
    long long integer(const std::string& name, long long fallback) const;
    double number(const std::string& name, double fallback) const;
    std::optional<Size2> size(const std::string& name) const; // "WxH"
    std::vector<std::string> list(const std::string& name) const; // comma separated
    std::vector<std::string> many(const std::string& name) const;  // the values of a "..." option

    void setValue(const std::string& n, const std::string& v) { values_[n] = v; }
    void setFlag(const std::string& n) { flags_.insert(n); }
    void addMany(const std::string& n, const std::string& v) { multi_[n].push_back(v); }

private:
    std::map<std::string, std::string> values_;
    std::set<std::string> flags_;
    std::map<std::string, std::vector<std::string>> multi_;
};

ParsedArgs parseArgs(const CommandSpec& spec, const std::vector<std::string>& args);
std::string helpText(const CommandSpec& spec);
Size2 parseSize(const std::string& text, const std::string& what);

} // namespace ll::cli
