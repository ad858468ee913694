#include "metrics/MapExport.h"

#include "image/ImageIO.h"
#include "metrics/MapPalette.h"
#include "metrics/MapRendering.h"
#include "util/Error.h"

#include <cctype>
#include <system_error>

namespace ll {
namespace {

FloatPlane channelMean(const Image& img) {
    FloatPlane p(img.width(), img.height());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float* v = img.data() + i * 3;
        p[i] = float((double(v[0]) + v[1] + v[2]) / 3.0);
    }
    return p;
}

void savePng(const Canvas& c, const std::filesystem::path& p) { savePng8(c.rgb.data(), c.width, c.height, p); }

} // namespace

std::vector<std::filesystem::path> writeEvalMaps(const EvalMaps& m, const std::filesystem::path& dir) {
    if (m.compact) throw Error(dir.string(), "compact maps lack the per-channel maps; evaluate with all maps to write them");
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir)) throw Error(dir.string(), "cannot create the maps folder");
    std::vector<std::filesystem::path> written;
    auto exr = [&](const auto& img, const char* name) {
        const auto p = dir / (std::string(name) + ".exr");
        saveExr(img, p);
        written.push_back(p);
    };
    auto png = [&](const Canvas& c, const std::string& name) {
        const auto p = dir / (name + ".png");
        savePng(c, p);
        written.push_back(p);
    };
    auto mask = [&](const Mask& mk, const std::string& name) {
        const auto p = dir / (name + ".png");
        savePng8(mk, p);
        written.push_back(p);
    };

    exr(m.ratioReal, "ratio_real");
    exr(m.ratioEdit, "ratio_edit");
    exr(m.standardisedReal, "standardised_real");
    exr(m.standardisedEdit, "standardised_edit");
    exr(m.siePerChannel, "sie_per_channel");
    exr(m.sieMap, "sie_map");
    exr(m.gradientReal, "gradient_real");
    exr(m.gradientEdit, "gradient_edit");
    exr(m.lfePerChannel, "lfe_per_channel");
    exr(m.lfeMap, "lfe_map");
    exr(m.lightSignal, "light_signal");
    exr(m.blurredSignal, "light_signal_blurred");

    const Mask& omega = m.masks.omega;
    Mask anyOmega80(omega.width(), omega.height());
    for (std::size_t i = 0; i < anyOmega80.size(); ++i)
        anyOmega80[i] = (m.omega80[0][i] | m.omega80[1][i] | m.omega80[2][i]) ? 1 : 0;
    png(renderSignedMap(m.sieMap, omega, "SIE MAP S(E_R)-S(E_G)", "REAL HAS MORE LIGHT THAN EDIT",
                        "EDIT HAS MORE LIGHT THAN REAL"),
        "sie_map");
    png(renderSignedMap(m.lfeMap, anyOmega80, "LFE MAP S(M_R)-S(M_G)", "REAL GRADIENT STRONGER",
                        "EDIT GRADIENT STRONGER"),
        "lfe_map");
    png(renderSequentialMap(channelMean(m.ratioReal), omega, "E_R (MEAN OVER RGB)"), "ratio_real");
    png(renderSequentialMap(channelMean(m.ratioEdit), omega, "E_G (MEAN OVER RGB)"), "ratio_edit");

    std::vector<LabelKey> reasonKeys;
    for (int r = 0; r < kExclusionReasonCount; ++r) {
        const Rgb8Code c = exclusionReasonColour(ExclusionReason(r));
        std::string label = exclusionReasonLabel(ExclusionReason(r));
        for (char& ch : label) ch = char(std::toupper(static_cast<unsigned char>(ch))); // the bitmap font's case
        reasonKeys.push_back({label, {c[0], c[1], c[2]}});
    }
    png(renderLabels(m.masks.reason, reasonKeys, "EXCLUSION REASON (FIRST FAILING TEST)"), "exclusion_reasons");
    png(renderBands(m.bandLabels, m.bandKeys), "bands");

    mask(omega, "mask_omega");
    for (int r = 1; r < kExclusionReasonCount; ++r)
        mask(m.masks.byReason(ExclusionReason(r)), std::string("mask_") + exclusionReasonName(ExclusionReason(r)));
    mask(m.gradientDomain, "mask_gradient_domain");
    const char* ch[3] = {"r", "g", "b"};
    for (int c = 0; c < 3; ++c) mask(m.omega80[std::size_t(c)], std::string("mask_omega80_") + ch[c]);
    return written;
}

} // namespace ll
