#pragma once
// The five map views that follow pixel by pixel from the images (E_R, E_G, S(E_R), S(E_G) and the SIE
// map; metrics/EvalDerivedMaps.h), built together: their automatic ranges and their stored pyramid
// level come from passes over rows computed once for all five (one ratio row and one standardisation
// per row), instead of five times each. The sources equal ImageSource::ratio() / signedMap() of each
// map's rows alone (ui.test_derived_views). Level 0 and level 1 are computed when drawn.
#include "metrics/EvalDerivedMaps.h"
#include "view/ImageSource.h"

#include <array>
#include <memory>

namespace ll::ui {

// Row function of one derived map for drawing: `derived`'s rows, NaN outside `omega`; it keeps
// `keepAlive` (what `derived` and `omega` point into) alive.
RowFunction derivedMapRows(std::shared_ptr<const EvalDerivedMaps> derived, std::shared_ptr<const Mask> omega,
                           DerivedMap map, std::shared_ptr<const void> keepAlive);

// The five views in DerivedMap order, named `names`.
std::array<SourcePtr, 5> buildDerivedViews(std::shared_ptr<const EvalDerivedMaps> derived,
                                           std::shared_ptr<const Mask> omega, std::shared_ptr<const void> keepAlive,
                                           const std::array<QString, 5>& names);

} // namespace ll::ui
