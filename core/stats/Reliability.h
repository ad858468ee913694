#pragma once
// How reliable the human data are, and which raters disagree with everyone else.
//
// Split-half reliability (noise ceiling): raters are split at random into two halves (split k uses
// its own generator seeded from (seed, k)); each half gives item effects; r_half = Pearson's r
// between the halves over items seen by both. The mean r_half over the splits is Spearman-Brown
// corrected to the full panel, rel = 2 r / (1 + r); a metric cannot be expected to correlate with
// the human effect above sqrt(rel) (the noise ceiling).
//
// Leave-one-out screening: a rater's agreement is Pearson's r between their own item means and the
// means of all other raters on the same items.
#include "stats/Percentile.h"
#include "stats/RunControl.h"
#include "stats/StudyData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ll::stats {

struct SplitHalfReliability {
    std::size_t items = 0;      // items in the group
    int splits = 0;             // splits with a defined r
    double meanHalfR = 0;       // mean over splits of r_half (the raw split-half r)
    Interval halfRRange;        // 2.5th-97.5th percentile over splits of r_half
    double reliability = 0;     // Spearman-Brown: 2 r / (1 + r) of meanHalfR
    double ceiling = 0;         // sqrt(max(reliability, 0))
    Interval ceilingRange;      // 2.5th-97.5th percentile over splits of sqrt(SB(r_half))
};

// `inGroup[i]` selects the items (empty: all). Deterministic for any thread count. `control`
// (optional) is polled before each split (RunCancelled when it asks to stop); `counter` counts splits.
SplitHalfReliability splitHalfReliability(const StudyData& study, const std::vector<bool>& inGroup, int splits,
                                          std::uint64_t seed, const RunControl* control = nullptr,
                                          ProgressCounter* counter = nullptr);

struct ScreeningOptions {
    double minCorrelation = 0.2;      // flag a rater whose leave-one-out r is below this ...
    double maxSdBelowMean = 2.0;      // ... or more than this many SDs below the raters' mean r
    double maxCheckFailureRate = 0.25; // flag when more than this share of attention checks failed
    std::size_t minItems = 5;          // fewer shared items: r not computed, not flagged on r
    bool dropBelowMinCorrelation = false; // leave raters with leave-one-out r < minCorrelation out of the
                                          // analysis (the naturalness study's screening, r >= .2481 / .3236 kept)
};

struct RaterScreening {
    std::string rater;
    std::size_t observations = 0, items = 0; // scored judgements; items shared with others
    double looCorrelation = 0;               // NaN when undefined
    std::size_t checks = 0, checksFailed = 0;
    bool flagged = false;
    bool dropped = false; // left out of the analysis (screening threshold or --exclude-flagged)
    std::string reason; // why flagged ("" if not)
};

std::vector<RaterScreening> screenRaters(const StudyData& study, const ScreeningOptions& options);

} // namespace ll::stats
