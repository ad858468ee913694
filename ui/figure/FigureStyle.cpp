#include "figure/FigureStyle.h"

#include "util/Error.h"

#include <QFile>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QImage>
#include <QStringList>

#include <cmath>
#include <mutex>

namespace ll::figure {

namespace {

const char* const kFontFiles[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
};

QString loadFamily() {
    if (!QGuiApplication::instance())
        throw ll::Error("figure", "fonts need a QGuiApplication (create one before drawing figures)");
    QString family;
    for (const char* file : kFontFiles) {
        if (!QFile::exists(QString::fromUtf8(file))) continue;
        const int id = QFontDatabase::addApplicationFont(QString::fromUtf8(file));
        if (id >= 0 && family.isEmpty()) family = QFontDatabase::applicationFontFamilies(id).value(0);
    }
    if (family.isEmpty() && QFontDatabase::families().contains(QStringLiteral("DejaVu Sans")))
        family = QStringLiteral("DejaVu Sans");
    if (family.isEmpty())
        throw ll::Error("figure", "font DejaVu Sans not found (install the Debian package fonts-dejavu-core)");
    return family;
}

} // namespace

QString figureFontFamily() {
    static std::once_flag once;
    static QString family;
    std::call_once(once, [] { family = loadFamily(); });
    return family;
}

QFont figureFont(double points, bool bold, const QPaintDevice* device) {
    QFont f(figureFontFamily());
    const double dpi = device ? double(device->logicalDpiY()) : 72.0;
    f.setPointSizeF(points * 72.0 / dpi);
    f.setBold(bold);
    f.setKerning(true);
    f.setHintingPreference(QFont::PreferNoHinting);
    f.setStyleStrategy(QFont::StyleStrategy(QFont::PreferOutline | QFont::NoFontMerging));
    return f;
}

const QPaintDevice* pointDevice() {
    static const QImage device = [] {
        QImage img(1, 1, QImage::Format_RGB32);
        const int dpm = int(std::lround(72.0 / 0.0254));
        img.setDotsPerMeterX(dpm);
        img.setDotsPerMeterY(dpm);
        return img;
    }();
    return &device;
}

const std::vector<QColor>& okabeIto() {
    static const std::vector<QColor> colours = {
        QColor(0xE6, 0x9F, 0x00), // orange
        QColor(0x56, 0xB4, 0xE9), // sky blue
        QColor(0x00, 0x9E, 0x73), // bluish green
        QColor(0xD5, 0x5E, 0x00), // vermillion
        QColor(0x00, 0x72, 0xB2), // blue
        QColor(0xCC, 0x79, 0xA7), // reddish purple
        QColor(0xF0, 0xE4, 0x42), // yellow
        QColor(0x99, 0x99, 0x99), // grey
    };
    return colours;
}

QColor seriesColour(int index) {
    const auto& c = okabeIto();
    const int n = int(c.size());
    return c[std::size_t(((index % n) + n) % n)];
}

} // namespace ll::figure
