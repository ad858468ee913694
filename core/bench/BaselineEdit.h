#pragma once
// The do-nothing baseline's edit (paper B.1). Models' edits are read by loadEdit (metrics/LoadEdit.h),
// the loading path of every evaluation.
#include "bench/ScenePairCache.h"
#include "colour/ModelImagePath.h"
#include "metrics/LoadEdit.h"
#include "util/Task.h"

namespace ll::bench {

// The task's input image (I_off for turn-on, I_on for turn-off) sent through the 8-bit model path,
// codes = quantise(srgb(clamp(k X, 0, 1))), then decoded / k. The encoded input is the pair's
// seenOff / seenOn (made with the same kind of `path`); `into`'s buffers are reused.
void baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path, LoadedEdit& into);
LoadedEdit baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path);

} // namespace ll::bench
