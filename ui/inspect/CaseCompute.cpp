#include "inspect/CaseCompute.h"

#include "inspect/CaseSources.h"
#include "annotations/SceneRegions.h"
#include "metrics/EvalStages.h"
#include "metrics/LoadEdit.h"
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
    // An 8-bit edit is held as its codes (3 bytes per pixel instead of 12): the app keeps the case's
    // images beside the evaluations of its background jobs.
    o.editCodesOnly = true;
    return o;
}

LoadedCase load(const CaseRequest& r, const std::filesystem::path& edit, bool withLabels) {
    CaseFiles files{r.on, r.off, edit, withLabels ? r.labels : std::nullopt};
    return loadCase(files, optionsFor(r), ColourConfig::builtin());
}

// Scores of `edit` against `pair` (the scene's real pair, already loaded at its evaluation size), read
// as loadCase reads it: the edit with the case's sizing and the regions from the labels. Null when the
// pair cannot stand in: the evaluation size is not fixed in advance, or differs.
std::optional<EvalScores> scoreOnPair(const CaseRequest& r, const std::filesystem::path& edit, const SharedPair& shared,
                                      const CancelToken& token) {
    const CaseOptions o = optionsFor(r);
    const LoadedCase* pair = shared.images.get();
    if (!pair || !o.size || o.size->first != pair->width || o.size->second != pair->height || !(o.k == pair->k))
        return std::nullopt;
    const ModelImagePath path(ColourConfig::builtin(), o.editColourSpace);
    // o.size is set, so the pair's size at its own resolution (unknown here) is not read.
    const LoadedEdit e = loadEdit(edit, path, o.k, editSizingFor(o, pair->width, pair->height));
    if (e.width() != pair->width || e.height() != pair->height) return std::nullopt;
    throwIfCancelled(token);
    EvalInputs in = pair->inputs(r.id.task);
    e.into(in); // an 8-bit edit: its codes alone (CaseOptions::editCodesOnly)
    in.regions.clear();
    RegionMasks read;
    if (shared.regions) {
        in.sharedRegions = shared.regions.get(); // the scene's masks, as the case on screen holds them
    } else if (r.labels) {
        std::vector<std::string> warnings; // a scoring job reports no warnings (the case on screen does)
        read = loadSceneRegions(*r.labels, pair->width, pair->height, &warnings).regions;
        in.sharedRegions = &read;
    }
    throwIfCancelled(token);
    return evaluate(desktopInputs(cancellable(in, token)), r.params, false).scores;
}

} // namespace

EvalInputs cancellable(EvalInputs in, const CancelToken& token) {
    in.onStage = [&token](int, int, const char*) { throwIfCancelled(token); };
    return in;
}

EvalInputs desktopInputs(EvalInputs in) {
    in.lowMemory = true;
    return in;
}

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
    // Steps: the evaluation's stages (cancellable between them), then each map view.
    const int evalSteps = int(evalStages(params).size()); // as evaluate() counts them
    auto views = [](int done) {
        return QStringLiteral("building the map views (%1 of %2 done)").arg(done).arg(kMapSourceCount);
    };
    EvalInputs in = desktopInputs(c->inputs());
    in.onStage = [&](int stage, int stages, const char* name) {
        throwIfCancelled(token);
        if (progress)
            progress(stage, stages + kMapSourceCount,
                     QStringLiteral("evaluating: %1 (step %2 of %3)").arg(QString::fromUtf8(name)).arg(stage + 1).arg(stages));
    };
    c->result = std::make_shared<const EvalResult>(evaluate(in, params, KeptMaps::Compact));
    throwIfCancelled(token);
    const int steps = evalSteps + kMapSourceCount;
    if (progress) progress(evalSteps, steps, views(0));
    buildMapSources(*c, token, [&](int done, int, PaneContent) {
        if (progress) progress(evalSteps + done, steps, views(done));
    });
    return c;
}

CasePtr computeCase(const CaseRequest& r, const CancelToken& token) {
    const CasePtr images = loadCaseImages(r, token);
    return evaluateCaseImages(*images, r.params, token);
}

EvalScores scoreCase(const CaseRequest& r, const CancelToken& token, const SharedPair& pair) {
    if (!r.edit) throw Error(r.id.label().toStdString(), r.editProblem.toStdString());
    if (auto s = scoreOnPair(r, *r.edit, pair, token)) return *s;
    const LoadedCase loaded = load(r, *r.edit, true);
    throwIfCancelled(token);
    return evaluate(desktopInputs(cancellable(loaded.inputs(r.id.task), token)), r.params, false).scores;
}

BaselineScores computeBaseline(const CaseRequest& r, const CancelToken& token, const SharedPair& pair) {
    BaselineScores b;
    const bool model = r.doNothingEdit.has_value();
    b.source = model ? QStringLiteral("do_nothing model") : QStringLiteral("input PNG through the 8-bit path");
    if (auto s = scoreOnPair(r, model ? *r.doNothingEdit : r.input, pair, token)) {
        b.scores = *s;
        return b;
    }
    const LoadedCase loaded = load(r, model ? *r.doNothingEdit : r.input, true);
    throwIfCancelled(token);
    b.scores = evaluate(desktopInputs(cancellable(loaded.inputs(r.id.task), token)), r.params, false).scores;
    return b;
}

} // namespace ll::ui
