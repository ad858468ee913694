#pragma once
// Calibration of the unintended-change checks from a labelled set of edits: which checks should fire
// on which edit. For every check it reports the false-alarm rate (flagged where it should stay quiet)
// and the miss rate (quiet where it should fire). For every calibrated rule it computes the threshold
// that keeps the false alarms on the set at or below a target rate, split evenly over the rules of a
// check (a check flags when any of its rules does), placed halfway to the next observed value above it
// (below it for rules that flag low values). That threshold is adopted only where the set asks for a
// change: to loosen a rule that raises more false alarms than the budget, or to tighten the rule of a
// check that misses labelled faults. Otherwise the threshold is kept, so a set without faults of some
// kind does not shrink that check's threshold to the largest value it happened to see. Rates after
// calibration come from scoring the set again with the chosen thresholds. The semantic check has no
// single threshold and is reported, not calibrated.
// Ground-truth exemplars (rows with role "exemplar", a mask and a reference) fit the gate anchors:
// a = mean material of the identity (the input as the edit), b = mean material of the exemplars - a.
//
// Labelled set: a CSV with a header row and the columns
//   input, edit          image paths (relative to the CSV's folder), required
//   mask, reference      optional paths (empty: none)
//   fire                 the checks that should fire, separated by ';' (empty: none); names as in the
//                        JSON output: misalignment, repainting, blur, noise, color cast,
//                        exposure degradation, artifact, semantic
//   role                 optional: "edit" (default) or "exemplar"
#include "colour/ColourConfig.h"
#include "edit/EditEvaluation.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ll::edit {

struct LabelledEdit {
    std::size_t line = 0; // in the CSV
    std::filesystem::path input, edit, mask, reference;
    std::set<std::string> fire;
    bool exemplar = false;
};

// Throws ll::Error naming the file (and line) for a missing file, a missing column, an unknown check
// name or role, or an empty input/edit path.
std::vector<LabelledEdit> readLabelledEdits(const std::filesystem::path& csv);

// The check names a label may use, in report order.
const std::vector<std::string>& calibrationCheckNames();

// One threshold rule of a check: the statistic it compares and the parameter it sets.
struct CalibrationRule {
    std::string check;      // e.g. "exposure degradation"
    std::string parameter;  // snake_case name in the parameters file, e.g. "exposure_delta_l"
    std::string statistic;  // what is compared, for the report
    bool flagsAbove = true; // flags when statistic > threshold (else when < threshold)
};
const std::vector<CalibrationRule>& calibrationRules();

// The statistic of `rule` in an analysed edit; absent when the check has no value for this edit.
std::optional<double> ruleStatistic(const UnintendedChangeReport& report, const CalibrationRule& rule);

struct CheckRates {
    std::string check;
    std::size_t positives = 0, negatives = 0; // edits where it should / should not fire
    std::size_t falseAlarms = 0, misses = 0;
    std::optional<double> falseAlarmRate() const;
    std::optional<double> missRate() const;
};

struct RuleChoice {
    CalibrationRule rule;
    double before = 0, after = 0;  // thresholds
    std::size_t negatives = 0;      // edits with a statistic where the check should stay quiet
    std::size_t allowed = 0;        // false alarms allowed by the budget on those
    std::string note;               // why the threshold was kept, when it was
};

struct CalibrationResult {
    double targetFalseAlarm = 0.05;
    std::size_t edits = 0;
    EditEvalParams before, after;
    std::vector<CheckRates> ratesBefore, ratesAfter;
    std::vector<RuleChoice> rules;
    std::optional<GateAnchors> gate; // fitted from exemplars
    std::size_t exemplars = 0;
    std::string gateNote;
};

// Pure threshold choice for one rule (exposed for tests): `quiet` are the statistics of the edits where
// the check should stay quiet, `all` every observed statistic. Returns nullopt when `quiet` is empty.
std::optional<double> chooseThreshold(std::vector<double> quiet, const std::vector<double>& all, double falseAlarm,
                                      bool flagsAbove, std::size_t* allowed = nullptr);

CalibrationResult calibrateEditChecks(const std::vector<LabelledEdit>& set, const ColourConfig& colour,
                                      double targetFalseAlarm, const EditEvalParams& base = {});

nlohmann::json toJson(const CalibrationResult& r);
std::string calibrationTable(const CalibrationResult& r); // Markdown: rates before and after, thresholds

} // namespace ll::edit
