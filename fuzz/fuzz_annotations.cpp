// libFuzzer target: arbitrary bytes through both annotation parsers, both writers and both
// rasterisers. Clean ll::Error exceptions are expected; anything else (crash, sanitizer report,
// other exception) is a finding.
#include "annotations/AnnotationIO.h"
#include "annotations/CocoFormat.h"
#include "annotations/LabelMeFormat.h"
#include "annotations/Rasterise.h"
#include "util/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

void exercise(const ll::SceneAnnotations& scene, std::size_t seed) {
    const int w = 1 + int(seed % 53), h = 1 + int((seed / 53) % 41);
    std::vector<std::string> messages;
    ll::RasterOptions options;
    options.warnings = &messages;
    options.includeBoxes = seed & 1;
    (void)ll::rasteriseByClass(scene, w, h, options);
    options.rule = ll::RasterRule::LabelMe;
    (void)ll::rasteriseByClass(scene, w, h, options);
    const std::string asLabelMe = ll::labelMeText(scene, &messages);
    const std::string asCoco = ll::cocoText(scene, nullptr, &messages);
    // What the writers produce must read back.
    (void)ll::parseLabelMeText(asLabelMe, "labelme", &messages);
    (void)ll::parseCocoText(asCoco, "coco", &messages);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> messages;
    try {
        const ll::SceneAnnotations scene = ll::parseAnnotations(text, "fuzz", "", &messages);
        exercise(scene, size);
    } catch (const ll::Error&) {
    }
    try {
        for (const auto& scene : ll::parseCocoText(text, "fuzz", &messages)) exercise(scene, size + 7);
    } catch (const ll::Error&) {
    }
    try {
        exercise(ll::parseLabelMeText(text, "fuzz", &messages), size + 13);
    } catch (const ll::Error&) {
    }
    return 0;
}
