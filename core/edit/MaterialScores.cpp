#include "edit/MaterialScores.h"

#include "edit/GaussianBlur.h"
#include "edit/MaskedStats.h"
#include "edit/Morphology.h"
#include "edit/Sobel.h"
#include "edit/Ssim.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

namespace {

std::optional<double> clip01(std::optional<double> v) {
    if (!v) return v;
    return std::clamp(*v, 0.0, 1.0);
}

// Gaussian low-pass of `l` restricted to the set pixels of `m`: blur(l * m) / blur(m).
FloatPlane maskedLowpass(const FloatPlane& l, const Mask& m, double sigma) {
    FloatPlane num(l.width(), l.height()), den(l.width(), l.height());
    for (std::size_t i = 0; i < l.size(); ++i) {
        den[i] = m[i] ? 1.0f : 0.0f;
        num[i] = m[i] ? l[i] : 0.0f;
    }
    num = gaussianBlur(num, sigma);
    den = gaussianBlur(den, sigma);
    for (std::size_t i = 0; i < l.size(); ++i) num[i] = den[i] > 1e-6f ? num[i] / den[i] : 0.0f;
    return num;
}

Lab meanLab(const LabImage& lab, const Mask* region) {
    double s[3] = {0, 0, 0};
    std::size_t n = 0;
    for (std::size_t i = 0; i < lab.L.size(); ++i)
        if (!region || (*region)[i]) {
            s[0] += lab.L[i];
            s[1] += lab.a[i];
            s[2] += lab.b[i];
            ++n;
        }
    if (n == 0) return {0, 0, 0};
    return {s[0] / n, s[1] / n, s[2] / n};
}

} // namespace

std::vector<double> gradientHistogram(const FloatPlane& luma, const Mask* region, const MaterialScoreParams& p) {
    const FloatPlane g2 = sobelMagnitudeSquared(luma);
    std::vector<double> h(std::max(1, p.histogramBins), 0.0);
    double n = 0;
    for (int y = 1; y + 1 < luma.height(); ++y)
        for (int x = 1; x + 1 < luma.width(); ++x) {
            if (region && !(*region)(x, y)) continue;
            const double g = std::sqrt(double(g2(x, y)));
            const int bin = std::min(int(h.size()) - 1, int(g / p.histogramMax * double(h.size())));
            h[std::max(0, bin)] += 1;
            n += 1;
        }
    if (n > 0)
        for (auto& v : h) v /= n;
    return h;
}

double hellingerDistance(const std::vector<double>& p, const std::vector<double>& q) {
    double bc = 0;
    for (std::size_t i = 0; i < std::min(p.size(), q.size()); ++i) bc += std::sqrt(p[i] * q[i]);
    return std::sqrt(std::max(0.0, 1.0 - bc));
}

std::optional<double> gateScore(std::optional<double> material, std::optional<double> preservation,
                                std::optional<double> structure, std::optional<double> harmony,
                                const GateAnchors& a) {
    if (!material || !preservation || !structure || !harmony || !(a.b > 0)) return std::nullopt;
    const double m = std::clamp((*material - a.a) / a.b, 0.0, 1.0);
    return m * std::cbrt(std::max(0.0, *preservation * *structure * *harmony));
}

