// Correlation coefficients, partial correlations, percentiles and Bradley-Terry on small cases
// checked by hand or against scipy 1.10.1:
//   from scipy import stats
//   x=[1,2,2,3,4,5,5,5,6,7]; y=[2,1,3,3,5,4,6,6,5,8]
//   stats.pearsonr(x,y)[0]   -> 0.893721683745926
//   stats.spearmanr(x,y)[0]  -> 0.8664763412811686
//   stats.kendalltau(x,y)[0] -> 0.7470421737034137  (tau-b)
//   a=[0.3,-1.2,2.5,0.0,0.7,1.1]; b=[1.0,-0.5,0.2,0.0,2.2,0.9]
//   pearson 0.303618200596662, spearman 0.48571428571428577, kendall 0.3333333333333333
//   partial (numpy lstsq residuals, see partialCorrelation below) -> 0.9715192234812574
#include "stats/BradleyTerry.h"
#include "stats/ClusterBootstrap.h"
#include "stats/Correlation.h"
#include "stats/Percentile.h"
#include "support/TestSupport.h"

#include <cmath>

using namespace ll::stats;

class TestCorrelation : public QObject {
    Q_OBJECT

    static bool near(double a, double b, double tol = 1e-12) { return std::fabs(a - b) <= tol; }

private Q_SLOTS:
    void againstScipyWithTies() {
        const std::vector<double> x{1, 2, 2, 3, 4, 5, 5, 5, 6, 7}, y{2, 1, 3, 3, 5, 4, 6, 6, 5, 8};
        QVERIFY(near(pearson(x, y), 0.893721683745926));
        QVERIFY(near(spearman(x, y), 0.8664763412811686));
        QVERIFY(near(kendallTauB(x, y), 0.7470421737034137));
    }

    void againstScipyNoTies() {
        const std::vector<double> a{0.3, -1.2, 2.5, 0.0, 0.7, 1.1}, b{1.0, -0.5, 0.2, 0.0, 2.2, 0.9};
        QVERIFY(near(pearson(a, b), 0.303618200596662));
        QVERIFY(near(spearman(a, b), 0.48571428571428577));
        // By hand: 15 pairs; discordant pairs are (0.3,1.0)-(2.5,0.2), (0.3,1.0)-(0.0,0.0),
        // (2.5,0.2)-(0.7,2.2), (2.5,0.2)-(1.1,0.9), (0.7,2.2)-(1.1,0.9): C=10, D=5, tau=(10-5)/15.
        QVERIFY(near(kendallTauB(a, b), 1.0 / 3.0));
    }

    void averageRanksOfTies() {
        const std::vector<double> x{10, 20, 20, 5, 20};
        QCOMPARE(averageRanks(x), (std::vector<double>{2, 4, 4, 1, 4}));
    }

    void undefinedCases() {
        const std::vector<double> c{1, 1, 1}, v{1, 2, 3};
        QVERIFY(std::isnan(pearson(c, v)));
        QVERIFY(std::isnan(spearman(c, v)));
        QVERIFY(std::isnan(kendallTauB(c, v)));
        QVERIFY(std::isnan(pearson(std::vector<double>{1}, std::vector<double>{2})));
        QCOMPARE(kendallTauB(v, std::vector<double>{3, 2, 1}), -1.0);
    }

    void kendallMatchesNaiveCount() {
        // O(n^2) tau-b on a larger sample with many ties in both variables.
        std::vector<double> x, y;
        for (int i = 0; i < 300; ++i) {
            x.push_back(double((i * 37) % 11));
            y.push_back(double((i * 53 + (i % 7) * 3) % 13) + 0.5 * double((i * 37) % 11));
        }
        double c = 0, d = 0, tx = 0, ty = 0, n0 = 0;
        for (std::size_t i = 0; i < x.size(); ++i)
            for (std::size_t j = i + 1; j < x.size(); ++j) {
                ++n0;
                const double s = (x[i] - x[j]) * (y[i] - y[j]);
                if (s > 0) ++c;
                else if (s < 0) ++d;
                if (x[i] == x[j]) ++tx;
                if (y[i] == y[j]) ++ty;
            }
        const double naive = (c - d) / std::sqrt((n0 - tx) * (n0 - ty));
        QVERIFY(near(kendallTauB(x, y), naive, 1e-12));
    }

