#include "edit/EditScoreJob.h"

#include "edit/Anchors.h"
#include "util/Error.h"

#include <algorithm>

namespace ll::ui {

edit::EditEvalParams editParamsFor(const edit::MaterialDataset& dataset, std::string* source) {
    // The dataset's edit-params.json (e.g. from edit-calibrate) sets every parameter and the gate.
    if (dataset.params) {
        if (source) *source = "parameters file " + dataset.paramsFile.string();
        return *dataset.params;
    }
    edit::EditEvalParams p;
    if (dataset.gate) p.material.gate = *dataset.gate;
    if (source) *source = dataset.gate ? "dataset.json" : "paper (MatReplace identity and exemplar means)";
    return p;
}

EditScorePtr scoreMaterialTask(const edit::MaterialDataset& d, const std::string& taskName, const std::string& model,
                               const ColourConfig& colour, const CancelToken& token,
                               const edit::LearnedScorerRegistry* learned, const EditScoreProgress& progress) {
    auto stage = [&](int i, const char* what) {
        if (progress) progress(i, what);
    };
    const auto it = std::find_if(d.tasks.begin(), d.tasks.end(), [&](const edit::MaterialTask& t) { return t.name == taskName; });
    if (it == d.tasks.end()) throw Error((d.root / "tasks" / taskName).string(), "no such task");
    const edit::MaterialTask& t = *it;
    const std::filesystem::path editPath = d.editPath(model, t.name);
    if (editPath.empty()) throw Error((d.root / "edits" / model / t.name).string(), "missing edit (no file for this task)");

    auto r = std::make_shared<EditScoreResult>();
    r->task = t.name;
    r->model = model;
    r->editPath = editPath;
    const edit::EditEvalParams params = editParamsFor(d, &r->gateSource);
    r->gate = params.material.gate;

    stage(0, "reading the images");
    const edit::EditCase c = edit::loadEditCase(t.input, editPath, t.mask, t.reference, colour, t.maskClass);
    throwIfCancelled(token);
    r->input = c.input;
    r->edit = c.edit;
    r->mask = c.mask;
    r->hasReference = c.reference.has_value();
    stage(1, "scoring the edit");
    r->evaluation = edit::evaluateEdit(c, colour, params, learned);
    throwIfCancelled(token);

    edit::EditCase anchor = c;
    anchor.notes.clear();
    anchor.edit = edit::identityEdit(c.input);
    stage(2, "identity anchor");
    r->identity = edit::evaluateEdit(anchor, colour, params, learned);
    throwIfCancelled(token);
    if (c.mask && c.reference) {
        stage(3, "paste anchor");
        anchor.edit = edit::pasteEdit(c.input, *c.mask, *c.reference);
        r->paste = edit::evaluateEdit(anchor, colour, params, learned);
    }
    stage(kEditScoreStages, "done");
    return r;
}

} // namespace ll::ui
