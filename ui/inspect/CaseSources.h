#pragma once
// Builds the display sources of every pane content and the overlays of a case (worker thread).
#include "annotations/SceneAnnotations.h"
#include "inspect/CaseData.h"
#include "jobs/CancelToken.h"

#include <QColor>

#include <filesystem>
#include <optional>
#include <vector>

namespace ll::ui {

// The overlay polygons of `labels`, scaled to an image of `size` (as the inspector draws them).
std::vector<AnnotationShape> overlayShapes(const SceneAnnotations& labels, QSize size);

void buildCaseSources(CaseData& c, const std::optional<std::filesystem::path>& labels, const CancelToken& token);

// Colours of the exclusion reasons (index = ExclusionReason) and of the intensity bands.
const std::vector<QColor>& exclusionReasonColours();
std::vector<QColor> bandColours(std::size_t count);

// Mean over the three channels of an RGB image (NaN where `valid` is 0).
FloatPlane channelMean(const Image& image, const Mask* valid);

} // namespace ll::ui
