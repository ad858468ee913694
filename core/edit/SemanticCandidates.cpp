#include "edit/SemanticCandidates.h"

#include "edit/ConnectedComponents.h"
#include "edit/GaussianBlur.h"
#include "edit/Ssim.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

namespace {
FloatPlane localStd(const FloatPlane& l, double sigma) {
    const LocalMoments m = localMoments(l, l, sigma);
    FloatPlane out(l.width(), l.height());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = std::sqrt(std::max(0.0f, m.varX[i]));
    return out;
}
} // namespace

SemanticResult findChangeCandidates(const ImageViews& x, const ImageViews& y, const Mask& P,
                                    const UnintendedChangeParams& p) {
    SemanticResult r;
    const int w = x.luma.width(), h = x.luma.height();
    const SsimMaps ss = ssimMaps(x.luma, y.luma);
    const FloatPlane de = deltaE2000Map(x.lab, y.lab);
    FloatPlane ev(w, h);
    for (std::size_t i = 0; i < ev.size(); ++i)
        ev[i] = std::max(float((1.0 - ss.ssim[i]) / p.changeSsim), float(de[i] / p.changeDeltaE));
    r.change = gaussianBlur(ev, p.changeSmoothSigma);
    Mask changed(w, h, 0);
    for (std::size_t i = 0; i < changed.size(); ++i) changed[i] = (P[i] && r.change[i] > 1.0f) ? 1 : 0;
    Plane<int> labels;
    const auto comps = connectedComponents(changed, &labels);
    const std::size_t minArea = std::size_t(std::ceil(p.minComponentFraction * double(w) * double(h)));
    const FloatPlane tx = localStd(x.luma, 3.0), ty = localStd(y.luma, 3.0);
    std::vector<double> sx(comps.size() + 1, 0), sy(comps.size() + 1, 0), sde(comps.size() + 1, 0);
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (const int l = labels[i]) {
            sx[l] += tx[i];
            sy[l] += ty[i];
            sde[l] += de[i];
        }
    std::size_t changedArea = 0;
    for (const auto& c : comps) {
        if (c.area <= minArea) continue;
        ChangeCandidate cand;
        cand.x0 = c.x0;
        cand.y0 = c.y0;
        cand.x1 = c.x1;
        cand.y1 = c.y1;
        cand.area = c.area;
        cand.textureInput = sx[c.label] / double(c.area);
        cand.textureEdit = sy[c.label] / double(c.area);
        cand.meanDeltaE = sde[c.label] / double(c.area);
        if (cand.textureInput < p.flatStd && cand.textureEdit > p.textureGain * std::max(cand.textureInput, 1e-6) &&
            cand.textureEdit >= p.flatStd)
            cand.label = "add";
        else if (cand.textureEdit < p.flatStd &&
                 cand.textureInput > p.textureGain * std::max(cand.textureEdit, 1e-6) && cand.textureInput >= p.flatStd)
            cand.label = "remove";
        else
            cand.label = "replace";
        changedArea += c.area;
        r.candidates.push_back(cand);
    }
    std::sort(r.candidates.begin(), r.candidates.end(), [](const auto& a, const auto& b) { return a.area > b.area; });
    const std::size_t pn = countSet(P);
    CheckResult& c = r.check;
    c.name = "semantic";
    c.dimension = "semantic";
    c.value = pn ? double(changedArea) / double(pn) : 0.0;
    c.measure = "share of P covered by changed components (1 - SSIM > " + std::to_string(p.changeSsim) +
                " or CIEDE2000 > " + std::to_string(p.changeDeltaE) + ", smoothed) larger than " +
                std::to_string(p.minComponentFraction * 100) + "% of the image; candidate labels from texture, "
                "not a semantic judgement";
    c.rule = "any such component";
    c.flagged = !r.candidates.empty();
    c.details = {{"components", r.candidates.size()}};
    return r;
}

} // namespace ll::edit
