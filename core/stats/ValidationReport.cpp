#include "stats/ValidationReport.h"

#include "stats/Csv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <cmath>
#include <cstdio>

namespace ll::stats {

namespace {

std::string est(const Estimate& e, bool percent = false) { return formatEstimate(e.value, e.ci.lo, e.ci.hi, 3, percent); }
std::string num(double v, int d = 3) { return formatNumber(v, d); }
std::string count(std::size_t n) { return std::to_string(n); }
std::string range(const Interval& i) {
    std::string s = "[";
    s += formatNumber(i.lo);
    s += ", ";
    s += formatNumber(i.hi);
    s += ']';
    return s;
}
std::string binName(int b) {
    if (b >= 4) return "all";
    std::string s = "Q";
    s += std::to_string(b + 1);
    return s;
}
std::string levelText(const ValidationResult& r) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%g%% intervals from %d two-way (rater x scene) cluster bootstrap draws, seed %llu",
                  r.options.level * 100, r.options.draws, static_cast<unsigned long long>(r.options.seed));
    return buf;
}

std::string directionsText(const ValidationResult& r) {
    std::string s = "better is";
    for (std::size_t m = 0; m < r.metrics.size() && m < r.directions.size(); ++m)
        s += (m ? ", " : " ") + r.metrics[m] + " " + r.directions[m];
    return s;
}

nlohmann::json jnum(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }
nlohmann::json jest(const Estimate& e) {
    return {{"value", jnum(e.value)}, {"ci", {jnum(e.ci.lo), jnum(e.ci.hi)}}, {"n", e.n}, {"undefined_draws", e.undefinedDraws}};
}

} // namespace

