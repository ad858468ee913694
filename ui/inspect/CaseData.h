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
#include <memory>
#include <optional>

namespace ll::ui {

struct CaseData {
    CaseId id;
    QSize size;
    LoadedCase loaded;      // on, off and (when the model has an edit) the edit, at the evaluation size
    bool hasEdit = false;   // false: the model has no usable edit; `loaded.edit` is then the input
    QString editProblem;    // why there is no edit
    std::optional<EvalResult> result; // with maps, when hasEdit
    std::array<SourcePtr, kPaneContentCount> sources{};
    OverlaysPtr overlays;
    QStringList warnings;

    const Image& input() const { return id.task == Task::On ? loaded.off : loaded.on; }
    const Image& target() const { return id.task == Task::On ? loaded.on : loaded.off; }
    SourcePtr source(PaneContent c) const { return sources[std::size_t(c)]; }
    const EvalMaps* maps() const { return result && result->maps ? &*result->maps : nullptr; }
    // Approximate memory held (for the LRU cache budget).
    std::size_t bytes() const;
};

using CasePtr = std::shared_ptr<const CaseData>;

} // namespace ll::ui
