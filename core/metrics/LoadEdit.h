#pragma once
// Reading a model's edit for scoring (spec "Inputs"), the one path of loadCase (GUI, `eval`, figures)
// and the benchmark: an LDR file linearised by the model path and divided by k, at the evaluation
// size, with what the clipped-edit test and the quantisation Monte Carlo need:
//  - an 8-bit file is read straight into its codes and linearised by table; at the evaluation size
//    it keeps the codes (evaluate() tests code 255), resized it keeps the codes at its own size and
//    a clipped mask ("a pixel is clipped when any source pixel under its footprint had a code of
//    255", any channel);
//  - a 16-bit file gets the clipped mask of its format maximum (any channel), resized the same way;
//  - a float file has no clipped mask.
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/EditPixels.h"

#include <array>
#include <filesystem>
#include <optional>
#include <utility>

namespace ll {

struct EvalInputs;

// Points the edit fields of `in` (edit, editCodes, editTable, editClipped, editSourceCodes) at an
// edit's parts as loadEdit gives them: the float image, or when it has no pixels (EditSizing::codesOnly)
// the codes through `table`.
void editInto(EvalInputs& in, const Image& edit, const std::optional<Codes8>& codes, const std::array<float, 256>& table,
              const std::optional<Mask>& clipped, const std::optional<Codes8>& sourceCodes);

struct LoadedEdit {
    Image edit;                        // linear / k, at the evaluation size (empty with EditSizing::codesOnly)
    std::optional<Codes8> codes;       // 8-bit codes when the file was 8-bit and not resized
    std::array<float, 256> table{};    // with codes: each code's linear value / k (ModelImagePath::decodeTable)
    std::optional<Mask> clipped;       // clipped mask when the file was resized or 16-bit
    std::optional<Codes8> sourceCodes; // 8-bit codes at the file's own size when the edit was resized
    int sourceWidth = 0, sourceHeight = 0; // the file's size

    // The edit as the evaluation reads it: `edit`, or (codesOnly) the codes through `table`.
    EditPixels pixels() const { return EditPixels::of(edit, codes ? &*codes : nullptr, table); }
    int width() const { return pixels().width(); }
    int height() const { return pixels().height(); }
    // Points the edit fields of `in` at this edit (which must outlive the evaluation).
    void into(EvalInputs& in) const { editInto(in, edit, codes, table, clipped, sourceCodes); }
};

// The evaluation size of an edit: `size` when forced; else, with `pairSize`, the smaller of the
// edit's and the pair's size (dataset/EvaluationSize.h smallerSize: the pair is never enlarged to an
// edit's size); else the edit's own size.
struct EditSizing {
    std::optional<std::pair<int, int>> size;
    std::optional<std::pair<int, int>> pairSize;
    bool allowAspectChange = false; // resizes may change the aspect ratio by more than 1%
    bool rejectNonFinite = true;    // NaN/Inf pixels in a 16-bit or float file are an error
    // An 8-bit file at the evaluation size keeps only its codes and their table: `edit` holds the
    // file's ImageInfo but no pixels (a quarter of the memory; LoadedEdit::pixels reads the same values).
    bool codesOnly = false;
};

// Throws ll::Error naming the file (unreadable, NaN/Inf, aspect ratio off by more than 1%). `into`'s
// buffers (from an earlier edit) are reused, so an 8-bit edit of the same size allocates nothing.
void loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k, const EditSizing& sizing,
              LoadedEdit& into);
LoadedEdit loadEdit(const std::filesystem::path& file, const ModelImagePath& path, float k, const EditSizing& sizing);

// Takes the codes buffer out of `e` (to reuse its memory) and clears its optional parts.
Codes8 takeCodes(LoadedEdit& e);

} // namespace ll
