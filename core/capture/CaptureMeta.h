#pragma once
// The `capture` block of meta.json: how the scene's HDR pair was made.
//   "capture": {
//     "on":  {"frames": [...], "exposure_times": [...], "relative_exposure": [...],
//             "clipped_pixels": N, "disagreeing_pixels": N, "noise": {"shot": a, "read": b, "estimated": bool}},
//     "off": {...},
//     "base_exposure_time": s, "clip_level": c, "size": [w, h],
//     "shift": {"dx": px, "dy": px, "magnitude": px, "allowed": px, "static_fraction": f},
//     "camera": {"make": ..., "model": ..., "lens": ..., "focal_length": mm, "f_number": N, "iso": I},
//     "lens_correction": {"applied": bool, "camera": ..., "lens": ..., "reason": ...}
//   }
// The scene's top-level clip_level is set to the same value; "k" is removed (the HDR changed, so
// `prepare` computes it again); other keys of an existing meta.json are kept.
#include "capture/CaptureScene.h"

#include <filesystem>
#include <string>

namespace ll::capture {

// The new meta.json text. Throws ll::Error naming the file when an existing meta.json is not a
// JSON object (nothing is written then).
std::string captureMetaText(const std::filesystem::path& metaPath, const CaptureSummary& summary,
                            const CaptureRequest& request, const FrameExif& exif);

} // namespace ll::capture
