#include "edit/EditMapStyle.h"

#include "colour/ColourConfig.h"
#include "edit/Luminance.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace ll::ui {

const std::vector<EditMapStyle>& editMapStyles() {
    static const std::vector<EditMapStyle> s{
        {"ssim", QObject::tr("Preservation: SSIM of sRGB luminance"),
         QObject::tr("SSIM per pixel; preservation is its mean outside the mask band (1 = unchanged)"), 0.f, 1.f, &sequentialMap()},
        {"structure", QObject::tr("Structure: SSIM structure term (σ 2 px low-pass)"),
         QObject::tr("(σxy + C3) / (σx σy + C3); structure is its mean inside the mask (1 = shapes kept)"), -1.f, 1.f, &divergingMap()},
        {"harmony_ring", QObject::tr("Harmony: seam ring R on the edit"),
         QObject::tr("orange: ring R = dilate(m, 7 px) − m where the seam energy E is measured"), 0.f, 1.f, nullptr},
        {"local_shift", QObject::tr("Misalignment: local shift map (px)"),
         QObject::tr("block-matching shift magnitude per 32-px block (flag: P95 > 1.5 px)"), 0.f, 4.f, &turboMap()},
        {"fine_ncc", QObject::tr("Repainting: fine-band correlation"),
         QObject::tr("local NCC of Laplacian levels 0–1 (repainted: < 0.5 while coarse > 0.8)"), -1.f, 1.f, &divergingMap()},
        {"change", QObject::tr("Semantic: change evidence and components"),
         QObject::tr("max((1−SSIM)/0.5, ΔE00/15), σ 2 px; > 1 is changed; boxes: candidate components"), 0.f, 2.f, &sequentialMap()},
        {"delta_e", QObject::tr("CIEDE2000 per pixel"), QObject::tr("colour difference ΔE00 between input and edit"), 0.f, 20.f,
         &sequentialMap()},
        {"preserved_region", QObject::tr("Preserved region P"),
         QObject::tr("1 = in P (not the mask dilated by 2% of the diagonal), where the unintended-change checks run"), 0.f, 1.f,
         &sequentialMap()},
    };
    return s;
}

const EditMapStyle* editMapStyle(const std::string& key) {
    for (const auto& s : editMapStyles())
        if (s.key == key) return &s;
    return nullptr;
}

QImage mapImage(const FloatPlane& map, const EditMapStyle& style) {
    QImage img(map.width(), map.height(), QImage::Format_RGB32);
    const ColourTable& t = style.table ? *style.table : sequentialMap();
    const float span = style.hi - style.lo;
    for (int y = 0; y < map.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < map.width(); ++x) {
            const float v = map(x, y);
            line[x] = std::isfinite(v) ? t[std::size_t(tableIndex((v - style.lo) / span))] : qRgb(0, 0, 0);
        }
    }
    return img;
}

QImage displayImage(const Image& linear, const ColourConfig& colour) {
    const Image enc = edit::encodeSrgb(linear, colour);
    QImage img(enc.width(), enc.height(), QImage::Format_RGB32);
    auto code = [](float v) { return int(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    for (int y = 0; y < enc.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < enc.width(); ++x) line[x] = qRgb(code(enc.at(x, y, 0)), code(enc.at(x, y, 1)), code(enc.at(x, y, 2)));
    }
    return img;
}

QImage tintedImage(const QImage& base, const FloatPlane& region, QColor tint) {
    QImage img = base.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height() && y < region.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < img.width() && x < region.width(); ++x) {
            const QRgb p = line[x];
            if (region(x, y) > 0.5f)
                line[x] = qRgb((qRed(p) + 3 * tint.red()) / 4, (qGreen(p) + 3 * tint.green()) / 4, (qBlue(p) + 3 * tint.blue()) / 4);
            else
                line[x] = qRgb(qRed(p) / 2, qGreen(p) / 2, qBlue(p) / 2);
        }
    }
    return img;
}

} // namespace ll::ui
