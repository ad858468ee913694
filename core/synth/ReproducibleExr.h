#pragma once
// Writing float EXR files that are byte-identical for identical pixels. OpenImageIO's OpenEXR
// writer stamps the current time into a "DateTime" attribute when none is given; the synthetic
// generator promises byte-identical output for a seed, so it writes the attribute itself, empty.
#include "image/Image.h"

#include <filesystem>

namespace ll::synth {

// Float RGB EXR (channels R, G, B; zip compression), written atomically. Throws ll::Error naming
// the file on failure.
void saveExrReproducible(const Image& image, const std::filesystem::path& path);

} // namespace ll::synth
