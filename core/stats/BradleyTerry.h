#pragma once
// Bradley-Terry strengths from paired comparisons, P(i beats j) = p_i / (p_i + p_j): the maximum
// likelihood fit, i.e. the fixed point of Hunter's (2004) MM iteration p_i <- W_i / sum_j n_ij /
// (p_i + p_j), reached by Newton's method on log p (Eigen LDLT, step halving). Ties count as half a win
// for each side. A weak prior keeps every strength finite (a model that never wins would otherwise
// get p = 0): each model plays `priorComparisons` virtual comparisons, tied, against a virtual
// reference of fixed strength 1. Strengths are reported normalised to geometric mean 1, i.e.
// log-strengths with mean 0 over the models that were compared at all.
#include <Eigen/Core>

#include <vector>

namespace ll::stats {

struct BradleyTerryFit {
    std::vector<double> logStrength; // natural log, mean 0 over compared models; NaN if never compared
    int iterations = 0;
    bool converged = false;
};

// wins(i, j): (weighted) number of times i was preferred to j, ties adding 0.5 to both wins(i, j)
// and wins(j, i). The diagonal is ignored.
BradleyTerryFit fitBradleyTerry(const Eigen::MatrixXd& wins, double priorComparisons = 1.0, int maxIterations = 5000,
                                double tolerance = 1e-9);

} // namespace ll::stats
