#pragma once
// The 8-bit model inputs of a scene (spec: data-and-cli.md, metrics-3dlp.md "Inputs"):
//   inputs/turn_on/<scene>.png  = quantise8(srgb(clamp(k * I_off, 0, 1)))   (the probe is off)
//   inputs/turn_off/<scene>.png = quantise8(srgb(clamp(k * I_on, 0, 1)))    (the probe is on)
// One k per scene, shared by both inputs.
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "util/Task.h"

#include <filesystem>

namespace ll {

// The linear image a task's model input is made from: I_off for turn-on, I_on for turn-off.
inline const Image& inputSource(const Image& on, const Image& off, Task task) { return task == Task::On ? off : on; }

// Encodes `linear` through the 8-bit path with exposure k and writes it as PNG (atomically,
// creating the folder).
void writeModelImage(const Image& linear, double k, const ModelImagePath& path8, const std::filesystem::path& png);

} // namespace ll