    void partialCorrelation() {
        const std::vector<double> h{0.2, 0.5, -0.3, 0.9, 0.1, -0.7, 0.4, 0.6};
        const std::vector<double> g{1, 2, 0, 3, 1, -1, 2, 2};
        const std::vector<double> x{0.5, 1.5, -0.5, 1, 0, -1, 1, 2};
        const double viaResiduals = ll::stats::partialCorrelation(h, g, {x});
        QVERIFY(near(viaResiduals, 0.9715192234812574, 1e-10));
        // The first-order formula of 002 E.3 gives the same value.
        const double rhg = pearson(h, g), rhx = pearson(h, x), rgx = pearson(g, x);
        const double formula = (rhg - rhx * rgx) / std::sqrt((1 - rhx * rhx) * (1 - rgx * rgx));
        QVERIFY(near(viaResiduals, formula, 1e-10));
        // A control that explains x completely leaves it undefined.
        QVERIFY(std::isnan(ll::stats::partialCorrelation(h, g, {g})));
    }

    void percentiles() {
        const std::vector<double> v{4, 1, 3, 2, NAN, 5};
        QCOMPARE(percentile(v, 0.0), 1.0);
        QCOMPARE(percentile(v, 1.0), 5.0);
        QCOMPARE(percentile(v, 0.5), 3.0);
        QCOMPARE(percentile(v, 0.1), 1.4); // numpy.percentile([1,2,3,4,5], 10) = 1.4
        const Interval i = percentileInterval(v, 0.5);
        QCOMPARE(i.lo, 2.0);
        QCOMPARE(i.hi, 4.0);
    }

    void bradleyTerryByHand() {
        // A beat B 3 times of 4: the maximum likelihood strengths satisfy pA/(pA+pB) = 3/4, so
        // log pA - log pB = log 3, i.e. +-log(3)/2 after normalising to geometric mean 1.
        Eigen::MatrixXd w(2, 2);
        w << 0, 3, 1, 0;
        const BradleyTerryFit f = fitBradleyTerry(w, 0.0);
        QVERIFY(f.converged);
        QVERIFY(near(f.logStrength[0], std::log(3.0) / 2, 1e-7));
        QVERIFY(near(f.logStrength[1], -std::log(3.0) / 2, 1e-7));
        // Ties are half wins: 2 wins + 2 ties is the same 3 : 1.
        Eigen::MatrixXd t(2, 2);
        t << 0, 2 + 1, 0 + 1, 0;
        QVERIFY(near(fitBradleyTerry(t, 0.0).logStrength[0], std::log(3.0) / 2, 1e-7));
        // Three models in a cycle of equal results: all strengths 1.
        Eigen::MatrixXd c(3, 3);
        c << 0, 2, 1, 1, 0, 2, 2, 1, 0; // every model wins 3 of its 6 games, cyclically
        const auto fc = fitBradleyTerry(c, 1.0);
        for (double l : fc.logStrength) QVERIFY(near(l, 0, 1e-7));
        // A model that never wins stays finite with the prior; one never compared is NaN.
        Eigen::MatrixXd z = Eigen::MatrixXd::Zero(3, 3);
        z(0, 1) = 5;
        const auto fz = fitBradleyTerry(z, 1.0);
        QVERIFY(std::isfinite(fz.logStrength[1]) && fz.logStrength[0] > fz.logStrength[1]);
        QVERIFY(std::isnan(fz.logStrength[2]));
    }

    void drawsAreReproducibleAndBalanced() {
        const ClusterDraw a = makeClusterDraw(7, 11, 42, 3), b = makeClusterDraw(7, 11, 42, 3);
        QCOMPARE(a.raterCount, b.raterCount);
        QCOMPARE(a.sceneCount, b.sceneCount);
        int nr = 0, ns = 0;
        for (int c : a.raterCount) nr += c;
        for (int c : a.sceneCount) ns += c;
        QCOMPARE(nr, 7);
        QCOMPARE(ns, 11);
        QVERIFY(makeClusterDraw(7, 11, 42, 4).sceneCount != a.sceneCount ||
                makeClusterDraw(7, 11, 42, 4).raterCount != a.raterCount);
    }
};

QTEST_GUILESS_MAIN(TestCorrelation)
#include "test_correlation.moc"
