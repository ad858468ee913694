#include "edit/RepaintingCheck.h"

#include "edit/GaussianBlur.h"
#include "edit/LaplacianPyramid.h"
#include "edit/Ssim.h"

#include <cmath>

namespace ll::edit {

RepaintingResult checkRepainting(const FloatPlane& lx, const FloatPlane& ly, const Mask& P,
                                 const UnintendedChangeParams& p) {
    RepaintingResult r;
    const FloatPlane fx = bandpassBelowLevel(lx, p.fineLevels), fy = bandpassBelowLevel(ly, p.fineLevels);
    const FloatPlane cx = lowpassAtLevel(lx, p.coarseLevel), cy = lowpassAtLevel(ly, p.coarseLevel);
    const LocalMoments fm = localMoments(fx, fy, p.fineWindowSigma);
    const double c3 = 0.5 * 0.03 * 0.03;
    const FloatPlane coarse = localNcc(cx, cy, p.coarseWindowSigma, c3);
    r.fineNcc = FloatPlane(lx.width(), lx.height(), 1.0f);
    r.repainted = Mask(lx.width(), lx.height(), 0);
    std::size_t textured = 0, repainted = 0;
    double nccSum = 0;
    for (std::size_t i = 0; i < fx.size(); ++i) {
        const double vx = fm.varX[i], vy = fm.varY[i];
        const double ncc = (vx > 1e-12 && vy > 1e-12) ? fm.cov[i] / std::sqrt(vx * vy) : 0.0;
        r.fineNcc[i] = float(ncc);
        if (!P[i] || std::sqrt(vx) < p.fineTextureStd) continue;
        ++textured;
        nccSum += ncc;
        if (ncc < p.fineNccMax && coarse[i] > p.coarseNccMin) {
            r.repainted[i] = 1;
            ++repainted;
        }
    }
    const std::size_t pn = countSet(P);
    const double fraction = pn ? double(repainted) / double(pn) : 0.0;
    CheckResult& c = r.check;
    c.name = "repainting";
    c.dimension = "structure";
    c.value = fraction;
    c.measure = "share of P where the fine-band (Laplacian levels 0-1) local NCC < " + std::to_string(p.fineNccMax) +
                " while the coarse-band (levels >= 3) local NCC > " + std::to_string(p.coarseNccMin) + ", on textured pixels";
    c.rule = "repainted share of P > " + std::to_string(p.repaintedAreaFraction);
    c.flagged = fraction > p.repaintedAreaFraction;
    c.details = {{"textured_pixels", textured},
                 {"repainted_pixels", repainted},
                 {"mean_fine_ncc_textured", textured ? nlohmann::json(nccSum / double(textured)) : nlohmann::json(nullptr)}};
    return r;
}

} // namespace ll::edit
