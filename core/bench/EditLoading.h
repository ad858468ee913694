#pragma once
// Reading a model's edit for scoring (spec "Inputs"), and making the do-nothing baseline's edit.
#include "bench/ScenePairCache.h"
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "util/Task.h"

#include <filesystem>
#include <optional>
#include <utility>

namespace ll::bench {

struct LoadedEdit {
    Image edit;                      // linear / k, at the evaluation size
    std::optional<Codes8> codes;     // 8-bit codes when the file was 8-bit and not resized
    std::optional<Mask> clipped;     // clipped-code mask carried through a resize
    std::optional<Codes8> sourceCodes; // 8-bit codes at the file's own size when the edit was resized
};

// Loads an LDR edit, linearises it through `path` and divides by k; resizes it (area average) to a
// forced size, carrying the clipped-code mask ("any clipped source pixel"). Throws ll::Error naming
// the file (unreadable, NaN/Inf, aspect ratio off by more than 1%). An 8-bit file is read straight
// into codes and linearised by table; `into`'s buffers (from an earlier edit) are reused, so an edit
// of the same size allocates nothing.
void loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k,
              const std::optional<std::pair<int, int>>& size, LoadedEdit& into);
LoadedEdit loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k,
                    const std::optional<std::pair<int, int>>& size);

// The do-nothing baseline (paper B.1): the task's input image (I_off for turn-on, I_on for turn-off)
// sent through the 8-bit model path, codes = quantise(srgb(clamp(k X, 0, 1))), then decoded / k.
// The encoded input is the pair's seenOff / seenOn (made with the same kind of `path`); `into`'s
// buffers are reused.
void baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path, LoadedEdit& into);
LoadedEdit baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path);

} // namespace ll::bench
