#include "cli/CommandLine.h"

#include <charconv>
#include <sstream>

namespace ll::cli {

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::string ParsedArgs::string(const std::string& name, const std::string& fallback) const {
    return value(name).value_or(fallback);
}

std::string ParsedArgs::required(const std::string& name) const {
    auto v = value(name);
    if (!v) throw UsageError("missing required option --" + name);
    return *v;
}

long long ParsedArgs::integer(const std::string& name, long long fallback) const {
    auto v = value(name);
    if (!v) return fallback;
    long long out = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || p != v->data() + v->size())
        throw UsageError("--" + name + " expects a whole number, got '" + *v + "'");
    return out;
}

double ParsedArgs::number(const std::string& name, double fallback) const {
    auto v = value(name);
    if (!v) return fallback;
    try {
        std::size_t used = 0;
        double d = std::stod(*v, &used);
        if (used != v->size()) throw std::invalid_argument("trailing");
        return d;
    } catch (const std::exception&) {
        throw UsageError("--" + name + " expects a number, got '" + *v + "'");
    }
}

Size2 parseSize(const std::string& text, const std::string& what) {
    const auto x = text.find_first_of("xX");
    Size2 s;
    auto parse = [&](const std::string& part, int& out) {
        auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return ec == std::errc() && p == part.data() + part.size() && out > 0;
    };
    if (x == std::string::npos || !parse(text.substr(0, x), s.width) || !parse(text.substr(x + 1), s.height))
        throw UsageError(what + " expects WIDTHxHEIGHT (e.g. 1248x832), got '" + text + "'");
    if (s.width > 65536 || s.height > 65536) throw UsageError(what + " is too large: '" + text + "'");
    return s;
}

std::optional<Size2> ParsedArgs::size(const std::string& name) const {
    auto v = value(name);
    if (!v) return std::nullopt;
    return parseSize(*v, "--" + name);
}

std::vector<std::string> ParsedArgs::many(const std::string& name) const {
    auto it = multi_.find(name);
    return it == multi_.end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::string> ParsedArgs::list(const std::string& name) const {
    std::vector<std::string> out;
    auto v = value(name);
    if (!v) return out;
    std::stringstream ss(*v);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

ParsedArgs parseArgs(const CommandSpec& spec, const std::vector<std::string>& args) {
    ParsedArgs out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            std::string name = a.substr(2), val;
            bool inlineValue = false;
            if (auto eq = name.find('='); eq != std::string::npos) {
                val = name.substr(eq + 1);
                name = name.substr(0, eq);
                inlineValue = true;
            }
            const OptionSpec* opt = nullptr;
            for (const auto& o : spec.options)
                if (o.name == name) opt = &o;
            if (!opt) throw UsageError("unknown option --" + name);
            // "FILE..." takes several arguments; "S,S,..." is one comma-separated argument.
            const bool many = opt->valueName.size() > 3 &&
                              opt->valueName.compare(opt->valueName.size() - 3, 3, "...") == 0 &&
                              opt->valueName.find(',') == std::string::npos;
            if (opt->valueName.empty()) {
                if (inlineValue) throw UsageError("option --" + name + " takes no value");
                out.setFlag(name);
            } else if (many) {
                if (inlineValue) out.addMany(name, val);
                std::size_t taken = inlineValue ? 1 : 0;
                while (i + 1 < args.size() && !(args[i + 1].size() > 2 && args[i + 1].rfind("--", 0) == 0)) {
                    out.addMany(name, args[++i]);
                    ++taken;
                }
                if (!taken) throw UsageError("option --" + name + " needs at least one value (" + opt->valueName + ")");
            } else {
                if (!inlineValue) {
                    if (i + 1 >= args.size()) throw UsageError("option --" + name + " needs a value (" + opt->valueName + ")");
                    val = args[++i];
                }
                out.setValue(name, val);
            }
        } else if (a == "-") {
            out.positionals.push_back(a);
        } else if (a.size() > 1 && a[0] == '-' && !(a[1] >= '0' && a[1] <= '9')) {
            throw UsageError("unknown option " + a);
        } else {
            out.positionals.push_back(a);
        }
    }
    const int n = int(out.positionals.size());
    if (n < spec.minPositionals) throw UsageError("missing argument: " + spec.positionals);
    if (spec.maxPositionals >= 0 && n > spec.maxPositionals)
        throw UsageError("unexpected argument '" + out.positionals[spec.maxPositionals] + "'");
    return out;
}

std::string helpText(const CommandSpec& spec) {
    std::ostringstream s;
    s << "usage: lightlens-cli " << spec.name;
    if (!spec.positionals.empty()) s << ' ' << spec.positionals;
    if (!spec.options.empty()) s << " [options]";
    s << "\n\n" << spec.summary << "\n";
    if (!spec.options.empty()) {
        s << "\noptions:\n";
        for (const auto& o : spec.options) {
            std::string left = "  --" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
            if (left.size() < 26) left.resize(26, ' ');
            else left += "\n" + std::string(26, ' ');
            s << left << o.help << "\n";
        }
    }
    if (!spec.details.empty()) s << "\n" << spec.details << "\n";
    return s.str();
}

} // namespace ll::cli
