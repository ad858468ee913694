#pragma once
// A slow, deliberately plain reference implementation of the 3DLP metrics for the tests, written
// separately from core/metrics: medians and percentiles by full sorting, direct loops over pixels,
// the exactly sampled truncated Gaussian applied as a direct convolution, double precision
// throughout. It follows docs/metrics.md line by line.
#include "image/Image.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::ref {

inline double sortedPercentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const double pos = p / 100.0 * double(v.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
}

inline double sortedMedian(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Median and MAD of the values rounded to float, MAD deviations rounded to float: the engine selects
// order statistics among floats (a 6e-8 relative change of the median and MAD, which S = (x - median)
// / MAD carries into the maps). The values themselves (E, M) stay double everywhere else, in
// particular in the Omega80 test, whose outcome must not depend on rounding.
inline std::pair<double, double> medianMad(const std::vector<double>& v) {
    std::vector<double> f;
    for (double x : v) f.push_back(double(float(x)));
    const double med = sortedMedian(f);
    std::vector<double> dev;
    for (double x : f) dev.push_back(double(float(std::abs(x - med))));
    return {med, sortedMedian(dev)};
}

inline int reflect(int i, int n) {
    // d c b a | a b c d, repeated as often as needed.
    while (i < 0 || i >= n) {
        if (i < 0) i = -i - 1;
        if (i >= n) i = 2 * n - 1 - i;
    }
    return i;
}

inline std::vector<double> blurExact(const std::vector<double>& src, int W, int H, double sigma, double truncate) {
    const int r = int(truncate * sigma + 0.5);
    std::vector<double> w;
    double sum = 0;
    for (int i = -r; i <= r; ++i) {
        w.push_back(std::exp(-0.5 * i * i / (sigma * sigma)));
        sum += w.back();
    }
    for (double& x : w) x /= sum;
    std::vector<double> tmp(src.size()), out(src.size());
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            double a = 0;
            for (int i = -r; i <= r; ++i) a += w[i + r] * src[y * W + reflect(x + i, W)];
            tmp[y * W + x] = a;
        }
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            double a = 0;
            for (int i = -r; i <= r; ++i) a += w[i + r] * tmp[reflect(y + i, H) * W + x];
            out[y * W + x] = a;
        }
    return out;
}

struct Result {
    std::vector<std::uint8_t> omega, omegaGrad;
    std::array<std::vector<std::uint8_t>, 3> omega80;
    std::vector<double> blurred;
    std::vector<double> sieMap, lfeMap; // 0 outside their masks
    std::optional<double> sie, lfe, sie1;
    std::size_t valid = 0;
    std::map<std::string, std::optional<double>> regionSie, regionLfe;
    std::vector<std::optional<double>> bandSie;
};

struct Inputs {
    const Image* on;
    const Image* off;
    const Image* edit;
    bool turnOn = true;
    const std::vector<std::uint8_t>* codes = nullptr; // 8-bit codes of the edit
    const std::vector<std::uint8_t>* window = nullptr;
    std::map<std::string, std::vector<std::uint8_t>> regions;
    float k = 1.0f; // exposure multiplier of the model inputs (the band maximum leaves out k * I >= 1)
};

