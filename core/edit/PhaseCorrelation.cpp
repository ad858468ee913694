#include "edit/PhaseCorrelation.h"

#include "edit/Fft2d.h"
#include "edit/GaussianBlur.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ll::edit {

namespace {

constexpr double kPi = std::numbers::pi;

double hann(int i, int n) { return n <= 1 ? 1.0 : 0.5 - 0.5 * std::cos(2 * kPi * (i + 0.5) / n); }

ComplexRaster weighted(const FloatPlane& s, const FloatPlane& weight, int W, int H) {
    double sw = 0, swv = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        sw += weight[i];
        swv += weight[i] * s[i];
    }
    const double mean = sw > 0 ? swv / sw : 0.0;
    ComplexRaster r{W, H, std::vector<std::complex<double>>(std::size_t(W) * H)};
    for (int y = 0; y < s.height(); ++y)
        for (int x = 0; x < s.width(); ++x) r(x, y) = (s(x, y) - mean) * weight(x, y);
    return r;
}

// Signed frequency index of bin k of n.
double freq(int k, int n) { return (k <= n / 2 ? k : k - n) / double(n); }

double gaussFit(double cm, double c0, double cp) {
    const double lm = std::log(std::max(cm, 1e-12)), l0 = std::log(std::max(c0, 1e-12)),
                 lp = std::log(std::max(cp, 1e-12));
    const double den = 2 * (lm - 2 * l0 + lp);
    if (!(den < 0)) return 0.0;
    return std::clamp((lm - lp) / den, -0.5, 0.5);
}

} // namespace

ShiftEstimate phaseCorrelate(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                             const PhaseCorrelationParams& p) {
    const int w = x.width(), h = x.height();
    FloatPlane weight(w, h, 1.0f);
    if (region) {
        for (std::size_t i = 0; i < weight.size(); ++i) weight[i] = (*region)[i] ? 1.0f : 0.0f;
        weight = gaussianBlur(weight, p.featherSigma);
        for (std::size_t i = 0; i < weight.size(); ++i)
            if (!(*region)[i]) weight[i] = 0.0f;
    }
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) weight(i, j) *= float(hann(i, w) * hann(j, h));
    const int W = fastFftSize(w), H = fastFftSize(h);
    ComplexRaster fx = weighted(x, weight, W, H), fy = weighted(y, weight, W, H);
    fft2d(fx, false);
    fft2d(fy, false);
    const double g = 2 * kPi * kPi * p.peakSigma * p.peakSigma;
    for (int v = 0; v < H; ++v)
        for (int u = 0; u < W; ++u) {
            const std::complex<double> c = std::conj(fx(u, v)) * fy(u, v);
            const double mag = std::abs(c);
            const double fu = freq(u, W), fv = freq(v, H);
            fx(u, v) = mag > 1e-20 ? c / mag * std::exp(-g * (fu * fu + fv * fv)) : 0.0;
        }
    fft2d(fx, true);
    const int maxX = std::max(1, int(p.maxShiftFraction * W)), maxY = std::max(1, int(p.maxShiftFraction * H));
    auto at = [&](int u, int v) { return fx(((u % W) + W) % W, ((v % H) + H) % H).real(); };
    int bu = 0, bv = 0;
    double best = -1e300;
    for (int v = -maxY; v <= maxY; ++v)
        for (int u = -maxX; u <= maxX; ++u) {
            const double c = at(u, v);
            if (c > best) {
                best = c;
                bu = u;
                bv = v;
            }
        }
    ShiftEstimate e;
    e.dx = bu + gaussFit(at(bu - 1, bv), best, at(bu + 1, bv));
    e.dy = bv + gaussFit(at(bu, bv - 1), best, at(bu, bv + 1));
    // Peak height relative to a perfect match under the same spectral low-pass.
    double norm = 0;
    for (int v = 0; v < H; ++v)
        for (int u = 0; u < W; ++u) {
            const double fu = freq(u, W), fv = freq(v, H);
            norm += std::exp(-g * (fu * fu + fv * fv));
        }
    e.peak = norm > 0 ? best * double(W) * H / norm : 0.0;
    return e;
}

FloatPlane fourierShift(const FloatPlane& src, double dx, double dy) {
    const int w = src.width(), h = src.height();
    const int pad = int(std::ceil(std::max(std::abs(dx), std::abs(dy)))) + 8;
    const int W = fastFftSize(w + 2 * pad), H = fastFftSize(h + 2 * pad);
    ComplexRaster r{W, H, std::vector<std::complex<double>>(std::size_t(W) * H)};
    for (int j = 0; j < H; ++j)
        for (int i = 0; i < W; ++i) r(i, j) = src(mirrorIndex(i - pad, w), mirrorIndex(j - pad, h));
    fft2d(r, false);
    for (int v = 0; v < H; ++v)
        for (int u = 0; u < W; ++u) {
            double fu = freq(u, W), fv = freq(v, H);
            // The Nyquist bins have no sign; shifting them would make the result complex.
            if (W % 2 == 0 && u == W / 2) fu = 0;
            if (H % 2 == 0 && v == H / 2) fv = 0;
            const double phase = -2 * kPi * (fu * dx + fv * dy);
            r(u, v) *= std::complex<double>(std::cos(phase), std::sin(phase));
        }
    fft2d(r, true);
    FloatPlane out(w, h);
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) out(i, j) = float(r(i + pad, j + pad).real());
    return out;
}

Image fourierShift(const Image& src, double dx, double dy) {
    Image out(src.width(), src.height());
    out.info = src.info;
    for (int c = 0; c < 3; ++c) {
        FloatPlane p(src.width(), src.height());
        for (int y = 0; y < src.height(); ++y)
            for (int x = 0; x < src.width(); ++x) p(x, y) = src.at(x, y, c);
        const FloatPlane s = fourierShift(p, dx, dy);
        for (int y = 0; y < src.height(); ++y)
            for (int x = 0; x < src.width(); ++x) out.at(x, y, c) = s(x, y);
    }
    return out;
}

} // namespace ll::edit
