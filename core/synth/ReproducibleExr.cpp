#include "synth/ReproducibleExr.h"

#include "util/AtomicFile.h"
#include "util/Error.h"

#include <OpenImageIO/imageio.h>

namespace ll::synth {

namespace {

std::string firstLine(std::string s) {
    const auto nl = s.find('\n');
    if (nl != std::string::npos) s.resize(nl);
    return s.empty() ? std::string("unknown error") : s;
}

} // namespace

void saveExrReproducible(const Image& image, const std::filesystem::path& path) {
    using namespace OIIO;
    if (image.empty()) throw Error(path.string(), "cannot write an empty image");
    ImageSpec spec(image.width(), image.height(), 3, TypeDesc::FLOAT);
    spec.channelnames = {"R", "G", "B"};
    spec.attribute("compression", "zip");
    spec.attribute("DateTime", "");
    writeViaTemporary(path, [&](const std::filesystem::path& tmp) {
        auto out = ImageOutput::create(tmp.string());
        if (!out) throw Error(path.string(), "cannot write: " + firstLine(OIIO::geterror()));
        if (!out->open(tmp.string(), spec)) throw Error(path.string(), "cannot write: " + firstLine(out->geterror()));
        if (!out->write_image(TypeDesc::FLOAT, image.data()))
            throw Error(path.string(), "write failed: " + firstLine(out->geterror()));
        if (!out->close()) throw Error(path.string(), "write failed: " + firstLine(out->geterror()));
    });
}

} // namespace ll::synth
