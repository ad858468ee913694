#pragma once
// Helpers for the figure tests: rasterising a PDF with poppler's pdftoppm, looking for ink in a
// rectangle of an image, and in-memory benchmark rows with known values.
#include "bench/ScoreRow.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

namespace ll::test {

// Renders page 1 of `pdf` at `dpi` to a PNG with pdftoppm and loads it. Null image on failure.
inline QImage rasterisePdf(const QByteArray& pdf, int dpi) {
    QTemporaryDir dir;
    const QString in = dir.filePath(QStringLiteral("f.pdf"));
    QFile f(in);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(pdf);
    f.close();
    QProcess p;
    p.start(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"), QString::number(dpi),
                                         QStringLiteral("-singlefile"), in, dir.filePath(QStringLiteral("out"))});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) return {};
    return QImage(dir.filePath(QStringLiteral("out.png"))).convertToFormat(QImage::Format_RGB32);
}

// Fraction of pixels in `r` (image pixels) that differ from white by more than `tolerance` per channel.
inline double inkFraction(const QImage& img, const QRect& r, int tolerance = 24) {
    const QRect c = r.intersected(img.rect());
    if (c.isEmpty()) return 0.0;
    long long ink = 0;
    for (int y = c.top(); y <= c.bottom(); ++y)
        for (int x = c.left(); x <= c.right(); ++x) {
            const QRgb p = img.pixel(x, y);
            if (255 - qRed(p) > tolerance || 255 - qGreen(p) > tolerance || 255 - qBlue(p) > tolerance) ++ink;
        }
    return double(ink) / double(c.width() * c.height());
}

// A point rectangle of a figure mapped to the pixels of a render at `dpi`.
inline QRect toPixels(const QRectF& pt, double dpi) {
    const double s = dpi / 72.0;
    return QRect(int(std::ceil(pt.left() * s)), int(std::ceil(pt.top() * s)), int(std::floor(pt.width() * s)) - 1,
                 int(std::floor(pt.height() * s)) - 1);
}

// Rows of three models (a, b and the do-nothing baseline) on `scenes` scenes and both tasks, with
// SIE = base(model) + 0.1 * scene, LFE = SIE / 2, two bands and two classes with known values.
inline std::vector<bench::ScoreRow> knownRows(int scenes = 5) {
    std::vector<bench::ScoreRow> rows;
    const std::vector<std::pair<std::string, double>> models{{"alpha", 1.0}, {"beta", 2.0}, {bench::kDoNothingModel, 4.0}};
    for (int s = 0; s < scenes; ++s)
        for (const auto& [m, base] : models)
            for (Task t : {Task::On, Task::Off}) {
                bench::ScoreRow r;
                r.scene = "scene" + std::to_string(s);
                r.model = m;
                r.task = t;
                r.sie = base + 0.1 * s + (t == Task::Off ? 0.5 : 0.0);
                r.lfe = *r.sie / 2.0;
                r.sie1 = *r.sie * 1.5;
                r.psnr = 30.0 - *r.sie;
                r.ssim = 0.9 - 0.01 * *r.sie;
                r.validFraction = 0.8;
                r.validPixels = 1000;
                r.bands["16-100"] = {500, *r.sie * 0.5, *r.lfe * 0.8};
                r.bands["6-16"] = {400, *r.sie * 1.5, *r.lfe * 1.1};
                r.regions["metallic"] = {300, *r.sie * 2.0, *r.lfe};
                if (s % 2 == 0) r.regions["probe_shadow"] = {200, *r.sie * 3.0, *r.lfe * 2.0};
                rows.push_back(r);
            }
    return rows;
}

} // namespace ll::test
