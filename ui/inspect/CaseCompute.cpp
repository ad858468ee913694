#include "inspect/CaseCompute.h"

#include "inspect/CaseSources.h"
#include "util/Error.h"

namespace ll::ui {
namespace {

CaseOptions optionsFor(const CaseRequest& r) {
    CaseOptions o;
    o.k = r.k;
    o.size = r.evalSize;
    if (!o.size) { // the benchmark's rule: the scene's smallest edit, never larger than the pair
        const SceneEvaluationSize s = evaluationSizeOf(r.sceneEdits, r.pairFile);
        if (s.width > 0 && s.height > 0) o.size = std::make_pair(s.width, s.height);
    }
    o.clipLevel = r.clipLevel;
    o.ignoreUnreadableLabels = true; // a broken labels file costs the region scores, not the case
    return o;
}

LoadedCase load(const CaseRequest& r, const std::filesystem::path& edit, bool withLabels) {
    CaseFiles files{r.on, r.off, edit, withLabels ? r.labels : std::nullopt};
    return loadCase(files, optionsFor(r), ColourConfig::builtin());
}

} // namespace

CasePtr computeCase(const CaseRequest& r, const CancelToken& token) {
    auto c = std::make_shared<CaseData>();
    c->id = r.id;
    c->hasEdit = r.edit.has_value();
    c->editProblem = r.editProblem;
    // Without an edit, the input PNG stands in so the real images still show at the evaluation size.
    c->loaded = load(r, c->hasEdit ? *r.edit : r.input, true);
    c->size = QSize(c->loaded.width, c->loaded.height);
    for (const auto& w : c->loaded.warnings) c->warnings << QString::fromStdString(w);
    throwIfCancelled(token);
    if (c->hasEdit) c->result = evaluate(c->loaded.inputs(r.id.task), r.params, true);
    throwIfCancelled(token);
    buildCaseSources(*c, r.labels, token);
    return c;
}

EvalScores scoreCase(const CaseRequest& r, const CancelToken& token) {
    if (!r.edit) throw Error(r.id.label().toStdString(), r.editProblem.toStdString());
    const LoadedCase loaded = load(r, *r.edit, true);
    throwIfCancelled(token);
    return evaluate(loaded.inputs(r.id.task), r.params, false).scores;
}

BaselineScores computeBaseline(const CaseRequest& r, const CancelToken& token) {
    BaselineScores b;
    const bool model = r.doNothingEdit.has_value();
    b.source = model ? QStringLiteral("do_nothing model") : QStringLiteral("input PNG through the 8-bit path");
    const LoadedCase loaded = load(r, model ? *r.doNothingEdit : r.input, true);
    throwIfCancelled(token);
    b.scores = evaluate(loaded.inputs(r.id.task), r.params, false).scores;
    return b;
}

} // namespace ll::ui
