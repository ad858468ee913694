#include "bench/BaselineEdit.h"

namespace ll::bench {

void baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path, LoadedEdit& e) {
    // toCodes(input, k) is the code of each value of encode(input, k), i.e. of the pair's seen image.
    const Image& seen = task == Task::On ? pair.seenOff : pair.seenOn;
    Codes8 codes = takeCodes(e);
    ModelImagePath::codesOfEncoded(seen, codes);
    path.decode(codes, pair.k, e.edit);
    e.edit.info = ImageInfo{};
    e.codes = std::move(codes);
    e.sourceWidth = e.edit.width();
    e.sourceHeight = e.edit.height();
}

LoadedEdit baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path) {
    LoadedEdit e;
    baselineEdit(pair, task, path, e);
    return e;
}

} // namespace ll::bench
