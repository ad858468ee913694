#include "view/RegionRenderer.h"

#include "view/ColourMaps.h"
#include "view/DisplayEncoder.h"

#include <oneapi/tbb/parallel_for.h>

#include <cmath>
#include <vector>

namespace ll::ui {

double signedRangeFor(const ImageSource& source, const DisplaySettings& settings) {
    const double r = settings.autoSignedRange ? source.autoRange() : settings.signedRange;
    return r > 0 ? r : 1.0;
}

QImage renderRegion(const ImageSource& source, int level, QRect rect, const DisplaySettings& s) {
    const MipLevel& l = source.level(level);
    rect = rect.intersected(QRect(0, 0, l.width, l.height));
    QImage out(rect.size(), QImage::Format_RGB32);
    if (rect.isEmpty()) return out;
    const int ch = source.channels();
    const float gain = float(std::exp2(s.exposureEv));
    const float invGamma = float(1.0 / std::max(0.05, s.gamma));
    const DisplayEncoder& enc = DisplayEncoder::srgb();
    const ColourTable& turbo = turboMap();
    const ColourTable& div = divergingMap();
    const ColourTable& seq = sequentialMap();
    const float range = float(signedRangeFor(source, s));
    const float lo = float(source.rangeLow()), hi = float(source.rangeHigh());
    const auto& palette = source.palette();

    auto gammaCode = [invGamma](float v) -> int {
        if (!(v > 0.0f)) return 0;
        if (v >= 1.0f) return 255;
        return int(std::pow(v, invGamma) * 255.0f + 0.5f);
    };

    auto renderRow = [&](int y) {
        auto* dst = reinterpret_cast<QRgb*>(out.scanLine(y));
        // The level's values of the row (computed levels work them out here), NaN where excluded.
        std::vector<float> values(std::size_t(rect.width()) * std::size_t(ch));
        l.read(rect.y() + y, rect.x(), rect.width(), ch, values.data());
        const float* src = values.data();
        for (int x = 0; x < rect.width(); ++x, src += ch) {
            QRgb c = qRgb(0, 0, 0); // excluded (NaN) pixels stay black
            switch (source.kind()) {
            case SourceKind::Colour: {
                const float r = src[0] * gain, g = src[1] * gain, b = src[2] * gain;
                if (!(std::isfinite(r) && std::isfinite(g) && std::isfinite(b))) break;
                if (s.tonemap == Tonemap::Srgb) {
                    c = qRgb(enc.encode(r), enc.encode(g), enc.encode(b));
                } else if (s.tonemap == Tonemap::Gamma) {
                    c = qRgb(gammaCode(r), gammaCode(g), gammaCode(b));
                } else {
                    const float y = 0.2126f * r + 0.7152f * g + 0.0722f * b;
                    if (y > 0.0f) {
                        const float t = float((std::log2(y) - kFalseColourLowEv) / (kFalseColourHighEv - kFalseColourLowEv));
                        c = turbo[std::size_t(tableIndex(t))];
                    }
                }
                break;
            }
            case SourceKind::Ratio: {
                const float m = (src[0] + src[1] + src[2]) / 3.0f;
                if (std::isfinite(m) && m > 0.0f) c = seq[std::size_t(tableIndex((std::log2(m) - lo) / (hi - lo)))];
                break;
            }
            case SourceKind::Signed:
                if (std::isfinite(src[0])) c = div[std::size_t(tableIndex(0.5f + 0.5f * src[0] / range))];
                break;
            case SourceKind::Categorical:
                if (std::isfinite(src[0])) {
                    const auto i = std::size_t(src[0]);
                    c = i < palette.size() ? palette[i].rgb() : qRgb(255, 0, 255);
                }
                break;
            }
            dst[x] = c;
        }
    };
    if (rect.width() * rect.height() > 32768)
        tbb::parallel_for(0, rect.height(), renderRow);
    else
        for (int y = 0; y < rect.height(); ++y) renderRow(y);
    return out;
}

} // namespace ll::ui
