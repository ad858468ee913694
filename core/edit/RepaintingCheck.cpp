#include "edit/RepaintingCheck.h"

#include "edit/GaussianBlur.h"
#include "edit/LaplacianPyramid.h"
#include "edit/Ssim.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::edit {

RepaintingResult checkRepainting(const FloatPlane& lx, const FloatPlane& ly, const Mask& P,
                                 const UnintendedChangeParams& p) {
    RepaintingResult r;
    const FloatPlane fx = bandpassBelowLevel(lx, p.fineLevels), fy = bandpassBelowLevel(ly, p.fineLevels);
    const FloatPlane cx = lowpassAtLevel(lx, p.coarseLevel), cy = lowpassAtLevel(ly, p.coarseLevel);
    const LocalMoments fm = localMoments(fx, fy, p.fineWindowSigma);
    const double c3 = 0.5 * 0.03 * 0.03;
    const FloatPlane coarse = localNcc(cx, cy, p.coarseWindowSigma, c3);
    // Noise floor of the fine bands: the robust sigma (1.4826 x median absolute difference) of y's fine
    // bands minus x's over the textured pixels of P (where compression error concentrates, and where the
    // check looks). Independent noise of sigma n lowers the NCC of a texture of contrast s to
    // s / sqrt(s^2 + n^2), so below textureNoiseFactor * n a low NCC is explained by noise (sensor
    // noise, compression error) rather than by new content; a repainted area is too small a share of
    // the textured pixels to move the median.
    std::vector<float> diffs;
    for (std::size_t i = 0; i < fx.size(); ++i)
        if (P[i] && std::sqrt(std::max(0.0f, fm.varX[i])) >= p.fineTextureStd) diffs.push_back(std::abs(fy[i] - fx[i]));
    double noise = 0;
    if (!diffs.empty()) {
        std::nth_element(diffs.begin(), diffs.begin() + diffs.size() / 2, diffs.end());
        noise = 1.4826 * diffs[diffs.size() / 2];
    }
    const double textureFloor = std::max(p.fineTextureStd, p.fineTextureNoiseFactor * noise);
    r.fineNcc = FloatPlane(lx.width(), lx.height(), 1.0f);
    r.repainted = Mask(lx.width(), lx.height(), 0);
    std::size_t textured = 0, repainted = 0;
    double nccSum = 0;
    for (std::size_t i = 0; i < fx.size(); ++i) {
        const double vx = fm.varX[i], vy = fm.varY[i];
        const double ncc = (vx > 1e-12 && vy > 1e-12) ? fm.cov[i] / std::sqrt(vx * vy) : 0.0;
        r.fineNcc[i] = float(ncc);
        if (!P[i] || std::sqrt(vx) < textureFloor) continue;
        ++textured;
        nccSum += ncc;
        // New texture of its own: y keeps at least repaintEnergyRatio of x's fine-band contrast. Where
        // y has lost it (compression, blur) the fine NCC falls too, but nothing was repainted.
        const bool ownTexture = std::sqrt(vy) >= p.repaintEnergyRatio * std::sqrt(vx);
        if (ncc < p.fineNccMax && coarse[i] > p.coarseNccMin && ownTexture) {
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
                " while the coarse-band (levels >= 3) local NCC > " + std::to_string(p.coarseNccMin) + ", on textured pixels (local std of x's fine bands >= max(" +
                std::to_string(p.fineTextureStd) + ", " + std::to_string(p.fineTextureNoiseFactor) +
                " x the robust sigma of the fine-band difference over textured pixels)) "
                "where y's fine-band local std is at least " + std::to_string(p.repaintEnergyRatio) + " of x's";
    c.rule = "repainted share of P > " + std::to_string(p.repaintedAreaFraction);
    c.flagged = fraction > p.repaintedAreaFraction;
    c.details = {{"textured_pixels", textured},
                 {"fine_band_noise", noise},
                 {"texture_floor", textureFloor},
                 {"repainted_pixels", repainted},
                 {"mean_fine_ncc_textured", textured ? nlohmann::json(nccSum / double(textured)) : nlohmann::json(nullptr)}};
    return r;
}

} // namespace ll::edit
