#include "edit/EditCalibration.h"

#include "edit/EditParamsFile.h"
#include "edit/ImageViews.h"
#include "util/AtomicFile.h"
#include "util/Csv.h"
#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

namespace ll::edit {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

nlohmann::json opt(std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

std::vector<CheckRates> ratesOf(const std::vector<LabelledEdit>& set, const std::vector<UnintendedChangeReport>& reps) {
    std::vector<CheckRates> out;
    for (const auto& name : calibrationCheckNames()) {
        CheckRates r;
        r.check = name;
        for (std::size_t i = 0; i < set.size(); ++i) {
            const CheckResult* c = reps[i].check(name);
            const bool flagged = c && c->flagged, expected = set[i].fire.count(name) > 0;
            if (expected) {
                ++r.positives;
                r.misses += !flagged;
            } else {
                ++r.negatives;
                r.falseAlarms += flagged;
            }
        }
        out.push_back(r);
    }
    return out;
}

std::vector<UnintendedChangeReport> analyseAll(const std::vector<EditCase>& cases, const ColourConfig& colour,
                                               const UnintendedChangeParams& p) {
    std::vector<UnintendedChangeReport> reps(cases.size());
    tbb::parallel_for(std::size_t(0), cases.size(), [&](std::size_t i) {
        const ImageViews x = makeViews(cases[i].input, colour), y = makeViews(cases[i].edit, colour);
        reps[i] = analyseUnintendedChanges(cases[i], x, y, colour, p);
    });
    return reps;
}

} // namespace

const std::vector<std::string>& calibrationCheckNames() {
    static const std::vector<std::string> n = {"misalignment", "repainting", "blur", "noise", "color cast",
                                               "exposure degradation", "artifact", "semantic"};
    return n;
}

const std::vector<CalibrationRule>& calibrationRules() {
    static const std::vector<CalibrationRule> r = {
        {"misalignment", "global_shift_max", "|global shift| (px)", true},
        {"misalignment", "local_shift_max", "quantile of reliable local shifts (px)", true},
        {"repainting", "repainted_area_fraction", "repainted share of P", true},
        {"blur", "blur_energy_ratio", "high-band energy ratio y / x", false},
        {"noise", "noise_sigma_increase", "noise sigma added", true},
        {"color cast", "colour_cast_delta_ab", "|mean (a*, b*) shift|", true},
        {"exposure degradation", "exposure_delta_l", "|mean L* shift|", true},
        {"exposure degradation", "clipped_increase_fraction", "clipped pixels gained (share of P)", true},
        {"artifact", "blockiness_ratio", "blockiness ratio y / x", true},
    };
    return r;
}

std::optional<double> ruleStatistic(const UnintendedChangeReport& rep, const CalibrationRule& rule) {
    const CheckResult* c = rep.check(rule.check);
    if (!c) return std::nullopt;
    auto detail = [&](const char* key) -> std::optional<double> {
        if (!c->details.contains(key) || !c->details[key].is_number()) return std::nullopt;
        return c->details[key].get<double>();
    };
    if (rule.parameter == "local_shift_max") return detail("local_quantile_shift").value_or(0.0);
    if (rule.parameter == "clipped_increase_fraction") return detail("clipped_gained_fraction");
    if (!c->value) return std::nullopt;
    return rule.parameter == "exposure_delta_l" ? std::abs(*c->value) : *c->value;
}

std::optional<double> CheckRates::falseAlarmRate() const {
    return negatives ? std::optional<double>(double(falseAlarms) / double(negatives)) : std::nullopt;
}
std::optional<double> CheckRates::missRate() const {
    return positives ? std::optional<double>(double(misses) / double(positives)) : std::nullopt;
}

std::vector<LabelledEdit> readLabelledEdits(const std::filesystem::path& csv) {
    const std::string subject = csv.string();
    const auto records = parseCsvRecords(readFile(csv), subject);
    if (records.empty()) throw Error(subject, "empty: needs a header row and at least one edit");
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < records[0].fields.size(); ++i) col[trim(records[0].fields[i])] = i;
    for (const char* required : {"input", "edit", "fire"})
        if (!col.count(required)) throw Error(subject, std::string("missing column '") + required + "'");
    const std::filesystem::path dir = csv.parent_path();
    const std::set<std::string> known(calibrationCheckNames().begin(), calibrationCheckNames().end());
    std::vector<LabelledEdit> out;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = "line " + std::to_string(rec.line);
        auto field = [&](const char* name) -> std::string {
            const auto it = col.find(name);
            if (it == col.end()) return {};
            if (it->second >= rec.fields.size()) throw Error(subject, where + ": missing field '" + name + "'");
            return trim(rec.fields[it->second]);
        };
        auto path = [&](const std::string& v) { return v.empty() ? std::filesystem::path() : dir / v; };
        LabelledEdit e;
        e.line = rec.line;
        e.input = path(field("input"));
        e.edit = path(field("edit"));
        if (e.input.empty() || e.edit.empty()) throw Error(subject, where + ": 'input' and 'edit' are required");
        e.mask = path(field("mask"));
        e.reference = path(field("reference"));
        std::stringstream fire(field("fire"));
        for (std::string name; std::getline(fire, name, ';');) {
            name = trim(name);
            if (name.empty()) continue;
            if (!known.count(name)) throw Error(subject, where + ": unknown check '" + name + "' in 'fire'");
            e.fire.insert(name);
        }
        const std::string role = field("role");
        if (role == "exemplar") e.exemplar = true;
        else if (!role.empty() && role != "edit")
            throw Error(subject, where + ": unknown role '" + role + "' (edit or exemplar)");
        out.push_back(std::move(e));
    }
    if (out.empty()) throw Error(subject, "no edits (only a header row)");
    return out;
}

