#include "metrics/PixelMetrics.h"

#include "metrics/EvalDerivedMaps.h"
#include "metrics/EvalRowKernels.h"
#include "metrics/GradientThreshold.h"

#include <stdexcept>

namespace ll {

namespace {

// Omega-nabla at (x, y): the pixel and its four neighbours in Omega (border pixels are not).
bool inGradientDomain(const Mask& omega, int x, int y) {
    const int W = omega.width(), H = omega.height();
    if (x < 1 || y < 1 || x >= W - 1 || y >= H - 1) return false;
    return omega(x, y) && omega(x - 1, y) && omega(x + 1, y) && omega(x, y - 1) && omega(x, y + 1);
}

// E_R and E_G at (x, y) in double, as the evaluation's ratio rows hold them (ratioSpan).
void ratioAt(const Image& numerator, const EditPixels& edit, const Image& denominator, int x, int y,
             std::array<double, 3>& er, std::array<double, 3>& eg) {
    std::array<float, 3> g;
    ratioSpan(numerator.pixel(x, y), edit.span(y, x, 1, g.data()), denominator.pixel(x, y), 3, er.data(), eg.data());
}

} // namespace

PixelMetrics pixelMetrics(const EvalMaps& m, const EvalScores& s, int x, int y, const Image* on, const Image* off,
                          const Image* edit) {
    if (!edit) return pixelMetrics(m, s, x, y, on, off, static_cast<const EditPixels*>(nullptr));
    const EditPixels pixels(*edit);
    return pixelMetrics(m, s, x, y, on, off, &pixels);
}

PixelMetrics pixelMetrics(const EvalMaps& m, const EvalScores& s, int x, int y, const Image* on, const Image* off,
                          const EditPixels* edit) {
    PixelMetrics p;
    const std::size_t i = std::size_t(y) * std::size_t(m.masks.omega.width()) + std::size_t(x);
    p.valid = m.masks.omega[i] != 0;
    const bool gradientsKept = !m.gradientReal.empty();
    if (m.compact && (!on || !off || !edit))
        throw std::invalid_argument("pixelMetrics: compact maps need the evaluated images");
    const Image* numerator = s.task == Task::On ? on : off;
    const Image* denominator = s.task == Task::On ? off : on;
    const bool inDomain = !gradientsKept && inGradientDomain(m.masks.omega, x, y);
    for (std::size_t c = 0; c < 3; ++c) {
        const int ci = int(c);
        p.inOmega80[c] = m.omega80[c][i] != 0;
        if (!m.compact) {
            p.ratioReal[c] = m.ratioReal.at(x, y, ci);
            p.ratioEdit[c] = m.ratioEdit.at(x, y, ci);
        }
        if (gradientsKept) {
            p.gradientReal[c] = m.gradientReal.at(x, y, ci);
            p.gradientEdit[c] = m.gradientEdit.at(x, y, ci);
        } else if (inDomain) {
            p.gradientReal[c] = float(gradientMagnitudeAt(*numerator, *denominator, x, y, ci));
            p.gradientEdit[c] = float(gradientMagnitudeAt(*edit, *denominator, x, y, ci));
        }
    }
    p.lfeMap = m.lfeMap[i];
    if (!m.compact) {
        p.sieMap = m.sieMap[i];
        for (std::size_t c = 0; c < 3; ++c) {
            const int ci = int(c);
            p.standardisedReal[c] = m.standardisedReal.at(x, y, ci);
            p.standardisedEdit[c] = m.standardisedEdit.at(x, y, ci);
            p.sie[c] = m.siePerChannel.at(x, y, ci);
            p.lfe[c] = m.lfePerChannel.at(x, y, ci);
        }
        return p;
    }
    // E_R, E_G and the SIE map as the evaluation computes them (EvalDerivedMaps); S(E) and D_c with its
    // arithmetic (Standardiser) from E in double, so they are the full maps' floats. M_R and M_G are
    // the evaluation's own floats (worked out with its arithmetic), so the LFE values are the same.
    const EvalDerivedMaps derived(*on, *off, *edit, m.masks.omega, s);
    derived.rows(y, x, 1, {p.ratioReal.data(), p.ratioEdit.data(), nullptr, nullptr, &p.sieMap});
    const double* real = nullptr;
    const double* edited = nullptr;
    std::array<double, 3> er{}, eg{};
    if (p.valid) {
        ratioAt(*numerator, *edit, *denominator, x, y, er, eg);
        real = er.data();
        edited = eg.data();
    }
    for (std::size_t c = 0; c < 3; ++c) {
        if (p.valid) {
            const double zr = Standardiser(s.ratioRealStats[c])(real[c]);
            const double zg = Standardiser(s.ratioEditStats[c])(edited[c]);
            p.standardisedReal[c] = float(zr);
            p.standardisedEdit[c] = float(zg);
            p.sie[c] = float(zr - zg);
        }
        if (p.inOmega80[c])
            p.lfe[c] = float(Standardiser(s.gradientRealStats[c])(p.gradientReal[c]) -
                             Standardiser(s.gradientEditStats[c])(p.gradientEdit[c]));
    }
    return p;
}

} // namespace ll
