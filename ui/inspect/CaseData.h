#pragma once
// CaseData: everything the inspector shows for one case, computed on a worker thread and then
// shared read-only (shared_ptr<const>) by the panes, the pixel inspector and the score panel:
// the loaded images at the evaluation size, the evaluation with its maps, the display sources of
// every pane content, and the overlays.
#include "inspect/CaseId.h"
#include "metrics/Evaluate.h"
#include "metrics/LoadCase.h"
#include "view/CaseOverlays.h"
#include "view/ImageSource.h"
#include "view/PaneContent.h"

#include <QSize>
#include <QStringList>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace ll::ui {

using RegionMasks = std::map<std::string, Mask>;

// A case arrives in two steps: first its images (`evaluating` set, no result, no map sources), as soon
// as they are decoded, then the complete case with the evaluation and every map. Both share the
// loaded images (shared_ptr), so the second step copies no pixels.
struct CaseData {
    CaseId id;
    QSize size;
    // On, off and the edit (the input when the model has no edit) at the evaluation size. Its
    // `regions` are empty: they live in `regions` below, which a relabelling replaces.
    std::shared_ptr<const LoadedCase> loadedCase;
    std::shared_ptr<const RegionMasks> regions; // annotation class -> mask at the evaluation size
    bool hasEdit = false;   // false: the model has no usable edit; `loaded().edit` is then the input
    QString editProblem;    // why there is no edit
    bool evaluating = false; // only the images so far: the evaluation and its maps are on their way
    std::shared_ptr<const EvalResult> result; // with maps, when hasEdit and the evaluation is done
    std::array<SourcePtr, kPaneContentCount> sources{};
    OverlaysPtr overlays;
    QStringList warnings;

    const LoadedCase& loaded() const { return *loadedCase; }
    const Image& input() const { return id.task == Task::On ? loaded().off : loaded().on; }
    const Image& target() const { return id.task == Task::On ? loaded().on : loaded().off; }
    // Inputs of evaluate() for this case (pointing into the loaded images, which must outlive them).
    EvalInputs inputs() const;
    SourcePtr source(PaneContent c) const { return sources[std::size_t(c)]; }
    const EvalMaps* maps() const { return result && result->maps ? &*result->maps : nullptr; }
    // Approximate memory held (for the LRU cache budget).
    std::size_t bytes() const;
};

using CasePtr = std::shared_ptr<const CaseData>;

} // namespace ll::ui
