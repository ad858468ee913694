#include "edit/EditBench.h"

#include "edit/Anchors.h"
#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <algorithm>

namespace ll::edit {

namespace fs = std::filesystem;

const std::vector<std::string>& benchScoreKeys() {
    static const std::vector<std::string> k = {"material", "preservation", "structure", "harmony", "overall", "gate"};
    return k;
}
const std::vector<std::string>& benchCheckKeys() {
    static const std::vector<std::string> k = {"misalignment", "repainting", "blur", "noise", "color cast",
                                               "exposure degradation", "artifact", "semantic"};
    return k;
}
const std::vector<std::string>& benchDimensionKeys() {
    static const std::vector<std::string> k = {"semantic", "structure", "low-level"};
    return k;
}

namespace {

EditBenchRow rowOf(const EditEvaluation& e) {
    EditBenchRow r;
    const MaterialScores& s = e.scores;
    r.values["material"] = s.material.value;
    r.values["preservation"] = s.preservation.value;
    r.values["structure"] = s.structure.value;
    r.values["harmony"] = s.harmony.value;
    r.values["overall"] = s.overall.value;
    r.values["gate"] = s.gate.value;
    r.values["psnr_outside"] = s.psnrOutside;
    r.values["delta_e_outside"] = s.deltaEOutside;
    r.values["harmony_ncc"] = s.harmonyNcc;
    r.values["harmony_seam"] = s.harmonySeam;
    r.values["material_colour"] = s.materialColour;
    r.values["material_texture"] = s.materialTexture;
    for (const auto& c : e.changes.checks) r.flags[c.name] = c.flagged;
    for (const auto& v : e.changes.verdicts) r.dimensionPass[v.dimension] = v.consistent;
    return r;
}

} // namespace

EditBenchResult runEditBench(const MaterialDataset& d, const ColourConfig& colour, const EditBenchOptions& o) {
    EditBenchResult res;
    res.dataset = d.name;
    res.draws = o.draws;
    res.seed = o.seed;
    std::vector<std::string> models = o.models.empty() ? d.models : o.models;
    for (const auto& m : models) {
        if (m == kIdentityAnchor || m == kPasteAnchor)
            throw Error((d.root / "edits" / m).string(), "this model name is reserved for the anchors");
        if (!o.models.empty() && std::find(d.models.begin(), d.models.end(), m) == d.models.end())
            throw Error((d.root / "edits" / m).string(), "no such model folder");
    }
    // Rows: per task, the anchors then the models (fixed order, filled in parallel).
    const std::size_t perTask = models.size() + 2;
    res.rows.resize(d.tasks.size() * perTask);
    const LearnedScorerRegistry learned; // no learned scorers in the batch tables
    tbb::parallel_for(std::size_t(0), d.tasks.size(), [&](std::size_t ti) {
        const MaterialTask& t = d.tasks[ti];
        auto place = [&](std::size_t slot, EditBenchRow row, const std::string& model, bool anchor) {
            row.model = model;
            row.task = t.name;
            row.scene = t.scene;
            row.material = t.material;
            row.anchor = anchor;
            res.rows[ti * perTask + slot] = std::move(row);
        };
        // A task whose input, mask or reference cannot be read fails as a whole (every row says why);
        // the other tasks are scored.
        EditCase base;
        try {
            base.input = loadLinearImage(t.input, colour);
            if (!t.mask.empty()) base.mask = loadMask(t.mask, base.input.width(), base.input.height(), t.maskClass);
            if (!t.reference.empty()) base.reference = loadLinearImage(t.reference, colour);
        } catch (const std::exception& e) {
            EditBenchRow failed;
            failed.error = e.what();
            place(0, failed, kIdentityAnchor, true);
            place(1, failed, kPasteAnchor, true);
            for (std::size_t mi = 0; mi < models.size(); ++mi) place(2 + mi, failed, models[mi], false);
            return;
        }
        // `load` gives the edit (nullopt: missing); a corrupt or unscoreable edit fails its own row only.
        auto score = [&](std::size_t slot, const std::string& model, bool anchor, auto&& load) {
            EditBenchRow row;
            try {
                std::optional<Image> edit = load();
                if (edit) {
                    EditCase c = base;
                    c.edit = std::move(*edit);
                    row = rowOf(evaluateEdit(c, colour, o.params, &learned));
                } else {
                    row.missing = true;
                }
            } catch (const std::exception& e) {
                row = EditBenchRow{};
                row.error = e.what();
            }
            place(slot, std::move(row), model, anchor);
        };
        score(0, kIdentityAnchor, true, [&] { return std::optional<Image>(identityEdit(base.input)); });
        score(1, kPasteAnchor, true, [&] {
            return (base.mask && base.reference) ? std::optional<Image>(pasteEdit(base.input, *base.mask, *base.reference))
                                                 : std::nullopt;
        });
        for (std::size_t mi = 0; mi < models.size(); ++mi) {
            score(2 + mi, models[mi], false, [&]() -> std::optional<Image> {
                const fs::path p = d.editPath(models[mi], t.name);
                if (p.empty()) return std::nullopt;
                return matchSize(loadLinearImage(p, colour), base.input.width(), base.input.height(), p.string(), nullptr);
            });
        }
    });

    // Gate anchors.
    auto meanMaterial = [&](const std::string& model) -> std::optional<double> {
        double s = 0;
        int n = 0;
        for (const auto& r : res.rows)
            if (r.model == model && r.scored() && r.values.at("material")) {
                s += *r.values.at("material");
                ++n;
            }
        return n ? std::optional<double>(s / n) : std::nullopt;
    };
    const auto ai = meanMaterial(kIdentityAnchor), ae = meanMaterial(o.exemplar);
    if (ai && ae && *ae > *ai) res.anchorGate = GateAnchors{*ai, *ae - *ai};
    if (o.gateFromAnchors) {
        if (!res.anchorGate)
            throw Error(d.root.string(), "cannot compute the gate anchors: needs tasks with a mask and a reference, and "
                                         "an exemplar ('" + o.exemplar + "') whose mean material exceeds the identity's");
        res.gate = *res.anchorGate;
        res.gateSource = "anchors (identity and " + o.exemplar + ")";
    } else if (o.gate) {
        res.gate = *o.gate;
        res.gateSource = "option";
    } else if (!o.paramsSource.empty()) {
        res.gate = o.params.material.gate;
        res.gateSource = "parameters file " + o.paramsSource;
    } else if (d.gate) {
        res.gate = *d.gate;
        res.gateSource = "dataset.json";
    } else {
        res.gate = o.params.material.gate;
        res.gateSource = "paper (MatReplace identity and exemplar means)";
    }
    for (auto& r : res.rows)
        if (r.scored())
            r.values["gate"] = gateScore(r.values["material"], r.values["preservation"], r.values["structure"],
                                         r.values["harmony"], res.gate);

    // Per-model summaries.
    std::vector<std::pair<std::string, bool>> order{{kIdentityAnchor, true}, {kPasteAnchor, true}};
    for (const auto& m : models) order.push_back({m, false});
    for (std::size_t mi = 0; mi < order.size(); ++mi) {
        ModelSummary s;
        s.model = order[mi].first;
        s.anchor = order[mi].second;
        std::vector<const EditBenchRow*> rows;
        for (const auto& r : res.rows)
            if (r.model == s.model) {
                if (r.missing) ++s.missing;
                else if (r.failed()) ++s.failed;
                else rows.push_back(&r);
            }
        s.scored = rows.size();
        for (std::size_t ki = 0; ki < benchScoreKeys().size(); ++ki) {
            const std::string& k = benchScoreKeys()[ki];
            std::vector<double> v;
            for (const auto* r : rows)
                if (const auto it = r->values.find(k); it != r->values.end() && it->second) v.push_back(*it->second);
            const std::uint64_t streamSeed = o.seed * 0x100000001B3ull + mi * 131 + ki;
            s.means[k] = bootstrapMean(v, o.draws, streamSeed);
        }
        auto rate = [&](auto&& passed) -> std::optional<double> {
            if (rows.empty()) return std::nullopt;
            std::size_t n = 0;
            for (const auto* r : rows) n += passed(*r);
            return double(n) / double(rows.size());
        };
        for (const auto& c : benchCheckKeys())
            s.passRates[c] = rate([&](const EditBenchRow& r) { return !r.flags.count(c) || !r.flags.at(c); });
        for (const auto& dkey : benchDimensionKeys())
            s.passRates[dkey] = rate([&](const EditBenchRow& r) { return r.dimensionPass.count(dkey) && r.dimensionPass.at(dkey); });
        res.models.push_back(std::move(s));
    }
    return res;
}

} // namespace ll::edit
