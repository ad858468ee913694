#pragma once
// The full-resolution per-pixel record of a capture's checks, SCENE_DIR/capture-flags.png (8-bit
// RGB): red 255 where a channel was clipped in either state, green 255 where frames of the on state
// disagreed (left out of the merge), blue 255 where frames of the off state did. Black: nothing to
// report. On the same raster as on.exr and off.exr (after lens correction).
#include "capture/BracketMerge.h"

#include <filesystem>

namespace ll::capture {

void writeCaptureFlags(const std::filesystem::path& path, const MergedState& on, const MergedState& off);

} // namespace ll::capture
