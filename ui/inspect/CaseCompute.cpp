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

CasePtr loadCaseImages(const CaseRequest& r, const CancelToken& token) {
    auto c = std::make_shared<CaseData>();
    c->id = r.id;
    c->hasEdit = r.edit.has_value();
    c->editProblem = r.editProblem;
    // Without an edit, the input PNG stands in so the real images still show at the evaluation size.
    LoadedCase loaded = load(r, c->hasEdit ? *r.edit : r.input, true);
    c->regions = std::make_shared<const RegionMasks>(std::move(loaded.regions));
    loaded.regions.clear();
    c->size = QSize(loaded.width, loaded.height);
    for (const auto& w : loaded.warnings) c->warnings << QString::fromStdString(w);
    c->loadedCase = std::make_shared<const LoadedCase>(std::move(loaded));
    c->evaluating = c->hasEdit;
    throwIfCancelled(token);
    buildImageSources(*c, r.labels, token);
    return c;
}

CasePtr evaluateCaseImages(const CaseData& images, const MetricParams& params, const CancelToken& token,
                           const CaseProgress& progress) {
    auto c = std::make_shared<CaseData>(images); // shares the images and their sources
    c->evaluating = false;
    if (!c->hasEdit) return c;
    // Steps: the evaluation, then each map view.
    const int steps = 1 + kMapSourceCount;
    auto views = [](int done) {
        return QStringLiteral("building the map views (%1 of %2 done)").arg(done).arg(kMapSourceCount);
    };
    if (progress) progress(0, steps, QStringLiteral("evaluating SIE and LFE"));
    c->result = std::make_shared<const EvalResult>(evaluate(c->inputs(), params, KeptMaps::Compact));
    throwIfCancelled(token);
    if (progress) progress(1, steps, views(0));
    buildMapSources(*c, token, [&](int done, int, PaneContent) {
        if (progress) progress(1 + done, steps, views(done));
    });
    return c;
}

CasePtr computeCase(const CaseRequest& r, const CancelToken& token) {
    const CasePtr images = loadCaseImages(r, token);
    return evaluateCaseImages(*images, r.params, token);
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
