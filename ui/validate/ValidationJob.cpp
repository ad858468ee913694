#include "validate/ValidationJob.h"

#include "stats/ItemScores.h"
#include "stats/Judgements.h"
#include "stats/ScoreTable.h"
#include "util/Error.h"

#include <cmath>
#include <set>

namespace ll::ui {

std::vector<HumanAgreement> humanAgreement(const stats::StudyData& study, const std::vector<std::string>& groups) {
    const std::size_t ni = study.items.size();
    std::vector<double> sum(ni, 0.0);
    std::vector<std::size_t> count(ni, 0);
    for (const auto& o : study.obs) {
        sum[std::size_t(o.item)] += o.value;
        ++count[std::size_t(o.item)];
    }
    std::vector<HumanAgreement> out;
    for (const auto& g : groups) {
        HumanAgreement h;
        h.group = g;
        double total = 0;
        for (const auto& o : study.obs) {
            const auto i = std::size_t(o.item);
            if (g != "all" && study.items[i].task != g) continue;
            if (count[i] < 2) continue;
            const double others = (sum[i] - o.value) / double(count[i] - 1);
            total += others > 0.5 ? o.value : others < 0.5 ? 1.0 - o.value : 0.5;
            ++h.decisions;
        }
        h.value = h.decisions ? total / double(h.decisions) : std::nan("");
        out.push_back(h);
    }
    return out;
}

ValidationRunPtr runValidation(const ValidationRequest& q) {
    using namespace ll::stats;
    auto run = std::make_shared<ValidationRun>();
    run->request = q;
    if (q.judgements.empty()) throw Error("judgements", "no judgements file given");
    if (q.scores.empty()) throw Error("scores", "no score table given");

    LoadProblems scoreProblems;
    const ScoreTable scores = loadScoreTable(q.scores, &scoreProblems);
    run->problems = scoreProblems.lines;
    std::vector<std::string> metrics = q.metrics;
    if (metrics.empty()) {
        bool sie = false, lfe = false;
        for (const auto& m : scores.metrics) sie |= m == "sie", lfe |= m == "lfe";
        metrics = sie && lfe ? std::vector<std::string>{"sie", "lfe"} : scores.metrics;
    }
    if (metrics.empty()) throw Error(q.scores, "no numeric score columns");
    for (auto& m : metrics) m = scores.metrics[scores.metricIndex(m)];

    StudyData raw;
    if (q.kind == JudgementKind::AB) {
        const ABFile f = loadABJudgements(q.judgements);
        run->problems.insert(run->problems.end(), f.problems.lines.begin(), f.problems.lines.end());
        if (f.judgements.empty()) throw Error(q.judgements, "no valid judgement rows");
        raw = studyFromAB(f.judgements);
    } else {
        const RatingsFile f = loadRatings(q.judgements);
        run->problems.insert(run->problems.end(), f.problems.lines.begin(), f.problems.lines.end());
        if (f.ratings.empty()) throw Error(q.judgements, "no valid rating rows");
        raw = studyFromRatings(f.ratings);
    }

    // As lightlens-cli validate: screen on all raters, optionally leave the flagged ones out.
    std::vector<RaterScreening> screening = screenRaters(raw, q.options.screening);
    std::set<std::string> excluded;
    if (q.excludeFlagged)
        for (const auto& s : screening)
            if (s.flagged) excluded.insert(s.rater);
    const StudyData study = excluded.empty() ? raw : withoutRaters(raw, excluded);
    const ItemScores item = attachScores(study, scores, metrics);
    run->result = validate(study, item, q.options, std::move(screening), {excluded.begin(), excluded.end()});
    if (study.kind == StudyKind::Pairs) run->humanAgreement = humanAgreement(study, run->result.groups);
    return run;
}

} // namespace ll::ui
