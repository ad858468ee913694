#pragma once
// A one-page PNG summary of a capture: the on and off images (same display scale, so their
// brightness compares), where pixels were clipped or had disagreeing frames, and the histogram of
// the merged luminance of both states against the exposures of the frames.
#include "capture/CaptureScene.h"

#include <filesystem>

namespace ll::capture {

void writeCaptureReport(const std::filesystem::path& path, const MergedState& on, const MergedState& off,
                        const CaptureSummary& summary);

} // namespace ll::capture
