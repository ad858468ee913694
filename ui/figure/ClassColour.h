#pragma once
// The colour of each annotation class, shared by the GUI's overlays (annotation polygons, the class
// palette, the area table) and the figures' "annotations" column and its key, so a class looks the
// same on screen and on paper. Known classes have fixed colours; any other name gets a stable hue
// from a hash of the name.
#include <QColor>
#include <QString>

namespace ll::figure {

QColor annotationClassColour(const QString& className);

} // namespace ll::figure