inline Result evaluate(const Inputs& in) {
    const Image& on = *in.on;
    const Image& off = *in.off;
    const Image& G = *in.edit;
    const Image& den = in.turnOn ? off : on;
    const Image& num = in.turnOn ? on : off;
    const int W = on.width(), H = on.height();
    const int N = W * H;
    Result r;

    // Light signal and low-signal test.
    std::vector<double> L(N);
    for (int i = 0; i < N; ++i) {
        double s = 0;
        for (int c = 0; c < 3; ++c) s += std::max(double(on.data()[3 * i + c]) - off.data()[3 * i + c], 0.0);
        L[i] = std::isfinite(s) ? double(float(s / 3)) : 0.0;
    }
    r.blurred = blurExact(L, W, H, 0.02 * std::max(W, H), 4.0);
    const double p99 = sortedPercentile(r.blurred, 99.0);
    const double thr = 0.01 * p99;

    r.omega.assign(N, 0);
    for (int i = 0; i < N; ++i) {
        bool ok = true;
        for (int c = 0; c < 3; ++c) {
            const double a = on.data()[3 * i + c], b = off.data()[3 * i + c], g = G.data()[3 * i + c];
            if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(g)) ok = false;
            if (!(den.data()[3 * i + c] > 0)) ok = false;
            if (in.codes && (*in.codes)[3 * i + c] == 255) ok = false;
        }
        if (!(p99 > 0) || !(r.blurred[i] >= thr)) ok = false;
        if (in.window && (*in.window)[i]) ok = false;
        if (in.regions.count("window") && in.regions.at("window")[i]) ok = false;
        r.omega[i] = ok;
        r.valid += ok;
    }
    r.sieMap.assign(N, 0.0);
    r.lfeMap.assign(N, 0.0);
    if (r.valid == 0) return r;

    // Ratio images (0 outside Omega), in double. (An earlier version rounded them, and the gradient
    // magnitudes below, to float as the engine then stored them; it reproduced the engine's rounding
    // instead of checking it, and on quantised real data that rounding decided which of a cluster of
    // nearly equal gradient magnitudes lay below the 80th percentile.)
    std::vector<double> ER(3 * N, 0.0), EG(3 * N, 0.0);
    for (int i = 0; i < N; ++i)
        if (r.omega[i])
            for (int c = 0; c < 3; ++c) {
                ER[3 * i + c] = double(num.data()[3 * i + c]) / double(den.data()[3 * i + c]);
                EG[3 * i + c] = double(G.data()[3 * i + c]) / double(den.data()[3 * i + c]);
            }

    // SIE, SIE1.
    std::array<double, 3> medR{}, madR{}, medG{}, madG{};
    bool realDeg = false, editDeg = false;
    for (int c = 0; c < 3; ++c) {
        std::vector<double> a, b;
        for (int i = 0; i < N; ++i)
            if (r.omega[i]) {
                a.push_back(ER[3 * i + c]);
                b.push_back(EG[3 * i + c]);
            }
        std::tie(medR[c], madR[c]) = medianMad(a);
        std::tie(medG[c], madG[c]) = medianMad(b);
        if (madR[c] < 1e-12) realDeg = true;
        if (madG[c] < 1e-12) editDeg = true; // a flat edit: its standardisation is undefined
        madR[c] = std::max(madR[c], 1e-12);
        madG[c] = std::max(madG[c], 1e-12);
    }
    std::vector<double> sieAbs(N, 0.0);
    double sum = 0, sum1 = 0;
    for (int i = 0; i < N; ++i) {
        if (!r.omega[i]) continue;
        double signedSum = 0, absSum = 0;
        for (int c = 0; c < 3; ++c) {
            const double d = (ER[3 * i + c] - medR[c]) / madR[c] - (EG[3 * i + c] - medG[c]) / madG[c];
            const double d1 = (ER[3 * i + c] - 1) / madR[c] - (EG[3 * i + c] - 1) / madG[c];
            signedSum += d;
            absSum += std::abs(d);
            sum += std::abs(d);
            sum1 += std::abs(d1);
        }
        r.sieMap[i] = signedSum / 3;
        sieAbs[i] = absSum / 3;
    }
    if (!realDeg && !editDeg) {
        r.sie = sum / (3.0 * double(r.valid));
        r.sie1 = sum1 / (3.0 * double(r.valid));
    }

    // LFE.
    r.omegaGrad.assign(N, 0);
    for (int y = 1; y < H - 1; ++y)
        for (int x = 1; x < W - 1; ++x) {
            const int i = y * W + x;
            r.omegaGrad[i] = r.omega[i] && r.omega[i - 1] && r.omega[i + 1] && r.omega[i - W] && r.omega[i + W];
        }
    auto grad = [&](const std::vector<double>& E, int i, int c) {
        const double gx = (E[3 * (i + 1) + c] - E[3 * (i - 1) + c]) / 2;
        const double gy = (E[3 * (i + W) + c] - E[3 * (i - W) + c]) / 2;
        return std::sqrt(gx * gx + gy * gy);
    };
    std::array<std::vector<double>, 3> lfeAbs;
    double lfeSum = 0;
    bool lfeOk = true, dGFlat = false;
    for (int c = 0; c < 3; ++c) {
        std::vector<double> mr, mg;
        for (int i = 0; i < N; ++i)
            if (r.omegaGrad[i]) {
                mr.push_back(grad(ER, i, c));
                mg.push_back(grad(EG, i, c));
            }
        r.omega80[c].assign(N, 0);
        lfeAbs[c].assign(N, 0.0);
        if (mr.empty()) {
            lfeOk = false;
            continue;
        }
        const double pr = sortedPercentile(mr, 80), pg = sortedPercentile(mg, 80);
        std::vector<double> a, b;
        for (int i = 0; i < N; ++i)
            if (r.omegaGrad[i] && grad(ER, i, c) <= pr && grad(EG, i, c) <= pg) {
                r.omega80[c][i] = 1;
                a.push_back(grad(ER, i, c));
                b.push_back(grad(EG, i, c));
            }
        if (a.empty()) {
            lfeOk = false;
            continue;
        }
        auto [mR, dR] = medianMad(a);
        auto [mG, dG] = medianMad(b);
        if (dR < 1e-12 || dG < 1e-12) lfeOk = false;
        if (dG < 1e-12) dGFlat = true;
        dR = std::max(dR, 1e-12);
        dG = std::max(dG, 1e-12);
        double s = 0;
        for (int i = 0; i < N; ++i)
            if (r.omega80[c][i]) {
                const double d = (grad(ER, i, c) - mR) / dR - (grad(EG, i, c) - mG) / dG;
                s += std::abs(d);
                r.lfeMap[i] += d / 3;
                lfeAbs[c][i] = std::abs(d);
            }
        lfeSum += s / double(a.size());
    }
    if (lfeOk && !editDeg) r.lfe = lfeSum / 3;
    if (!lfeOk && dGFlat) r.sie = r.sie1 = std::nullopt; // the whole edit is a failure

    // Regions (excluding "window") and bands.
    auto regionScores = [&](auto inRegion, std::optional<double>& sie, std::optional<double>& lfe) {
        std::size_t n = 0;
        double s = 0;
        for (int i = 0; i < N; ++i)
            if (r.omega[i] && inRegion(i)) {
                ++n;
                s += sieAbs[i];
            }
        if (n >= 100 && r.sie) sie = s / double(n);
        double l = 0;
        std::size_t minN = SIZE_MAX;
        for (int c = 0; c < 3; ++c) {
            std::size_t m = 0;
            double t = 0;
            for (int i = 0; i < N; ++i)
                if (r.omega80[c][i] && inRegion(i)) {
                    ++m;
                    t += lfeAbs[c][i];
                }
            minN = std::min(minN, m);
            if (m) l += t / double(m) / 3;
        }
        if (minN >= 100 && r.lfe) lfe = l;
    };
    for (const auto& [name, mask] : in.regions) {
        if (name == "window") continue;
        regionScores([&](int i) { return mask[i] != 0; }, r.regionSie[name], r.regionLfe[name]);
    }
    // Bands: relative to the maximum of L over the real pair alone (finite and > 0 in both images, not
    // a window, neither image saturated as the model saw it), whatever the edit.
    double maxL = 0;
    for (int i = 0; i < N; ++i) {
        bool inP = !(in.window && (*in.window)[i]) && !(in.regions.count("window") && in.regions.at("window")[i]);
        for (int c = 0; c < 3; ++c) {
            const double a = on.data()[3 * i + c], b = off.data()[3 * i + c];
            if (!std::isfinite(a) || !std::isfinite(b) || !(a > 0) || !(b > 0) || in.k * a >= 1 || in.k * b >= 1)
                inP = false;
        }
        if (inP) maxL = std::max(maxL, L[i]);
    }
    const double edges[7] = {100, 16, 6, 3, 2, 1, 0};
    for (int b = 0; b < 6; ++b) {
        std::optional<double> s, l;
        regionScores(
            [&](int i) {
                const double pct = 100.0 * L[i] / maxL;
                return b == 5 ? pct <= edges[5] : (pct > edges[b + 1] && (b == 0 || pct <= edges[b]));
            },
            s, l);
        r.bandSie.push_back(s);
    }
    return r;
}

} // namespace ll::ref
