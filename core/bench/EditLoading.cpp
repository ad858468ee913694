#include "bench/EditLoading.h"

#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

namespace ll::bench {

namespace {

Mask resizedClipMask(const Codes8& codes, int W, int H) {
    Image m(codes.width, codes.height);
    for (std::size_t i = 0; i < m.pixelCount(); ++i) {
        const std::uint8_t* p = codes.rgb.data() + i * 3;
        const float v = (p[0] == 255 || p[1] == 255 || p[2] == 255) ? 1.0f : 0.0f;
        m.data()[i * 3] = m.data()[i * 3 + 1] = m.data()[i * 3 + 2] = v;
    }
    const Image r = resizeArea(m, W, H);
    Mask out(W, H);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = r.data()[i * 3] > 0.0f ? 1 : 0;
    return out;
}

} // namespace

LoadedEdit loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k,
                    const std::optional<std::pair<int, int>>& size) {
    const Image editFile = loadImage(file);
    if (const std::size_t n = countNonFinite(editFile))
        throw Error(file.string(), std::to_string(n) + " pixels are NaN or infinite");
    const bool eightBit = !editFile.info.isFloat && editFile.info.bitsPerSample <= 8;
    LoadedEdit e;
    Image edit = path.decode(editFile, k);
    edit.info.path = file.string();
    const int W = size ? size->first : edit.width(), H = size ? size->second : edit.height();
    if (edit.width() == W && edit.height() == H) {
        if (eightBit) e.codes = ModelImagePath::codesOf(editFile);
        e.edit = std::move(edit);
    } else {
        checkAspectRatio(edit.width(), edit.height(), W, H, file.string());
        e.edit = resizeArea(edit, W, H);
        e.edit.info = edit.info;
        if (eightBit) e.clipped = resizedClipMask(ModelImagePath::codesOf(editFile), W, H);
    }
    return e;
}

LoadedEdit baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path) {
    LoadedEdit e;
    const Image& input = task == Task::On ? pair.off : pair.on;
    e.codes = path.toCodes(input, pair.k);
    e.edit = path.decode(*e.codes, pair.k);
    return e;
}

} // namespace ll::bench
