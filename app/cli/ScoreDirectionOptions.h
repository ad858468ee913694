#pragma once
// The --higher LIST / --lower LIST options of bench and tables: which score columns are better when
// higher or lower. A column given both ways is a usage error.
#include "cli/CommandLine.h"
#include "util/ColumnRoles.h"

#include <map>
#include <string>

namespace ll::cli {

std::map<std::string, ScoreDirection> scoreDirections(const ParsedArgs& args);

} // namespace ll::cli