std::optional<double> chooseThreshold(std::vector<double> quiet, const std::vector<double>& all, double falseAlarm,
                                      bool flagsAbove, std::size_t* allowedOut) {
    if (quiet.empty()) return std::nullopt;
    const double sign = flagsAbove ? 1.0 : -1.0;
    for (auto& v : quiet) v *= sign;
    std::sort(quiet.begin(), quiet.end(), std::greater<>());
    const std::size_t allowed =
        std::min(quiet.size() - 1, std::size_t(std::floor(std::max(0.0, falseAlarm) * double(quiet.size()) + 1e-9)));
    if (allowedOut) *allowedOut = allowed;
    const double t0 = quiet[allowed]; // at most `allowed` quiet values lie strictly beyond it
    std::optional<double> next;
    for (double v : all) {
        const double s = v * sign;
        if (s > t0 && (!next || s < *next)) next = s;
    }
    const double t = next ? 0.5 * (t0 + *next) : t0;
    return t * sign;
}

CalibrationResult calibrateEditChecks(const std::vector<LabelledEdit>& set, const ColourConfig& colour,
                                      double target, const EditEvalParams& base) {
    CalibrationResult res;
    res.targetFalseAlarm = target;
    res.edits = set.size();
    res.before = base;
    std::vector<EditCase> cases(set.size());
    for (std::size_t i = 0; i < set.size(); ++i)
        cases[i] = loadEditCase(set[i].input, set[i].edit, set[i].mask, set[i].reference, colour);
    const auto before = analyseAll(cases, colour, base.unintended);
    res.ratesBefore = ratesOf(set, before);

    res.after = base;
    std::map<std::string, int> rulesPerCheck;
    for (const auto& r : calibrationRules()) ++rulesPerCheck[r.check];
    for (const auto& rule : calibrationRules()) {
        RuleChoice ch;
        ch.rule = rule;
        ch.before = unintendedParam(base.unintended, rule.parameter);
        ch.after = ch.before;
        std::vector<double> quiet, all;
        for (std::size_t i = 0; i < set.size(); ++i) {
            const auto s = ruleStatistic(before[i], rule);
            if (!s) continue;
            all.push_back(*s);
            if (!set[i].fire.count(rule.check)) quiet.push_back(*s);
        }
        ch.negatives = quiet.size();
        const double share = target / double(rulesPerCheck[rule.check]);
        const auto t = chooseThreshold(quiet, all, share, rule.flagsAbove, &ch.allowed);
        std::size_t beyond = 0; // quiet edits this rule flags at the current threshold
        for (double v : quiet) beyond += rule.flagsAbove ? v > ch.before : v < ch.before;
        const auto rates = std::find_if(res.ratesBefore.begin(), res.ratesBefore.end(),
                                        [&](const CheckRates& r) { return r.check == rule.check; });
        const bool misses = rates != res.ratesBefore.end() && rates->misses > 0;
        const bool looser = t && (rule.flagsAbove ? *t > ch.before : *t < ch.before);
        if (!t) {
            ch.note = "no edit where the check should stay quiet: threshold kept";
        } else if (beyond > ch.allowed && looser) {
            ch.after = std::max(0.0, *t); // too many false alarms: loosened to the budget
        } else if (misses && !looser) {
            ch.after = std::max(0.0, *t); // missed faults: tightened as far as the budget allows
        } else {
            ch.note = "kept: within the false-alarm budget and no missed fault";
        }
        setUnintendedParam(res.after.unintended, rule.parameter, ch.after);
        res.rules.push_back(ch);
    }
    res.ratesAfter = ratesOf(set, analyseAll(cases, colour, res.after.unintended));

    // Gate anchors from ground-truth exemplars.
    double sumId = 0, sumEx = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
        if (!set[i].exemplar) continue;
        if (!cases[i].mask || !cases[i].reference) continue;
        EditCase id = cases[i];
        id.edit = id.input;
        const ImageViews x = makeViews(cases[i].input, colour), y = makeViews(cases[i].edit, colour);
        const auto mi = computeMaterialScores(id, x, x, colour, base.material).material.value;
        const auto me = computeMaterialScores(cases[i], x, y, colour, base.material).material.value;
        if (!mi || !me) continue;
        sumId += *mi;
        sumEx += *me;
        ++res.exemplars;
    }
    if (res.exemplars == 0) {
        res.gateNote = "no exemplar rows with a mask and a reference: gate anchors kept";
    } else {
        const double a = sumId / double(res.exemplars), b = sumEx / double(res.exemplars) - a;
        if (b > 0) {
            res.gate = GateAnchors{a, b};
            res.after.material.gate = *res.gate;
        } else {
            res.gateNote = "the exemplars' mean material does not exceed the identity's: gate anchors kept";
        }
    }
    return res;
}

