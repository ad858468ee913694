#include "view/ColourMaps.h"

#include "colour/ColourMaps.h"

namespace ll::ui {
namespace {

ColourTable qtTable(ColourMapName name) {
    ColourTable t{};
    const ColourMapTable& c = colourMap(name);
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = qRgb(c[i][0], c[i][1], c[i][2]);
    return t;
}

} // namespace

const ColourTable& divergingMap() {
    static const ColourTable t = qtTable(ColourMapName::Diverging);
    return t;
}

const ColourTable& sequentialMap() {
    static const ColourTable t = qtTable(ColourMapName::Sequential);
    return t;
}

const ColourTable& turboMap() {
    static const ColourTable t = qtTable(ColourMapName::Turbo);
    return t;
}

} // namespace ll::ui