std::vector<NamedTable> validationTables(const ValidationResult& r) {
    std::vector<NamedTable> out;
    const std::string ci = levelText(r);
    if (!r.humanAgreement.empty()) {
        Table t{"Human-human agreement",
                "How often one judgement sides with the majority of the other judgements of the same pair (ties and "
                "even splits count 1/2): the level a metric's agreement is read against.",
                {"Task", "Agreement", "Judgements"},
                {},
                {false, true, true}};
        for (const auto& h : r.humanAgreement)
            t.rows.push_back({h.group, std::isfinite(h.value) ? formatNumber(100 * h.value, 1) + "%" : "-",
                              count(h.decisions)});
        out.push_back({"human_agreement", t});
    }
    if (!r.agreement.empty()) {
        Table t{"Human-metric agreement by separation",
                "Share of human decisions favouring the edit the metric scores better (ties count 1/2), by quartile "
                "of |score difference| from Q1 (smallest) to Q4 (largest); " + ci + ".",
                {"Task", "Metric", "Q1", "Q2", "Q3", "Q4", "Overall", "Decisions"},
                {},
                {false, false, true, true, true, true, true, true}};
        for (const auto& a : r.agreement)
            t.rows.push_back({a.group, a.metric, est(a.bins[0], true), est(a.bins[1], true), est(a.bins[2], true),
                              est(a.bins[3], true), est(a.bins[4], true), count(a.bins[4].n)});
        out.push_back({"agreement", t});
    }
    {
        Table t{"Item-level correlation with the human effect",
                std::string(r.kind == StudyKind::Pairs ? "Human effect: signed preference 2p-1 per pair of edits; score: "
                                                         "the metric's oriented difference"
                                                       : "Human effect: mean rating per item; score: the metric's "
                                                         "oriented score") +
                    " (positive = agreement; " + directionsText(r) + "); ceiling = sqrt(split-half reliability); " + ci + ".",
                {"Task", "Metric", "Items", "Pearson r", "Spearman rho", "Kendall tau-b", "Ceiling"},
                {},
                {false, false, true, true, true, true, true}};
        for (const auto& c : r.correlation) {
            double ceiling = NAN;
            for (const auto& rel : r.reliability)
                if (rel.group == c.group) ceiling = rel.reliability.ceiling;
            t.rows.push_back({c.group, c.metric, count(c.pearson.n), est(c.pearson), est(c.spearman), est(c.kendall),
                              num(ceiling)});
        }
        out.push_back({"correlation", t});
    }
    if (!r.differences.empty()) {
        Table t{"Paired differences between metrics",
                "Correlation of the first metric minus that of the second, over the same bootstrap draws; " + ci + ".",
                {"Task", "Metrics", "Delta Pearson", "Delta Spearman", "Delta Kendall"},
                {},
                {false, false, true, true, true}};
        for (const auto& d : r.differences)
            t.rows.push_back({d.group, d.a + " - " + d.b, est(d.pearson), est(d.spearman), est(d.kendall)});
        out.push_back({"differences", t});
        Table p{"Bidirectional partial correlations",
                "r(h, G | X): what G explains of the human effect beyond X, and the reverse (Pearson, residualised "
                "by least squares); " + ci + ".",
                {"Task", "G", "X", "r(h,G|X)", "r(h,X|G)", "Items"},
                {},
                {false, false, false, true, true, true}};
        for (const auto& q : r.partial)
            p.rows.push_back({q.group, q.g, q.x, est(q.hGgivenX), est(q.hXgivenG), count(q.hGgivenX.n)});
        out.push_back({"partial", p});
    }
    if (!r.strengths.empty()) {
        Table t{"Bradley-Terry strengths",
                "Strengths normalised to geometric mean 1 (ties as half wins, prior of " + num(r.options.btPrior, 2) +
                    " virtual tied comparison per model); " + ci + " on the log-strength.",
                {"Task", "Model", "Strength", "Log-strength", "Wins", "Losses", "Ties", "Ranked"},
                {},
                {false, false, true, true, true, true, true, false}};
        for (const auto& s : r.strengths)
            t.rows.push_back({s.group, s.model, num(s.strength), est(s.logStrength), num(s.wins, 0), num(s.losses, 0),
                              num(s.ties, 0), s.ranked ? "yes" : "no"});
        out.push_back({"bradley_terry", t});
        Table k{"Ranking agreement with human Bradley-Terry strengths",
                "Kendall tau-b and Spearman rho between the models' human log-strengths and their leaderboard score "
                "(mean oriented metric score over all their scored edits, judged or not; higher = better), over the "
                "models with at least " + std::to_string(r.options.minModelJudgements) + " judgements; " + ci + ".",
                {"Task", "Metric", "Models", "Kendall tau", "Spearman rho"},
                {},
                {false, false, true, true, true}};
        for (const auto& q : r.ranking)
            k.rows.push_back({q.group, q.metric, count(q.kendall.n), est(q.kendall), est(q.spearman)});
        for (const auto& d : r.rankDifferences)
            k.rows.push_back({d.group, d.a + " - " + d.b, count(d.kendall.n), est(d.kendall), "-"});
        out.push_back({"ranking", k});
    }
    {
        Table t{"Split-half reliability of the human data",
                "Random rater halves (" + std::to_string(r.options.splits) +
                    " splits): raw split-half r = mean Pearson r between the halves' item effects; Spearman-Brown "
                    "corrected to the full panel, 2r/(1+r); ceiling = sqrt(corrected); ranges = 2.5-97.5th "
                    "percentile over splits.",
                {"Task", "Items", "Splits", "Split-half r", "r range", "Spearman-Brown", "Ceiling", "Ceiling range"},
                {},
                {false, true, true, true, true, true, true, true}};
        for (const auto& q : r.reliability) {
            const auto& s = q.reliability;
            t.rows.push_back({q.group, count(s.items), std::to_string(s.splits), num(s.meanHalfR), range(s.halfRRange),
                              num(s.reliability), num(s.ceiling), range(s.ceilingRange)});
        }
        out.push_back({"reliability", t});
    }
    if (!r.screening.empty()) {
        char rule[256];
        std::snprintf(rule, sizeof rule,
                      "flagged when leave-one-out r < %g, or more than %g SD below the mean r, or more than %g%% of "
                      "attention checks failed%s",
                      r.options.screening.minCorrelation, r.options.screening.maxSdBelowMean,
                      r.options.screening.maxCheckFailureRate * 100,
                      r.options.screening.dropBelowMinCorrelation ? "; raters below the r threshold are dropped" : "");
        Table t{"Rater screening",
                std::string("Leave-one-out agreement: Pearson r between a rater's item means and the other raters' "
                            "means; ") + rule + ".",
                {"Rater", "Judgements", "Items", "LOO r", "Checks", "Failed", "Flagged", "Dropped", "Reason"},
                {},
                {false, true, true, true, true, true, false, false, false}};
        for (const auto& s : r.screening)
            t.rows.push_back({s.rater, count(s.observations), count(s.items), num(s.looCorrelation), count(s.checks),
                              count(s.checksFailed), s.flagged ? "yes" : "no", s.dropped ? "yes" : "no", s.reason});
        out.push_back({"raters", t});
    }
    return out;
}

