#pragma once
// The round-trip property of the annotation writers: what a writer produces, read back and written
// again, is the same text, for LabelMe (labelMeText(parse(labelMeText(s))) == labelMeText(s)) and for
// COCO (cocoText of the one scene parsed from cocoText(s) == cocoText(s)). Used by the fuzz target
// (fuzz_annotations) and by the annotation tests on the kept corpus.
#include "annotations/CocoFormat.h"
#include "annotations/LabelMeFormat.h"
#include "annotations/SceneAnnotations.h"
#include "util/Error.h"

#include <algorithm>
#include <string>
#include <vector>

namespace ll::fuzz {

// Where two texts first differ, with a little context ("" when equal).
inline std::string firstDifference(const std::string& a, const std::string& b) {
    if (a == b) return {};
    const auto m = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    const std::size_t at = std::size_t(m.first - a.begin());
    const std::size_t from = at > 40 ? at - 40 : 0;
    return "at byte " + std::to_string(at) + ": first write '" + a.substr(from, 80) + "', second write '" +
           b.substr(from, 80) + "'";
}

// Empty when both writers round-trip `scene`; otherwise what went wrong. A writer may refuse a scene
// with a clean ll::Error; once it has written, its output must read back and write again unchanged.
inline std::string annotationRoundTripFailure(const SceneAnnotations& scene) {
    std::vector<std::string> messages;
    std::string labelMe, coco;
    try {
        labelMe = labelMeText(scene, &messages);
    } catch (const Error&) {
        labelMe.clear();
    }
    if (!labelMe.empty()) {
        try {
            const std::string again = labelMeText(parseLabelMeText(labelMe, "labelme round trip", &messages), &messages);
            if (std::string d = firstDifference(labelMe, again); !d.empty()) return "LabelMe round trip differs " + d;
        } catch (const std::exception& e) {
            return std::string("LabelMe writer output does not read back: ") + e.what();
        }
    }
    try {
        coco = cocoText(scene, nullptr, &messages);
    } catch (const Error&) {
        coco.clear();
    }
    if (!coco.empty()) {
        try {
            const std::vector<SceneAnnotations> back = parseCocoText(coco, "coco round trip", &messages);
            if (back.size() != 1) return "COCO writer output reads back as " + std::to_string(back.size()) + " scenes";
            const std::string again = cocoText(back[0], nullptr, &messages);
            if (std::string d = firstDifference(coco, again); !d.empty()) return "COCO round trip differs " + d;
        } catch (const std::exception& e) {
            return std::string("COCO writer output does not read back: ") + e.what();
        }
    }
    return {};
}

} // namespace ll::fuzz
