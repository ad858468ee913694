#include "metrics/LoadEdit.h"

#include "dataset/EvaluationSize.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "metrics/Evaluate.h"
#include "util/Error.h"

#include <string>

namespace ll {

namespace {

// Pixels with a channel at the format maximum: code 255 of 8-bit codes, 1.0 of a normalised image.
Mask clippedCodes(const Codes8& codes) {
    Mask m(codes.width, codes.height);
    for (std::size_t i = 0; i < m.size(); ++i) {
        const std::uint8_t* p = codes.rgb.data() + i * 3;
        m[i] = (p[0] == 255 || p[1] == 255 || p[2] == 255) ? 1 : 0;
    }
    return m;
}

Mask clippedAtFormatMax(const Image& normalised) {
    Mask m(normalised.width(), normalised.height());
    for (std::size_t i = 0; i < m.size(); ++i) {
        const float* p = normalised.data() + i * 3;
        m[i] = (p[0] >= 1.0f || p[1] >= 1.0f || p[2] >= 1.0f) ? 1 : 0;
    }
    return m;
}

std::pair<int, int> evaluationSize(int w, int h, const EditSizing& s) {
    if (s.size) return *s.size;
    if (s.pairSize) return smallerSize({w, h}, *s.pairSize);
    return {w, h};
}

void checkSize(int W, int H) {
    if (W <= 0 || H <= 0) throw Error("size", "evaluation size must be positive");
}

// An 8-bit edit: its codes, linearised by table (the values ModelImagePath::decode gives for the
// loaded image: codes of round(255 v) are the file's codes).
void fromCodes(Codes8 codes, ImageInfo info, const std::filesystem::path& file, const ModelImagePath& path, float k,
               const EditSizing& sizing, LoadedEdit& e) {
    info.colourSpace = "lin_rec709";
    info.path = file.string();
    const auto [W, H] = evaluationSize(codes.width, codes.height, sizing);
    checkSize(W, H);
    if (codes.width == W && codes.height == H) {
        e.table = path.decodeTable(k);
        if (sizing.codesOnly) e.edit = Image();
        else path.decode(codes, k, e.edit);
        e.edit.info = std::move(info);
        e.codes = std::move(codes);
        return;
    }
    Image full = path.decode(codes, k);
    checkAspectRatio(full.width(), full.height(), W, H, file.string(), sizing.allowAspectChange);
    e.edit = resampleLinear(full, W, H);
    e.edit.info = std::move(info);
    e.clipped = resampleMaskAny(clippedCodes(codes), W, H);
    e.sourceCodes = std::move(codes);
}

} // namespace

Codes8 takeCodes(LoadedEdit& e) {
    Codes8 c = e.codes ? std::move(*e.codes) : e.sourceCodes ? std::move(*e.sourceCodes) : Codes8{};
    e.codes.reset();
    e.sourceCodes.reset();
    e.clipped.reset();
    return c;
}

void loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k, const EditSizing& sizing,
              LoadedEdit& e) {
    Codes8 codes = takeCodes(e);
    ImageHeader header;
    if (loadImage8(file, header, codes.rgb)) {
        codes.width = header.width;
        codes.height = header.height;
        e.sourceWidth = codes.width;
        e.sourceHeight = codes.height;
        fromCodes(std::move(codes), std::move(header.info), file, path, k, sizing, e);
        return;
    }
    // 16-bit or float data: through float values.
    Image editFile = loadImage(file);
    if (sizing.rejectNonFinite)
        if (const std::size_t n = countNonFinite(editFile))
            throw Error(file.string(), std::to_string(n) + " pixels are NaN or infinite");
    e.sourceWidth = editFile.width();
    e.sourceHeight = editFile.height();
    const auto [W, H] = evaluationSize(editFile.width(), editFile.height(), sizing);
    checkSize(W, H);
    const bool resized = editFile.width() != W || editFile.height() != H;
    if (resized)
        checkAspectRatio(editFile.width(), editFile.height(), W, H, file.string(), sizing.allowAspectChange);
    if (!editFile.info.isFloat) e.clipped = resampleMaskAny(clippedAtFormatMax(editFile), W, H);
    Image edit = path.decode(editFile, k);
    editFile = Image();
    edit.info.path = file.string();
    if (!resized) {
        e.edit = std::move(edit);
        return;
    }
    e.edit = resampleLinear(edit, W, H);
    e.edit.info = std::move(edit.info);
}

LoadedEdit loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k, const EditSizing& sizing) {
    LoadedEdit e;
    loadEdit(file, path, k, sizing, e);
    return e;
}

void editInto(EvalInputs& in, const Image& edit, const std::optional<Codes8>& codes, const std::array<float, 256>& table,
              const std::optional<Mask>& clipped, const std::optional<Codes8>& sourceCodes) {
    const EditPixels pixels = EditPixels::of(edit, codes ? &*codes : nullptr, table);
    in.edit = pixels.image();
    in.editTable = pixels.image() ? nullptr : &table;
    in.editCodes = codes ? &*codes : nullptr;
    in.editClipped = clipped ? &*clipped : nullptr;
    in.editSourceCodes = sourceCodes ? &*sourceCodes : nullptr;
}

} // namespace ll