nlohmann::json validationSummary(const ValidationResult& r) {
    using nlohmann::json;
    json j;
    j["kind"] = r.kind == StudyKind::Pairs ? "ab" : "ratings";
    j["options"] = {{"draws", r.options.draws},
                    {"seed", r.options.seed},
                    {"level", r.options.level},
                    {"splits", r.options.splits},
                    {"bt_prior", r.options.btPrior},
                    {"min_model_judgements", r.options.minModelJudgements},
                    {"task_groups", r.options.taskGroups},
                    {"screening",
                     {{"min_correlation", r.options.screening.minCorrelation},
                      {"max_sd_below_mean", r.options.screening.maxSdBelowMean},
                      {"max_check_failure_rate", r.options.screening.maxCheckFailureRate},
                      {"min_items", r.options.screening.minItems},
                      {"drop_below_min_correlation", r.options.screening.dropBelowMinCorrelation}}}};
    j["counts"] = {{"raters", r.raters}, {"scenes", r.scenes}, {"items", r.items},
                   {"judgements", r.observations}, {"attention_checks", r.checks}};
    j["metrics"] = r.metrics;
    j["directions"] = r.directions;
    j["groups"] = r.groups;
    j["excluded_raters"] = r.excludedRaters;
    j["bootstrap_seconds"] = r.seconds;
    json missing = json::object();
    for (std::size_t m = 0; m < r.metrics.size(); ++m) missing[r.metrics[m]] = r.missingScores[m];
    j["items_without_score"] = missing;
    json a = json::array();
    for (const auto& x : r.agreement) {
        json q = json::array();
        for (int b = 0; b < 4; ++b) {
            json e = jest(x.bins[std::size_t(b)]);
            e["abs_diff_range"] = {jnum(x.ranges[std::size_t(b)].minAbsDiff), jnum(x.ranges[std::size_t(b)].maxAbsDiff)};
            q.push_back(e);
        }
        a.push_back({{"group", x.group}, {"metric", x.metric}, {"quartiles", q}, {"overall", jest(x.bins[4])},
                     {"equal_score_decisions", x.equalScores}});
    }
    j["agreement"] = a;
    json c = json::array();
    for (const auto& x : r.correlation)
        c.push_back({{"group", x.group}, {"metric", x.metric}, {"pearson", jest(x.pearson)},
                     {"spearman", jest(x.spearman)}, {"kendall_tau_b", jest(x.kendall)}});
    j["correlation"] = c;
    json d = json::array();
    for (const auto& x : r.differences)
        d.push_back({{"group", x.group}, {"a", x.a}, {"b", x.b}, {"pearson", jest(x.pearson)},
                     {"spearman", jest(x.spearman)}, {"kendall_tau_b", jest(x.kendall)}});
    j["differences"] = d;
    json p = json::array();
    for (const auto& x : r.partial)
        p.push_back({{"group", x.group}, {"g", x.g}, {"x", x.x}, {"r_h_g_given_x", jest(x.hGgivenX)},
                     {"r_h_x_given_g", jest(x.hXgivenG)}});
    j["partial"] = p;
    json bt = json::array();
    for (const auto& x : r.strengths)
        bt.push_back({{"group", x.group}, {"model", x.model}, {"strength", jnum(x.strength)},
                      {"log_strength", jest(x.logStrength)}, {"wins", x.wins}, {"losses", x.losses}, {"ties", x.ties},
                      {"ranked", x.ranked}});
    j["bradley_terry"] = bt;
    json rk = json::array();
    for (const auto& x : r.ranking) {
        json lb = json::object();
        for (std::size_t k = 0; k < x.models.size(); ++k) lb[x.models[k]] = jnum(x.leaderboardMeans[k]);
        rk.push_back({{"group", x.group}, {"metric", x.metric}, {"kendall_tau_b", jest(x.kendall)},
                      {"spearman", jest(x.spearman)}, {"leaderboard", lb}});
    }
    j["ranking"] = rk;
    json rd = json::array();
    for (const auto& x : r.rankDifferences)
        rd.push_back({{"group", x.group}, {"a", x.a}, {"b", x.b}, {"kendall_tau_b", jest(x.kendall)}});
    j["ranking_differences"] = rd;
    json rel = json::array();
    for (const auto& x : r.reliability)
        rel.push_back({{"group", x.group}, {"items", x.reliability.items}, {"splits", x.reliability.splits},
                       {"mean_half_r", jnum(x.reliability.meanHalfR)},
                       {"half_r_range", {jnum(x.reliability.halfRRange.lo), jnum(x.reliability.halfRRange.hi)}},
                       {"reliability", jnum(x.reliability.reliability)},
                       {"ceiling", jnum(x.reliability.ceiling)},
                       {"ceiling_range", {jnum(x.reliability.ceilingRange.lo), jnum(x.reliability.ceilingRange.hi)}}});
    j["reliability"] = rel;
    json sc = json::array();
    for (const auto& x : r.screening)
        sc.push_back({{"rater", x.rater}, {"judgements", x.observations}, {"items", x.items},
                      {"loo_r", jnum(x.looCorrelation)}, {"checks", x.checks}, {"checks_failed", x.checksFailed},
                      {"flagged", x.flagged}, {"dropped", x.dropped}, {"reason", x.reason}});
    j["raters"] = sc;
    json ha = json::array();
    for (const auto& x : r.humanAgreement)
        ha.push_back({{"group", x.group}, {"agreement", jnum(x.value)}, {"judgements", x.decisions}});
    j["human_agreement"] = ha;
    return j;
}

