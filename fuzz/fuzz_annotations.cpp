// libFuzzer target: arbitrary bytes through both annotation parsers, both writers and both
// rasterisers. Clean ll::Error exceptions are expected; anything else (crash, sanitizer report,
// other exception) is a finding. Property: every scene that parses must round-trip through both
// writers (AnnotationRoundTrip.h: write, read back, write again gives the same text); a scene that
// does not aborts with the first difference.
#include "AnnotationRoundTrip.h"
#include "annotations/AnnotationIO.h"
#include "annotations/CocoFormat.h"
#include "annotations/LabelMeFormat.h"
#include "annotations/Rasterise.h"
#include "util/Error.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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
    // What the writers produce must read back and be written again unchanged.
    if (const std::string failure = ll::fuzz::annotationRoundTripFailure(scene); !failure.empty()) {
        std::fprintf(stderr, "fuzz_annotations: round-trip property violated: %s\n", failure.c_str());
        std::abort();
    }
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
