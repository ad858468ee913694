// libFuzzer target: arbitrary bytes written to a file, read by the core image loader (header, then
// pixels through OpenImageIO into ll::Image), brought to scene-linear, and scored by the 3DLP
// metric against a fixed 8x8 on/off pair, once as the edit and once as the real "on" image.
// Clean ll::Error exceptions are expected; anything else (crash, sanitizer report, other exception,
// a header that disagrees with the pixels) is a finding.
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "colour/SceneLinear.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "metrics/Evaluate.h"
#include "util/Error.h"

#include <OpenImageIO/imageio.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

constexpr int kSize = 8;

// The fixed real pair: a lamp-lit gradient (on) and a dimmer one (off).
ll::Image fixedImage(float lamp) {
    ll::Image img(kSize, kSize);
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            const float base = 0.05f + 0.01f * float(x + y);
            const float light = lamp / float(1 + (x - 2) * (x - 2) + (y - 3) * (y - 3));
            img.at(x, y, 0) = base + light;
            img.at(x, y, 1) = base * 0.9f + 0.8f * light;
            img.at(x, y, 2) = base * 0.7f + 0.6f * light;
        }
    return img;
}

struct Fixture {
    std::filesystem::path file;
    ll::ColourConfig colour = ll::ColourConfig::builtin();
    ll::ModelImagePath modelPath{colour};
    ll::Image on = fixedImage(2.0f), off = fixedImage(0.0f);
};

Fixture& fixture() {
    static Fixture f = [] {
        Fixture x;
        // No extension: OpenImageIO picks the reader from the file's content, as for a misnamed file.
        x.file = std::filesystem::temp_directory_path() / ("lightlens-fuzz-image-" + std::to_string(::getpid()));
        return x;
    }();
    return f;
}

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_image: %s\n", what);
        std::abort();
    }
}

void score(const Fixture& f, const ll::Image& loaded) {
    // The evaluation size is fixed: area-average whatever was loaded to it (no aspect rule here).
    ll::Image small = ll::resampleLinear(loaded, kSize, kSize);
    check(small.width() == kSize && small.height() == kSize, "resize gave the wrong size");
    const bool eightBit = !loaded.info.isFloat && loaded.info.bitsPerSample <= 8;
    ll::Codes8 codes;
    ll::EvalInputs in;
    in.on = &f.on;
    in.off = &f.off;
    in.modelPath = &f.modelPath;
    ll::Image edit;
    if (eightBit && loaded.width() == kSize && loaded.height() == kSize) {
        codes = ll::ModelImagePath::codesOf(loaded);
        edit = f.modelPath.decode(codes);
        in.editCodes = &codes;
    } else {
        edit = loaded.info.isFloat ? small : f.modelPath.decode(small);
    }
    in.edit = &edit;
    (void)ll::evaluate(in, {}, true);

    // The loaded pixels as the real "on" image (NaN, Inf and negative values included).
    const ll::Image linear = ll::toSceneLinear(small, f.colour);
    ll::EvalInputs real;
    real.on = &linear;
    real.off = &f.off;
    real.edit = &f.on;
    real.task = ll::Task::Off;
    real.modelPath = &f.modelPath;
    (void)ll::evaluate(real, {}, false);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // One OpenImageIO worker thread: findings reproduce, and no pool threads outlive an input.
    OIIO::attribute("threads", 1);
    OIIO::attribute("exr_threads", 1);
    (void)fixture();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Fixture& f = fixture();
    {
        std::ofstream out(f.file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    }
    ll::LoadOptions options;
    options.maxPixels = 1u << 20; // keeps each input within the fuzzer's memory limit
    try {
        const ll::ImageHeader header = ll::readImageHeader(f.file);
        const ll::Image img = ll::loadImage(f.file, options);
        check(img.width() == header.width && img.height() == header.height, "header and pixels disagree on the size");
        check(img.floatCount() == img.pixelCount() * 3, "pixel buffer has the wrong length");
        score(f, img);
    } catch (const ll::Error&) {
        // A clean one-line error is the expected outcome for bad input.
    }
    return 0;
}
