#include "figure/ClassColour.h"

#include <QHash>

namespace ll::figure {

QColor annotationClassColour(const QString& c) {
    static const QHash<QString, QColor> known = {
        {"metallic", QColor(0xf2, 0xc1, 0x4e)},        {"mirror", QColor(0x7f, 0xd8, 0xf5)},
        {"transparent", QColor(0xa9, 0x8e, 0xf0)},     {"probe_shadow", QColor(0x4f, 0x7c, 0xff)},
        {"probe_highlight", QColor(0xff, 0x8a, 0x3d)}, {"ambient_shadow", QColor(0x3f, 0xc1, 0x9a)},
        {"ambient_highlight", QColor(0xff, 0x5e, 0xa8)}, {"window", QColor(0xe0, 0xe0, 0xe0)},
    };
    if (auto it = known.find(c); it != known.end()) return *it;
    return QColor::fromHsv(int(qHash(c) % 360), 170, 235);
}

} // namespace ll::figure
