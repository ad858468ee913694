#include "figure/OverlayTiles.h"

#include "figure/ClassColour.h"
#include "metrics/IntensityBands.h"
#include "metrics/MapPalette.h"

#include <algorithm>
#include <cmath>

namespace ll::figure {

QColor bandMapColour(std::size_t index, std::size_t count) {
    const Rgb8Code c = bandColour(index, count);
    return QColor(c[0], c[1], c[2]);
}

QColor noBandColour() { return QColor(kExcludedColour[0], kExcludedColour[1], kExcludedColour[2]); }

QImage bandMapImage(const Plane<std::uint8_t>& labels, std::size_t bandCount) {
    std::vector<QRgb> lut(256, noBandColour().rgb());
    for (std::size_t b = 0; b < std::min<std::size_t>(bandCount, kNoBand); ++b) lut[b] = bandMapColour(b, bandCount).rgb();
    QImage img(labels.width(), labels.height(), QImage::Format_RGB32);
    for (int y = 0; y < labels.height(); ++y) {
        auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
        const std::uint8_t* in = labels.row(y);
        for (int x = 0; x < labels.width(); ++x) out[x] = lut[in[x]];
    }
    return img;
}

QImage annotationOverlayImage(const QImage& base, const std::map<std::string, Mask>& classes, double opacity,
                              std::vector<std::string>* drawn) {
    QImage img = base.convertToFormat(QImage::Format_RGB32);
    const double a = std::clamp(opacity, 0.0, 1.0);
    auto blend = [a](int under, int over) { return int(std::lround((1.0 - a) * under + a * over)); };
    for (const auto& [name, mask] : classes) {
        if (mask.width() != img.width() || mask.height() != img.height()) continue;
        const QColor c = annotationClassColour(QString::fromStdString(name));
        bool any = false;
        for (int y = 0; y < img.height(); ++y) {
            auto* px = reinterpret_cast<QRgb*>(img.scanLine(y));
            const std::uint8_t* m = mask.row(y);
            for (int x = 0; x < img.width(); ++x) {
                if (!m[x]) continue;
                any = true;
                px[x] = qRgb(blend(qRed(px[x]), c.red()), blend(qGreen(px[x]), c.green()), blend(qBlue(px[x]), c.blue()));
            }
        }
        if (any && drawn && std::find(drawn->begin(), drawn->end(), name) == drawn->end()) drawn->push_back(name);
    }
    return img;
}

} // namespace ll::figure
