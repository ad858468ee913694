#pragma once
// Checking a set of metric parameters before it is used (the GUI's parameter editor and any caller
// that takes parameters from a user): every value within the range where the definition makes sense.
#include "metrics/MetricParams.h"

#include <string>
#include <vector>

namespace ll {

// One line per problem ("lfe_gradient_percentile must be in (0, 100]"); empty when the set is usable.
std::vector<std::string> metricParamProblems(const MetricParams& params);

// Throws ll::Error(subject, first problem) when there is any.
void checkMetricParams(const MetricParams& params, const std::string& subject);

// Band edges from text such as "100, 16, 6, 3, 2, 1, 0" (commas and/or spaces). Throws
// ll::Error(subject, ...) for anything that is not a list of numbers.
std::vector<double> parseBandEdges(const std::string& text, const std::string& subject);
std::string formatBandEdges(const std::vector<double>& edges); // "100, 16, 6, 3, 2, 1, 0"

} // namespace ll
