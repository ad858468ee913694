#pragma once
// Simulated human studies with known truth, for the statistics tests (header-only).
#include "util/DrawRng.h"
#include "stats/Judgements.h"
#include "stats/ScoreTable.h"

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace ll::test {

// "prefix<n>" (appending avoids a GCC 12 -Wrestrict false positive on literal + to_string).
inline std::string named(const char* prefix, std::uint64_t n) {
    std::string s = prefix;
    s += std::to_string(n);
    return s;
}

// Ratings study: items i (each its own scene) with latent quality q_i ~ N(0,1); a metric error
// score sie_i = -(q_i + N(0, metricNoise^2)) (lower is better, so the oriented score is q + noise);
// every rater rates every item: 3 + 0.8 (q_i + b_r + N(0, raterNoise^2)), b_r ~ N(0, 0.3^2).
// The population correlation between the oriented score and the R-rater item mean is
//   rho_R = 1 / sqrt((1 + metricNoise^2)(1 + raterNoise^2 / R)),
// and (score, item mean) are bivariate normal, so Spearman = 6/pi asin(rho/2), Kendall = 2/pi asin(rho).
struct RatingsSim {
    std::vector<stats::Rating> ratings;
    stats::ScoreTable scores;
    double rho = 0, spearman = 0, kendall = 0, reliability = 0;
};

inline RatingsSim simulateRatings(int items, int raters, double metricNoise, double raterNoise, std::uint64_t seed) {
    auto rng = stats::drawRng(seed, stats::RngStream::Simulation, 0);
    std::normal_distribution<double> n01(0.0, 1.0);
    RatingsSim s;
    s.scores.metrics = {"sie"};
    s.scores.declare("sie", ScoreDirection::Lower);
    std::vector<double> q(static_cast<std::size_t>(items));
    for (int i = 0; i < items; ++i) {
        q[std::size_t(i)] = n01(rng);
        s.scores.set(named("item", i), {-(q[std::size_t(i)] + metricNoise * n01(rng))});
    }
    for (int r = 0; r < raters; ++r) {
        const double bias = 0.3 * n01(rng);
        for (int i = 0; i < items; ++i) {
            stats::Rating g;
            g.rater = named("r", r);
            g.item = named("item", i);
            g.score = 3 + 0.8 * (q[std::size_t(i)] + bias + raterNoise * n01(rng));
            s.ratings.push_back(g);
        }
    }
    s.rho = 1 / std::sqrt((1 + metricNoise * metricNoise) * (1 + raterNoise * raterNoise / raters));
    s.spearman = 6 / M_PI * std::asin(s.rho / 2);
    s.kendall = 2 / M_PI * std::asin(s.rho);
    s.reliability = 1 / (1 + raterNoise * raterNoise / raters);
    return s;
}

// A/B study under an exact Bradley-Terry model: model m has log-strength theta_m (mean 0); each
// rater judges `perRater` random pairs of distinct models on random scenes of task "on";
// P(A preferred) = 1 / (1 + exp(theta_B - theta_A)), no ties. The score table holds a metric
// "sie" = -(theta_model + N(0, metricNoise^2)) per scene and model.
struct ABSim {
    std::vector<stats::ABJudgement> judgements;
    stats::ScoreTable scores;
    std::vector<std::string> models;
    std::vector<double> theta;
};

inline ABSim simulateAB(const std::vector<double>& theta, int scenes, int raters, int perRater, double metricNoise,
                        std::uint64_t seed) {
    auto rng = stats::drawRng(seed, stats::RngStream::Simulation, 1);
    std::normal_distribution<double> n01(0.0, 1.0);
    std::uniform_real_distribution<double> u01(0.0, 1.0);
    ABSim s;
    s.theta = theta;
    const int nm = int(theta.size());
    for (int m = 0; m < nm; ++m) s.models.push_back(named("model", m));
    s.scores.metrics = {"sie"};
    s.scores.declare("sie", ScoreDirection::Lower);
    for (int sc = 0; sc < scenes; ++sc)
        for (int m = 0; m < nm; ++m)
            s.scores.setEdit(named("scene", sc), s.models[std::size_t(m)], "on",
                             {-(theta[std::size_t(m)] + metricNoise * n01(rng))});
    for (int r = 0; r < raters; ++r)
        for (int k = 0; k < perRater; ++k) {
            const int a = int(stats::uniformIndex(rng, std::uint64_t(nm)));
            int b = int(stats::uniformIndex(rng, std::uint64_t(nm - 1)));
            if (b >= a) ++b;
            stats::ABJudgement j;
            j.rater = named("r", r);
            j.scene = named("scene", stats::uniformIndex(rng, std::uint64_t(scenes)));
            j.task = "on";
            j.modelA = s.models[std::size_t(a)];
            j.modelB = s.models[std::size_t(b)];
            const double pA = 1 / (1 + std::exp(theta[std::size_t(b)] - theta[std::size_t(a)]));
            j.outcome = u01(rng) < pA ? 1.0 : 0.0;
            s.judgements.push_back(j);
        }
    return s;
}

} // namespace ll::test
