#pragma once
// Judgements arranged for analysis: observations (one human answer each) on items, with raters and
// scenes as the two clustering factors of the bootstrap. For an A/B study an item is one unordered
// pair of models on one scene and task, its models in canonical (sorted) order, and an observation's
// value is the outcome for the first model (1 preferred, 0 not, 0.5 tie). For a ratings study an item
// is one rated image and the value is its 1-5 rating. Attention checks are kept apart.
#include "stats/Judgements.h"

#include <set>
#include <span>
#include <string>
#include <vector>

namespace ll::stats {

enum class StudyKind { Pairs, Ratings };

struct StudyItem {
    std::string name;  // pairs: "scene/task/first|second"; ratings: the item name
    std::string task;  // normalised task ("on", "off", ...) or "" when the ratings file has none
    int scene = 0;     // index into StudyData::scenes (ratings without scenes: one scene per item)
    int first = -1;    // pairs: index into models of the first model; ratings: the rated model or -1
    int second = -1;   // pairs: the second model
    std::string sceneName, scoreKey; // ratings: key into the score table (edit key or item name)
};

struct Observation {
    int rater = 0;
    int item = 0;
    double value = 0;
};

struct AttentionCheck {
    int rater = 0;
    bool passed = false;
};

struct StudyData {
    StudyKind kind = StudyKind::Pairs;
    std::vector<std::string> raters, scenes, models, tasks; // tasks: distinct, sorted
    std::vector<StudyItem> items;
    std::vector<Observation> obs;
    std::vector<AttentionCheck> checks;
};

StudyData studyFromAB(std::span<const ABJudgement> judgements);
StudyData studyFromRatings(std::span<const Rating> ratings);

// The study without the named raters: their observations and checks are dropped, and so are the
// items, scenes and models that no remaining rater judged (indices renumbered), so counts, the
// bootstrap's clusters and the ranking cover only what the remaining raters saw.
StudyData withoutRaters(const StudyData& study, const std::set<std::string>& excluded);

// Weighted item means: mean[i] = sum_o w[rater] value / sum_o w[rater]; NaN for items with no weight.
// `raterWeight` empty means weight 1 for everyone. `weightSum` receives the denominators.
void itemMeans(const StudyData& study, std::span<const int> raterWeight, std::vector<double>& mean,
               std::vector<double>& weightSum);

// The human effect of an item from its mean observation: pairs 2*mean-1 (signed preference for the
// first model, in [-1, 1]); ratings the mean rating.
inline double humanEffect(StudyKind kind, double mean) { return kind == StudyKind::Pairs ? 2 * mean - 1 : mean; }

} // namespace ll::stats