std::vector<std::pair<std::string, std::string>> validationPlotData(const ValidationResult& r) {
    std::vector<std::pair<std::string, std::string>> out;
    if (!r.agreement.empty()) {
        std::string s = csvRow({"group", "metric", "bin", "agreement", "lo", "hi", "decisions", "min_abs_diff", "max_abs_diff"});
        for (const auto& a : r.agreement)
            for (int b = 0; b < 5; ++b) {
                const auto& e = a.bins[std::size_t(b)];
                const auto& g = a.ranges[std::size_t(b)];
                s += csvRow({a.group, a.metric, binName(b), num(e.value, 6),
                             num(e.ci.lo, 6), num(e.ci.hi, 6), count(e.n), num(g.minAbsDiff, 6), num(g.maxAbsDiff, 6)});
            }
        out.push_back({"agreement_by_quartile.csv", s});
    }
    std::string s = csvRow({"group", "metric", "item", "score", "human", "judgements"});
    for (const auto& p : r.scatter)
        s += csvRow({p.group, p.metric, p.item, num(p.score, 8), num(p.human, 6), num(p.judgements, 0)});
    out.push_back({"scatter.csv", s});
    std::string c = csvRow({"group", "reliability", "ceiling", "ceiling_lo", "ceiling_hi"});
    for (const auto& q : r.reliability)
        c += csvRow({q.group, num(q.reliability.reliability, 6), num(q.reliability.ceiling, 6),
                     num(q.reliability.ceilingRange.lo, 6), num(q.reliability.ceilingRange.hi, 6)});
    out.push_back({"ceiling.csv", c});
    return out;
}

std::vector<std::filesystem::path> writeValidationReport(const ValidationResult& r, const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir / "plots", ec);
    if (ec) throw Error(dir.string(), "cannot create the output folder: " + ec.message());
    std::vector<fs::path> written;
    const auto put = [&](const fs::path& p, const std::string& bytes) {
        writeFileAtomic(p, bytes);
        written.push_back(p);
    };
    std::string all = "# Human validation\n\n";
    for (const auto& t : validationTables(r)) {
        put(dir / (t.name + ".md"), t.table.markdown());
        put(dir / (t.name + ".csv"), t.table.csv());
        put(dir / (t.name + ".tex"), t.table.latex());
        all += t.table.markdown() + "\n";
    }
    put(dir / "tables.md", all);
    for (const auto& [name, text] : validationPlotData(r)) put(dir / "plots" / name, text);
    put(dir / "summary.json", validationSummary(r).dump(2) + "\n");
    return written;
}

} // namespace ll::stats