MaterialScores computeMaterialScores(const EditCase& c, const ImageViews& x, const ImageViews& y,
                                     const ColourConfig& colour, const MaterialScoreParams& p) {
    MaterialScores s;
    const int w = c.input.width(), h = c.input.height();
    const Mask* m = c.mask ? &*c.mask : nullptr;

    s.preservation.measure = "SSIM (Wang et al. 2004, 11x11 Gaussian window sigma 1.5) of sRGB luminance, mean over "
                             "the outside region (mask dilated by the boundary band, complemented), clipped to [0,1], "
                             "times the colour fidelity: mean of exp(-CIEDE2000 / " +
                             std::to_string(p.preservationDeltaE) + ") of the Lab planes low-passed with a Gaussian of sigma " +
                             std::to_string(p.preservationColourSigma) + " px, over the outside region (SSIM alone does not see "
                             "an exposure or colour change)";
    s.preservation.paperMeasure = "1 - LPIPS between x and y outside the mask (MatReplace Eq. 2)";
    s.structure.measure = "SSIM structure term (sigma_xy + C3) / (sigma_x sigma_y + C3) of sRGB luminance low-passed "
                          "with a Gaussian of sigma 2 px, mean over the mask, clipped to [0,1]";
    s.structure.paperMeasure = "exp(-AbsRel / tau) of monocular depth (Depth Anything V2) inside the mask (MatReplace Eq. 3)";
    s.harmony.measure = "mean of (NCC + 1) / 2 of sigma-8 low-passed (within the mask) Rec.709 luminance over the mask and the seam term "
                        "min(1, E(x) / E(y)), E = mean squared Sobel magnitude over the ring outside the mask";
    s.harmony.paperMeasure = "the same classical construction (MatReplace Eq. 4 and the seam term)";
    s.material.measure = "mean of exp(-CIEDE2000 / 20) between the mean Lab colours of y inside the mask and the "
                         "reference, and 1 - Hellinger distance of normalised gradient-magnitude histograms";
    s.material.paperMeasure = "SigLIP2 material-family match averaged with DINOv2 cosine to the reference (MatReplace Eq. 1)";
    s.overall.measure = "mean of the available scores among preservation, structure, harmony, material";
    s.overall.paperMeasure = "unweighted mean of the four paper scores";
    s.gate.measure = "clip((material - a) / b, 0, 1) * (preservation * structure * harmony)^(1/3)";
    s.gate.paperMeasure = "overall_G with the paper's learned scores";

    // Regions.
    Mask outside;
    if (m) {
        outside = invertMask(dilateDisk(*m, p.band));
        s.maskPixels = countSet(*m);
    } else {
        outside = Mask(w, h, 1);
    }
    s.outsidePixels = countSet(outside);

    // Preservation: structure (SSIM of luminance) times colour fidelity (CIEDE2000), both over o.
    const SsimMaps ss = ssimMaps(x.luma, y.luma);
    s.maps["ssim"] = ss.ssim;
    s.ssimOutside = maskedMean(ss.ssim, &outside);
    {
        double se = 0;
        std::size_t n = 0;
        for (std::size_t i = 0; i < outside.size(); ++i)
            if (outside[i])
                for (int k = 0; k < 3; ++k) {
                    const double d = double(x.srgb.data()[3 * i + k]) - y.srgb.data()[3 * i + k];
                    se += d * d;
                    ++n;
                }
        if (n > 0 && se > 0) s.psnrOutside = 10.0 * std::log10(1.0 / (se / double(n)));
        FloatPlane de = deltaE2000Map(x.lab, y.lab);
        s.deltaEOutside = maskedMean(de, &outside);
        // Colour fidelity compares the colours the eye integrates, not pixel noise: CIEDE2000 of the Lab
        // planes low-passed with a Gaussian (after S-CIELAB, Zhang and Wandell 1996), so compression
        // and noise barely move it while an exposure change or a colour flood does.
        const LabImage bx{gaussianBlur(x.lab.L, p.preservationColourSigma), gaussianBlur(x.lab.a, p.preservationColourSigma),
                          gaussianBlur(x.lab.b, p.preservationColourSigma)};
        const LabImage by{gaussianBlur(y.lab.L, p.preservationColourSigma), gaussianBlur(y.lab.a, p.preservationColourSigma),
                          gaussianBlur(y.lab.b, p.preservationColourSigma)};
        const FloatPlane deLow = deltaE2000Map(bx, by);
        FloatPlane fidelity(w, h);
        for (std::size_t i = 0; i < deLow.size(); ++i)
            fidelity[i] = float(std::exp(-double(deLow[i]) / p.preservationDeltaE));
        s.colourOutside = maskedMean(fidelity, &outside);
        s.maps["delta_e"] = std::move(de);
    }
    if (s.ssimOutside && s.colourOutside) s.preservation.value = clip01(*clip01(s.ssimOutside) * *s.colourOutside);
    if (!s.preservation.value) s.preservation.note = "the outside region is empty";

    if (!m) {
        for (Score* sc : {&s.structure, &s.harmony, &s.material}) sc->note = "no mask: the score is defined inside the mask";
    } else {
        // Structure.
        const FloatPlane lx = gaussianBlur(x.luma, p.structureSigma), ly = gaussianBlur(y.luma, p.structureSigma);
        const SsimMaps st = ssimMaps(lx, ly);
        s.structure.value = clip01(maskedMean(st.structure, m));
        s.maps["structure"] = st.structure;

        // Harmony.
        // Low-pass inside the mask only (normalised convolution), so the outside does not leak into the fields.
        const FloatPlane hx = maskedLowpass(x.luminance, *m, p.harmonySigma),
                         hy = maskedLowpass(y.luminance, *m, p.harmonySigma);
        const MaskedCorrelation corr = maskedPearson(hx, hy, m);
        double ncc = 0;
        if (corr.r) ncc = *corr.r;
        else
            s.warnings.push_back("harmony: the low-passed luminance has no variance inside the mask (" +
                                 std::string(corr.varX <= 0 ? "input" : "edit") + "); NCC taken as 0");
        s.harmonyNcc = ncc;
        const Mask ring = andNotMask(dilateDisk(*m, p.ring), *m);
        s.ringPixels = countSet(ring);
        FloatPlane ringMap(w, h, 0.0f);
        for (std::size_t i = 0; i < ring.size(); ++i) ringMap[i] = ring[i] ? 1.0f : 0.0f;
        s.maps["harmony_ring"] = std::move(ringMap);
        const auto ex = maskedMean(sobelMagnitudeSquared(x.luminance), &ring);
        const auto ey = maskedMean(sobelMagnitudeSquared(y.luminance), &ring);
        s.seamEnergyInput = ex;
        s.seamEnergyEdit = ey;
        if (ex && ey) {
            s.harmonySeam = *ey > 0 ? std::min(1.0, *ex / *ey) : 1.0;
            s.harmony.value = 0.5 * ((ncc + 1.0) / 2.0 + *s.harmonySeam);
        } else {
            s.harmony.note = "the seam ring is empty (the mask touches every border)";
        }

        // Material.
        if (!c.reference) {
            s.material.note = "no reference swatch: the material match needs one (the paper's SigLIP2 family check "
                              "needs a learned model)";
        } else {
            const ImageViews r = makeViews(*c.reference, colour);
            const Lab ly0 = meanLab(y.lab, m), lr = meanLab(r.lab, nullptr);
            s.materialDeltaE = ciede2000(ly0, lr);
            s.materialColour = std::exp(-*s.materialDeltaE / p.deltaEScale);
            // Interior of the mask only, so the Sobel stencil does not reach outside it.
            const Mask interior = andNotMask(*m, dilateDisk(invertMask(*m), 1.5));
            const Mask& hm = countSet(interior) > 0 ? interior : *m;
            const auto hy2 = gradientHistogram(y.luma, &hm, p);
            const auto hr = gradientHistogram(r.luma, nullptr, p);
            s.materialTexture = 1.0 - hellingerDistance(hy2, hr);
            s.material.value = 0.5 * (*s.materialColour + *s.materialTexture);
        }
    }

    double sum = 0;
    int n = 0;
    for (const Score* sc : {&s.preservation, &s.structure, &s.harmony, &s.material})
        if (sc->value) {
            sum += *sc->value;
            ++n;
        }
    if (n > 0) s.overall.value = sum / n;
    s.gate.value = gateScore(s.material.value, s.preservation.value, s.structure.value, s.harmony.value, p.gate);
    if (!s.gate.value) s.gate.note = "needs all four scores";
    return s;
}

} // namespace ll::edit
