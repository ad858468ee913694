#include "stats/BradleyTerry.h"

#include <Eigen/Dense>

#include <cmath>
#include <limits>

namespace ll::stats {

namespace {

// log(e^a + e^b) without overflow.
double logAddExp(double a, double b) {
    const double m = std::max(a, b);
    return m + std::log(std::exp(a - m) + std::exp(b - m));
}

struct Problem {
    const Eigen::MatrixXd& wins;
    const Eigen::MatrixXd& games;
    double prior;
    std::vector<Eigen::Index> free; // models whose log-strength is solved for

    // Log-likelihood (with the prior's virtual ties against a reference of log-strength 0).
    double logLikelihood(const Eigen::VectorXd& beta) const {
        double ll = 0;
        const Eigen::Index m = wins.rows();
        for (Eigen::Index i = 0; i < m; ++i) {
            for (Eigen::Index j = i + 1; j < m; ++j)
                if (games(i, j) > 0) ll += wins(i, j) * beta(i) + wins(j, i) * beta(j) - games(i, j) * logAddExp(beta(i), beta(j));
            if (prior > 0) ll += prior / 2 * beta(i) - prior * logAddExp(beta(i), 0.0);
        }
        return ll;
    }
};

} // namespace

// The maximum of the (concave) log-likelihood is found by Newton's method with step halving; this
// gives the same fixed point as Hunter's MM iteration p_i <- W_i / sum_j n_ij / (p_i + p_j), in a
// handful of steps instead of thousands when the scale is only weakly pinned by the prior.
BradleyTerryFit fitBradleyTerry(const Eigen::MatrixXd& wins, double prior, int maxIterations, double tolerance) {
    const Eigen::Index m = wins.rows();
    BradleyTerryFit fit;
    fit.logStrength.assign(std::size_t(m), std::numeric_limits<double>::quiet_NaN());
    Eigen::MatrixXd games = wins + wins.transpose();
    games.diagonal().setZero();
    Eigen::MatrixXd w = wins;
    w.diagonal().setZero();

    Problem problem{w, games, std::max(prior, 0.0), {}};
    std::vector<bool> active(static_cast<std::size_t>(m), false);
    for (Eigen::Index i = 0; i < m; ++i) active[std::size_t(i)] = games.row(i).sum() > 0;
    bool anchored = problem.prior > 0;
    for (Eigen::Index i = 0; i < m; ++i) {
        if (!active[std::size_t(i)]) continue;
        if (!anchored) { // without a prior the likelihood is shift invariant: fix the first model at 0
            anchored = true;
            continue;
        }
        problem.free.push_back(i);
    }
    const auto k = Eigen::Index(problem.free.size());
    Eigen::VectorXd beta = Eigen::VectorXd::Zero(m);
    double ll = problem.logLikelihood(beta);
    for (int it = 0; it < maxIterations && k > 0; ++it) {
        Eigen::VectorXd g = Eigen::VectorXd::Zero(k);
        Eigen::MatrixXd h = Eigen::MatrixXd::Zero(k, k);
        std::vector<Eigen::Index> pos(std::size_t(m), -1);
        for (Eigen::Index a = 0; a < k; ++a) pos[std::size_t(problem.free[std::size_t(a)])] = a;
        for (Eigen::Index i = 0; i < m; ++i) {
            const Eigen::Index a = pos[std::size_t(i)];
            if (a < 0) continue;
            double gi = 0, hii = 0;
            for (Eigen::Index j = 0; j < m; ++j) {
                if (j == i || games(i, j) <= 0) continue;
                const double pij = 1 / (1 + std::exp(beta(j) - beta(i)));
                gi += w(i, j) - games(i, j) * pij;
                const double v = games(i, j) * pij * (1 - pij);
                hii -= v;
                if (const Eigen::Index b = pos[std::size_t(j)]; b >= 0) h(a, b) += v;
            }
            if (problem.prior > 0) {
                const double s = 1 / (1 + std::exp(-beta(i)));
                gi += problem.prior / 2 - problem.prior * s;
                hii -= problem.prior * s * (1 - s);
            }
            g(a) = gi;
            h(a, a) += hii;
        }
        // Newton direction: solve (-H) d = g (-H is positive definite).
        const Eigen::VectorXd d = (-h).ldlt().solve(g);
        if (!d.allFinite()) break;
        double step = 1.0;
        Eigen::VectorXd next = beta;
        double nextLl = ll;
        for (int halvings = 0; halvings < 40; ++halvings, step /= 2) {
            next = beta;
            for (Eigen::Index a = 0; a < k; ++a) next(problem.free[std::size_t(a)]) += step * d(a);
            nextLl = problem.logLikelihood(next);
            if (nextLl >= ll - 1e-12 * std::fabs(ll)) break;
        }
        const double change = step * d.cwiseAbs().maxCoeff();
        beta = next;
        ll = nextLl;
        fit.iterations = it + 1;
        if (change < tolerance) {
            fit.converged = true;
            break;
        }
    }
    if (k == 0) fit.converged = true;
    double mean = 0;
    int n = 0;
    for (Eigen::Index i = 0; i < m; ++i)
        if (active[std::size_t(i)]) mean += beta(i), ++n;
    if (n) mean /= n;
    for (Eigen::Index i = 0; i < m; ++i)
        if (active[std::size_t(i)]) fit.logStrength[std::size_t(i)] = beta(i) - mean;
    return fit;
}

} // namespace ll::stats
