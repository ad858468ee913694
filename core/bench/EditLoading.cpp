#include "bench/EditLoading.h"

#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

namespace ll::bench {

namespace {

// "A pixel is clipped when any source pixel under its footprint had a code of 255" (any channel).
Mask resizedClipMask(const Codes8& codes, int W, int H) {
    Mask m(codes.width, codes.height);
    for (std::size_t i = 0; i < m.size(); ++i) {
        const std::uint8_t* p = codes.rgb.data() + i * 3;
        m[i] = (p[0] == 255 || p[1] == 255 || p[2] == 255) ? 1 : 0;
    }
    return resampleMaskAny(m, W, H);
}

// Takes the codes buffer out of `e` (to reuse its memory) and clears the optional parts.
Codes8 takeCodes(LoadedEdit& e) {
    Codes8 c = e.codes ? std::move(*e.codes) : e.sourceCodes ? std::move(*e.sourceCodes) : Codes8{};
    e.codes.reset();
    e.sourceCodes.reset();
    e.clipped.reset();
    return c;
}

// An 8-bit edit: its codes, linearised by table (the values ModelImagePath::decode gives for the
// loaded image: codes of round(255 v) are the file's codes).
void fromCodes(Codes8 codes, ImageInfo info, const std::filesystem::path& file, const ModelImagePath& path, float k,
               int W, int H, LoadedEdit& e) {
    info.colourSpace = "lin_rec709";
    info.path = file.string();
    if (codes.width == W && codes.height == H) {
        path.decode(codes, k, e.edit);
        e.edit.info = std::move(info);
        e.codes = std::move(codes);
        return;
    }
    Image full = path.decode(codes, k);
    checkAspectRatio(full.width(), full.height(), W, H, file.string());
    e.edit = resampleLinear(full, W, H);
    e.edit.info = std::move(info);
    e.clipped = resizedClipMask(codes, W, H);
    e.sourceCodes = std::move(codes);
}

} // namespace

void loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k,
              const std::optional<std::pair<int, int>>& size, LoadedEdit& e) {
    Codes8 codes = takeCodes(e);
    ImageHeader header;
    if (loadImage8(file, header, codes.rgb)) {
        codes.width = header.width;
        codes.height = header.height;
        const int W = size ? size->first : codes.width, H = size ? size->second : codes.height;
        fromCodes(std::move(codes), std::move(header.info), file, path, k, W, H, e);
        return;
    }
    // 16-bit or float data: through float values.
    const Image editFile = loadImage(file);
    if (const std::size_t n = countNonFinite(editFile))
        throw Error(file.string(), std::to_string(n) + " pixels are NaN or infinite");
    const bool eightBit = !editFile.info.isFloat && editFile.info.bitsPerSample <= 8;
    Image edit = path.decode(editFile, k);
    edit.info.path = file.string();
    const int W = size ? size->first : edit.width(), H = size ? size->second : edit.height();
    if (edit.width() == W && edit.height() == H) {
        if (eightBit) e.codes = ModelImagePath::codesOf(editFile);
        e.edit = std::move(edit);
    } else {
        checkAspectRatio(edit.width(), edit.height(), W, H, file.string());
        e.edit = resampleLinear(edit, W, H);
        e.edit.info = edit.info;
        if (eightBit) {
            e.sourceCodes = ModelImagePath::codesOf(editFile);
            e.clipped = resizedClipMask(*e.sourceCodes, W, H);
        }
    }
}

LoadedEdit loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k,
                    const std::optional<std::pair<int, int>>& size) {
    LoadedEdit e;
    loadEdit(file, path, k, size, e);
    return e;
}

void baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path, LoadedEdit& e) {
    // toCodes(input, k) is the code of each value of encode(input, k), i.e. of the pair's seen image.
    const Image& seen = task == Task::On ? pair.seenOff : pair.seenOn;
    Codes8 codes = takeCodes(e);
    ModelImagePath::codesOfEncoded(seen, codes);
    path.decode(codes, pair.k, e.edit);
    e.edit.info = ImageInfo{};
    e.codes = std::move(codes);
}

LoadedEdit baselineEdit(const ScenePair& pair, Task task, const ModelImagePath& path) {
    LoadedEdit e;
    baselineEdit(pair, task, path, e);
    return e;
}

} // namespace ll::bench
