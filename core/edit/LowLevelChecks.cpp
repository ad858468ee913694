#include "edit/LowLevelChecks.h"

#include "edit/Blockiness.h"
#include "edit/LaplacianPyramid.h"
#include "edit/Luminance.h"
#include "edit/MaskedStats.h"
#include "edit/NoiseEstimate.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

namespace {
nlohmann::json opt(std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

CheckResult make(const std::string& name, const std::string& measure, const std::string& rule) {
    CheckResult c;
    c.name = name;
    c.dimension = "low-level";
    c.measure = measure;
    c.rule = rule;
    return c;
}

std::optional<double> bandEnergy(const FloatPlane& l, const Mask& P) {
    FloatPlane b = bandpassBelowLevel(l, 1);
    for (auto& v : b.values()) v = v * v;
    return maskedMean(b, &P);
}

struct MeanStd {
    double mean = 0, std = 0;
};
MeanStd meanStd(const FloatPlane& p, const Mask& P) {
    double s = 0, ss = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (P[i]) {
            s += p[i];
            ss += double(p[i]) * p[i];
            ++n;
        }
    if (!n) return {};
    const double m = s / n;
    return {m, std::sqrt(std::max(0.0, ss / n - m * m))};
}
} // namespace

CheckResult checkBlur(const FloatPlane& lx, const FloatPlane& ly, const Mask& P, const UnintendedChangeParams& p) {
    CheckResult c = make("blur",
                         "high-band energy ratio y / x: mean square of Laplacian level 0 of sRGB luminance over P, each "
                         "divided by the luminance variance over P (so a contrast change is not read as blur)",
                         "ratio < " + std::to_string(p.blurEnergyRatio));
    const auto ex = bandEnergy(lx, P), ey = bandEnergy(ly, P);
    const double vx = std::pow(meanStd(lx, P).std, 2), vy = std::pow(meanStd(ly, P).std, 2);
    if (ex && ey && *ex > 1e-10 && vx > 1e-10 && vy > 1e-10) {
        c.value = (*ey / vy) / (*ex / vx);
        c.flagged = *c.value < p.blurEnergyRatio;
    } else {
        c.details["note"] = "the input has no high-band energy in P: blur is not measurable";
    }
    c.details["variance_input"] = vx;
    c.details["variance_edit"] = vy;
    c.details["energy_input"] = opt(ex);
    c.details["energy_edit"] = opt(ey);
    return c;
}

CheckResult checkNoise(const FloatPlane& lx, const FloatPlane& ly, const Mask& P, const UnintendedChangeParams& p) {
    CheckResult c = make("noise",
                         "noise sigma added in y: sqrt(sigma(y)^2 - sigma(x)^2) of the Immerkaer estimates over P "
                         "(sRGB luminance; sigma(y) scaled by std(x)/std(y); negative when y is cleaner)",
                         "difference > " + std::to_string(p.noiseSigmaIncrease) + " (" +
                             std::to_string(p.noiseSigmaIncrease * 255) + "/255)");
    const auto sx = immerkaerSigma(lx, &P), rawY = immerkaerSigma(ly, &P);
    // y's estimate is brought to x's contrast first, so a brighter (higher-contrast) texture is not read as noise.
    const double cx = meanStd(lx, P).std, cy = meanStd(ly, P).std;
    const std::optional<double> sy =
        rawY ? std::optional<double>(*rawY * ((cx > 1e-6 && cy > 1e-6) ? cx / cy : 1.0)) : std::nullopt;
    c.details["sigma_edit_raw"] = opt(rawY);
    if (sx && sy) {
        const double d = *sy * *sy - *sx * *sx;
        c.value = d >= 0 ? std::sqrt(d) : -std::sqrt(-d);
        c.flagged = *c.value > p.noiseSigmaIncrease;
    }
    c.details["sigma_input"] = opt(sx);
    c.details["sigma_edit"] = opt(sy);
    return c;
}

CheckResult checkColourCast(const ImageViews& x, const Image& xl, const Image& yl, const Mask& P,
                            const UnintendedChangeParams& p) {
    CheckResult c = make("color cast",
                         "shift of the mean CIELAB (a*, b*) over P, y first scaled to x's mean linear luminance over P "
                         "(so an exposure change is not read as a cast)",
                         "|shift| > " + std::to_string(p.colourCastDeltaAB));
    const FloatPlane lumX = rec709Luminance(xl), lumY = rec709Luminance(yl);
    const auto mx = maskedMean(lumX, &P), my = maskedMean(lumY, &P);
    if (!mx || !my) return c;
    const double scale = (*my > 1e-8) ? *mx / *my : 1.0;
    double ax = 0, bx = 0, ay = 0, by = 0;
    std::size_t n = 0;
    for (int j = 0; j < xl.height(); ++j)
        for (int i = 0; i < xl.width(); ++i) {
            if (!P(i, j)) continue;
            const float* q = yl.pixel(i, j);
            const float s[3] = {float(q[0] * scale), float(q[1] * scale), float(q[2] * scale)};
            const Lab ly = labFromLinearRgb(s);
            ax += x.lab.a(i, j);
            bx += x.lab.b(i, j);
            ay += ly[1];
            by += ly[2];
            ++n;
        }
    if (!n) return c;
    const double da = (ay - ax) / n, db = (by - bx) / n;
    c.value = std::hypot(da, db);
    c.flagged = *c.value > p.colourCastDeltaAB;
    c.details = {{"delta_a", da}, {"delta_b", db}, {"luminance_scale", scale}};
    return c;
}

CheckResult checkExposure(const ImageViews& x, const ImageViews& y, const Mask& P, const UnintendedChangeParams& p) {
    CheckResult c = make("exposure degradation", "mean L* shift over P (also RMS-contrast ratio and clipped pixels gained)",
                         "|mean L* shift| > " + std::to_string(p.exposureDeltaL) + ", or std(L*) ratio outside [" +
                             std::to_string(p.contrastRatioMin) + ", " + std::to_string(p.contrastRatioMax) +
                             "], or clipped pixels gained > " + std::to_string(p.clippedIncreaseFraction * 100) +
                             "% of P (pixels clipped in y that were at least " + std::to_string(p.clipMargin * 255) +
                             "/255 from clipping in x)");
    const MeanStd lx = meanStd(x.lab.L, P), ly = meanStd(y.lab.L, P);
    // Pixels clipped in y (any channel >= clipHigh, or all <= clipLow) that were at least clipMargin
    // from that clipping in x: a near-saturated photograph that compression or noise pushes over the
    // edge has not gained clipping.
    auto gainedClipping = [&]() {
        std::size_t n = 0;
        for (std::size_t i = 0; i < P.size(); ++i) {
            if (!P[i]) continue;
            const float* a = x.srgb.data() + 3 * i;
            const float* b = y.srgb.data() + 3 * i;
            const float maxX = std::max({a[0], a[1], a[2]}), maxY = std::max({b[0], b[1], b[2]});
            const bool hi = maxY >= p.clipHigh && maxX < p.clipHigh - p.clipMargin;
            const bool lo = maxY <= p.clipLow && maxX > p.clipLow + p.clipMargin;
            n += (hi || lo);
        }
        return n;
    };
    const std::size_t pn = countSet(P);
    if (!pn) return c;
    const double dL = ly.mean - lx.mean;
    const std::optional<double> contrast = lx.std > 1e-6 ? std::optional<double>(ly.std / lx.std) : std::nullopt;
    const double gained = double(gainedClipping()) / double(pn);
    c.value = dL;
    const bool lFlag = std::abs(dL) > p.exposureDeltaL;
    const bool cFlag = contrast && (*contrast < p.contrastRatioMin || *contrast > p.contrastRatioMax);
    const bool clipFlag = gained > p.clippedIncreaseFraction;
    c.flagged = lFlag || cFlag || clipFlag;
    c.details = {{"mean_L_input", lx.mean},      {"mean_L_edit", ly.mean},     {"contrast_ratio", opt(contrast)},
                 {"clipped_gained_fraction", gained}, {"L_flag", lFlag}, {"contrast_flag", cFlag}, {"clip_flag", clipFlag}};
    return c;
}

CheckResult checkArtifact(const FloatPlane& lx, const FloatPlane& ly, const Mask& P, const UnintendedChangeParams& p) {
    CheckResult c = make("artifact", "8x8 blockiness ratio y / x (block-boundary over in-block neighbour differences, sRGB luminance)",
                         "ratio > " + std::to_string(p.blockinessRatio));
    const auto bx = blockiness8x8(lx, &P), by = blockiness8x8(ly, &P);
    if (bx && by && *bx > 0) {
        c.value = *by / *bx;
        c.flagged = *c.value > p.blockinessRatio;
    }
    c.details = {{"blockiness_input", opt(bx)}, {"blockiness_edit", opt(by)}};
    return c;
}

} // namespace ll::edit
