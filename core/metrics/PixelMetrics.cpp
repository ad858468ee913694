#include "metrics/PixelMetrics.h"

namespace ll {

PixelMetrics pixelMetrics(const EvalMaps& m, const EvalScores& s, int x, int y) {
    PixelMetrics p;
    const std::size_t i = std::size_t(y) * std::size_t(m.masks.omega.width()) + std::size_t(x);
    p.valid = m.masks.omega[i] != 0;
    for (std::size_t c = 0; c < 3; ++c) {
        const int ci = int(c);
        p.inOmega80[c] = m.omega80[c][i] != 0;
        p.ratioReal[c] = m.ratioReal.at(x, y, ci);
        p.ratioEdit[c] = m.ratioEdit.at(x, y, ci);
        p.gradientReal[c] = m.gradientReal.at(x, y, ci);
        p.gradientEdit[c] = m.gradientEdit.at(x, y, ci);
    }
    p.sieMap = m.sieMap[i];
    p.lfeMap = m.lfeMap[i];
    if (!m.compact) {
        for (std::size_t c = 0; c < 3; ++c) {
            const int ci = int(c);
            p.standardisedReal[c] = m.standardisedReal.at(x, y, ci);
            p.standardisedEdit[c] = m.standardisedEdit.at(x, y, ci);
            p.sie[c] = m.siePerChannel.at(x, y, ci);
            p.lfe[c] = m.lfePerChannel.at(x, y, ci);
        }
        return p;
    }
    // The same arithmetic as the evaluation (Standardiser), from the kept float images: E_R and E_G
    // were rounded to float on the way into the maps, so S(E) and D_c agree with the full maps to
    // float precision; M_R and M_G are the evaluation's own floats, so the LFE values are the same.
    for (std::size_t c = 0; c < 3; ++c) {
        if (p.valid) {
            const double zr = Standardiser(s.ratioRealStats[c])(p.ratioReal[c]);
            const double zg = Standardiser(s.ratioEditStats[c])(p.ratioEdit[c]);
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
