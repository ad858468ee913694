#pragma once
// An A/B study: pairs of edits of the same scene and task to be judged side by side, plus
// attention-check pairs with a known answer. Read from JSON or CSV; relative image paths are
// resolved against the study file's folder.
//
// JSON: {"name": "...", "seed": 1, "pairs": [{"id": "p1", "scene": "s", "task": "on",
//        "input": "in.png", "a": {"model": "m1", "path": "a.png"}, "b": {"model": "m2", "path": "b.png"},
//        "expected": "A"   (optional: marks an attention check)}]}
// CSV:  id,scene,task,input,model_a,edit_a,model_b,edit_b[,expected]
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace ll::ui {

struct StudyPair {
    QString id, scene, task, input;
    QString modelA, editA, modelB, editB;
    QString expected; // "" for a scored pair; "A", "B" or "tie" for an attention check
};

struct StudyPlan {
    QString name;
    std::uint64_t seed = 1;
    std::vector<StudyPair> pairs;
};

// Throws ll::Error naming the file for a missing file, bad JSON/CSV, a missing field, or duplicate ids.
StudyPlan loadStudyPlan(const QString& path);

// What one rater sees: the order of the pairs and, per pair, whether A is shown on the right.
// Both are fixed by (plan seed, rater), so a rater who comes back sees the same sequence.
struct PresentedPair {
    std::size_t pair = 0;   // index into StudyPlan::pairs
    bool swapped = false;   // true: the study's edit B is shown on the left
};
std::vector<PresentedPair> presentationOrder(const StudyPlan& plan, const QString& rater);

} // namespace ll::ui
