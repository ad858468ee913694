#pragma once
// Builds the display sources of every pane content and the overlays of a case (worker thread).
#include "annotations/SceneAnnotations.h"
#include "inspect/CaseData.h"
#include "jobs/CancelToken.h"

#include <QColor>

#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

namespace ll::ui {

// The overlay polygons of `labels`, scaled to an image of `size` (as the inspector draws them).
std::vector<AnnotationShape> overlayShapes(const SceneAnnotations& labels, QSize size);

// The sources of the loaded images (input, target and, when there is one, the edit; sharing the
// case's pixels) and the annotation overlays of `labels`.
void buildImageSources(CaseData& c, const std::optional<std::filesystem::path>& labels, const CancelToken& token);

// The map views of an evaluated case (ratios, standardised ratios, SIE, LFE, validity, bands) and the
// map overlays (outside Omega, band contours), built in parallel. `progress(done, total, content)` is
// called on a worker thread as each is finished (the overlays count as one, reported as Bands).
inline constexpr int kMapSourceCount = 9;
using MapSourceProgress = std::function<void(int done, int total, PaneContent finished)>;
void buildMapSources(CaseData& c, const CancelToken& token, const MapSourceProgress& progress = {});

// Both of the above.
void buildCaseSources(CaseData& c, const std::optional<std::filesystem::path>& labels, const CancelToken& token);

// Colours of the exclusion reasons (index = ExclusionReason) and of the intensity bands.
const std::vector<QColor>& exclusionReasonColours();
std::vector<QColor> bandColours(std::size_t count);

} // namespace ll::ui
