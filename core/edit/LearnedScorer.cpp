#include "edit/LearnedScorer.h"

#include <exception>

namespace ll::edit {

void LearnedScorerRegistry::add(std::shared_ptr<const LearnedScorer> scorer) {
    if (!scorer) return;
    for (auto& s : scorers_)
        if (s->name() == scorer->name()) {
            s = std::move(scorer);
            return;
        }
    scorers_.push_back(std::move(scorer));
}

LearnedScorerRegistry paperLearnedScorers() {
    LearnedScorerRegistry r;
    auto add = [&](const char* n, const char* rep, const char* d) {
        r.add(std::make_shared<UnavailableLearnedScorer>(n, rep, d));
    };
    add("lpips", "preservation", "LPIPS (Zhang et al. 2018) between x and y outside the mask (MatReplace Eq. 2)");
    add("depth_absrel", "structure",
        "Depth Anything V2 depth of x and y, scale-and-shift aligned outside, exp(-AbsRel/tau) inside (MatReplace Eq. 3)");
    add("siglip2_family", "material", "SigLIP2 zero-shot material-family classification of the masked crop (MatReplace Eq. 1)");
    add("dinov2_cosine", "material", "DINOv2 cosine similarity between the masked crop and the reference (MatReplace Eq. 1)");
    add("stablei2i_judge", "unintended_changes",
        "StableI2I fine-tuned vision-language judge of semantic, structure and low-level consistency");
    return r;
}

std::vector<LearnedScoreOutcome> runLearnedScorers(const LearnedScorerRegistry& registry, const EditCase& edit) {
    std::vector<LearnedScoreOutcome> out;
    for (const auto& s : registry.scorers()) {
        LearnedScoreOutcome o{s->name(), s->replaces(), s->description(), s->available(), std::nullopt, ""};
        if (!o.available) {
            o.note = "unavailable: no model weights in this build; the classical score stands in";
        } else {
            try {
                o.value = s->score(edit);
                if (!o.value) o.note = "the scorer returned no value";
            } catch (const std::exception& e) {
                o.note = std::string("the scorer failed: ") + e.what();
            }
        }
        out.push_back(std::move(o));
    }
    return out;
}

} // namespace ll::edit
