#include "edit/PhaseCorrelation.h"

#include "edit/Fft2d.h"
#include "edit/GaussianBlur.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace ll::edit {

namespace {

constexpr double kPi = std::numbers::pi;
// Width of the raised-cosine taper of the padded raster in fourierShift, px.
constexpr int kShiftTaper = 24;

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

std::vector<ShiftEstimate> phaseCorrelationPeaks(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                                                 std::size_t count, const PhaseCorrelationParams& p) {
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
    // Peak height relative to a perfect match under the same spectral low-pass.
    double norm = 0;
    for (int v = 0; v < H; ++v)
        for (int u = 0; u < W; ++u) {
            const double fu = freq(u, W), fv = freq(v, H);
            norm += std::exp(-g * (fu * fu + fv * fv));
        }
    const double scale = norm > 0 ? double(W) * H / norm : 0.0;
    const int maxX = std::max(1, int(p.maxShiftFraction * W)), maxY = std::max(1, int(p.maxShiftFraction * H));
    auto at = [&](int u, int v) { return fx(((u % W) + W) % W, ((v % H) + H) % H).real(); };
    // Local maxima (8-neighbourhood) within the shift range, highest first.
    struct Peak {
        int u, v;
        double c;
    };
    std::vector<Peak> maxima;
    for (int v = -maxY; v <= maxY; ++v)
        for (int u = -maxX; u <= maxX; ++u) {
            const double c = at(u, v);
            bool isMax = true;
            for (int dv = -1; dv <= 1 && isMax; ++dv)
                for (int du = -1; du <= 1; ++du)
                    if ((du || dv) && at(u + du, v + dv) > c) {
                        isMax = false;
                        break;
                    }
            if (isMax) maxima.push_back({u, v, c});
        }
    std::sort(maxima.begin(), maxima.end(), [](const Peak& a, const Peak& b) { return a.c > b.c; });
    std::vector<ShiftEstimate> out;
    for (const Peak& m : maxima) {
        if (out.size() >= std::max<std::size_t>(1, count)) break;
        ShiftEstimate e;
        e.dx = m.u + gaussFit(at(m.u - 1, m.v), m.c, at(m.u + 1, m.v));
        e.dy = m.v + gaussFit(at(m.u, m.v - 1), m.c, at(m.u, m.v + 1));
        e.peak = m.c * scale;
        out.push_back(e);
    }
    if (out.empty()) out.push_back({});
    return out;
}

ShiftEstimate phaseCorrelate(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                             const PhaseCorrelationParams& p) {
    return phaseCorrelationPeaks(x, y, region, 1, p).front();
}

FloatPlane fourierShift(const FloatPlane& src, double dx, double dy) {
    const int w = src.width(), h = src.height();
    const int reach = int(std::ceil(std::max(std::abs(dx), std::abs(dy))));
    const int pad = reach + kShiftTaper + 2;
    const int W = fastFftSize(w + 2 * pad), H = fastFftSize(h + 2 * pad);
    double mean = 0;
    for (float v : src.values()) mean += v;
    mean /= double(std::max<std::size_t>(1, src.size()));
    // Weight of the mirrored extension: 1 on the image and `reach + 2` pixels around it, then a raised
    // cosine to 0 at the raster's edges, so the periodic raster has no jump where it wraps around.
    auto taper = [&](int i, int n, int size) {
        const int keep = reach + 2;
        const int lo = pad - keep, hi = pad + n - 1 + keep; // kept span [lo, hi]
        double d = 0, span = 1;
        if (i < lo) {
            d = lo - i;
            span = lo;
        } else if (i > hi) {
            d = i - hi;
            span = size - 1 - hi;
        }
        if (d <= 0) return 1.0;
        return 0.5 + 0.5 * std::cos(kPi * std::min(1.0, d / std::max(1.0, span)));
    };
    std::vector<double> tx(W), ty(H);
    for (int i = 0; i < W; ++i) tx[std::size_t(i)] = taper(i, w, W);
    for (int j = 0; j < H; ++j) ty[std::size_t(j)] = taper(j, h, H);
    ComplexRaster r{W, H, std::vector<std::complex<double>>(std::size_t(W) * H)};
    for (int j = 0; j < H; ++j)
        for (int i = 0; i < W; ++i)
            r(i, j) = mean + (src(mirrorIndex(i - pad, w), mirrorIndex(j - pad, h)) - mean) * tx[std::size_t(i)] *
                                 ty[std::size_t(j)];
    fft2d(r, false);
    // Separable phase factors. A Nyquist bin has no sign: it stands for +1/2 and -1/2 cycles/px at once,
    // so it takes the mean of their two factors, cos(pi d), which keeps the result real and moves that
    // component with the rest (leaving it in place instead leaves an alternating-row pattern behind).
    auto factors = [](int n, double d) {
        auto f = std::vector<std::complex<double>>(static_cast<std::size_t>(n));
        for (int k = 0; k < n; ++k) {
            if (n % 2 == 0 && k == n / 2) {
                f[std::size_t(k)] = std::cos(kPi * d);
            } else {
                const double phase = -2 * kPi * freq(k, n) * d;
                f[std::size_t(k)] = {std::cos(phase), std::sin(phase)};
            }
        }
        return f;
    };
    const auto fxs = factors(W, dx), fys = factors(H, dy);
    for (int v = 0; v < H; ++v)
        for (int u = 0; u < W; ++u) r(u, v) *= fxs[std::size_t(u)] * fys[std::size_t(v)];
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