nlohmann::json toJson(const CalibrationResult& r) {
    nlohmann::json j;
    j["target_false_alarm_rate"] = r.targetFalseAlarm;
    j["edits"] = r.edits;
    auto rates = [](const std::vector<CheckRates>& v) {
        nlohmann::json a = nlohmann::json::object();
        for (const auto& c : v)
            a[c.check] = {{"positives", c.positives},      {"negatives", c.negatives},
                          {"false_alarms", c.falseAlarms}, {"misses", c.misses},
                          {"false_alarm_rate", opt(c.falseAlarmRate())}, {"miss_rate", opt(c.missRate())}};
        return a;
    };
    j["rates_before"] = rates(r.ratesBefore);
    j["rates_after"] = rates(r.ratesAfter);
    j["rules"] = nlohmann::json::array();
    for (const auto& c : r.rules) {
        nlohmann::json o = {{"check", c.rule.check},         {"parameter", c.rule.parameter},
                            {"statistic", c.rule.statistic}, {"flags", c.rule.flagsAbove ? "above" : "below"},
                            {"before", c.before},            {"after", c.after},
                            {"quiet_edits", c.negatives},    {"false_alarms_allowed", c.allowed}};
        if (!c.note.empty()) o["note"] = c.note;
        j["rules"].push_back(o);
    }
    j["gate"] = r.gate ? nlohmann::json{{"a", r.gate->a}, {"b", r.gate->b}, {"exemplars", r.exemplars}}
                       : nlohmann::json{{"note", r.gateNote}};
    return j;
}

std::string calibrationTable(const CalibrationResult& r) {
    std::ostringstream s;
    auto pct = [](std::optional<double> v) {
        std::ostringstream o;
        if (v) o << std::fixed << std::setprecision(1) << 100.0 * *v << "%";
        else o << "-";
        return o.str();
    };
    s << "| check | should fire | should stay quiet | false alarms before | after | misses before | after |\n"
         "|---|---|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < r.ratesBefore.size(); ++i) {
        const auto& b = r.ratesBefore[i];
        const auto& a = r.ratesAfter[i];
        s << "| " << b.check << " | " << b.positives << " | " << b.negatives << " | " << pct(b.falseAlarmRate()) << " | "
          << pct(a.falseAlarmRate()) << " | " << pct(b.missRate()) << " | " << pct(a.missRate()) << " |\n";
    }
    s << "\n| check | parameter | before | after |\n|---|---|---|---|\n";
    for (const auto& c : r.rules)
        s << "| " << c.rule.check << " | " << c.rule.parameter << " | " << c.before << " | " << c.after
          << (c.note.empty() ? "" : " (" + c.note + ")") << " |\n";
    if (r.gate) s << "\ngate anchors from " << r.exemplars << " exemplar(s): a = " << r.gate->a << ", b = " << r.gate->b << "\n";
    else s << "\n" << r.gateNote << "\n";
    return s.str();
}

} // namespace ll::edit
