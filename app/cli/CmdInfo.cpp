#include "cli/Commands.h"

#include "image/ImageIO.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace ll::cli {

Command makeInfoCommand() {
    CommandSpec spec{"info", "IMAGE...", "load images and print what LightLens sees in them (size, format, notes)",
                     {{"json", "", "print one JSON object per image"}}, 1, -1, ""};
    return {spec, [](const ParsedArgs& args, Io& io) {
                for (const auto& path : args.positionals) {
                    const Image img = loadImage(path);
                    const ImageInfo& i = img.info;
                    if (args.flag("json")) {
                        nlohmann::json j{{"path", path},
                                         {"size", {img.width(), img.height()}},
                                         {"format", i.format},
                                         {"channels", i.sourceChannels},
                                         {"bits", i.bitsPerSample},
                                         {"float", i.isFloat},
                                         {"colour_space", i.colourSpace},
                                         {"non_finite_pixels", i.nonFinitePixels},
                                         {"notes", i.notes}};
                        if (i.chromaticities) j["chromaticities"] = *i.chromaticities;
                        io.out << j.dump() << "\n";
                    } else {
                        io.out << path << ": " << img.width() << "x" << img.height() << " " << i.format << ", "
                               << i.sourceChannels << " channels, " << i.bitsPerSample << "-bit "
                               << (i.isFloat ? "float" : "integer") << ", " << i.colourSpace << "\n";
                        for (const auto& n : i.notes) io.out << "  note: " << n << "\n";
                    }
                }
                return 0;
            }};
}

} // namespace ll::cli
