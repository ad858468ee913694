#pragma once
// Extension point for learned scorers (LPIPS, a depth network, SigLIP2, DINOv2, a fine-tuned VLM
// judge). LightLens ships none of their weights: the registry it builds for the papers' models holds
// entries that say so (available() == false), and every report lists them as unavailable. A caller
// that has a model implements LearnedScorer and adds it to the registry it passes in; there is no
// global registry.
#include "edit/EditInputs.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ll::edit {

class LearnedScorer {
public:
    virtual ~LearnedScorer() = default;
    virtual std::string name() const = 0;        // e.g. "lpips"
    virtual std::string replaces() const = 0;    // the LightLens score it would stand beside, e.g. "preservation"
    virtual std::string description() const = 0; // the model and what it computes
    virtual bool available() const = 0;
    // The learned score of an edit; only called when available().
    virtual std::optional<double> score(const EditCase& edit) const = 0;
};

// A model named by a paper but not present in this build.
class UnavailableLearnedScorer final : public LearnedScorer {
public:
    UnavailableLearnedScorer(std::string name, std::string replaces, std::string description)
        : name_(std::move(name)), replaces_(std::move(replaces)), description_(std::move(description)) {}
    std::string name() const override { return name_; }
    std::string replaces() const override { return replaces_; }
    std::string description() const override { return description_; }
    bool available() const override { return false; }
    std::optional<double> score(const EditCase&) const override { return std::nullopt; }

private:
    std::string name_, replaces_, description_;
};

class LearnedScorerRegistry {
public:
    // A scorer with the same name replaces the earlier one.
    void add(std::shared_ptr<const LearnedScorer> scorer);
    const std::vector<std::shared_ptr<const LearnedScorer>>& scorers() const { return scorers_; }

private:
    std::vector<std::shared_ptr<const LearnedScorer>> scorers_;
};

// The learned models of MatReplace and StableI2I, all unavailable in this build.
LearnedScorerRegistry paperLearnedScorers();

struct LearnedScoreOutcome {
    std::string name, replaces, description;
    bool available = false;
    std::optional<double> value;
    std::string note;
};

std::vector<LearnedScoreOutcome> runLearnedScorers(const LearnedScorerRegistry& registry, const EditCase& edit);

} // namespace ll::edit
