#include "cli/ScoreDirectionOptions.h"

namespace ll::cli {

std::map<std::string, ScoreDirection> scoreDirections(const ParsedArgs& args) {
    std::map<std::string, ScoreDirection> out;
    for (const auto& h : args.list("higher")) out[h] = ScoreDirection::Higher;
    for (const auto& l : args.list("lower")) {
        if (out.count(l)) throw UsageError("column '" + l + "' is given both --higher and --lower");
        out[l] = ScoreDirection::Lower;
    }
    return out;
}

} // namespace ll::cli
