#pragma once
// ImageSource: what a pane displays, as floats, with a mip pyramid so a 6000x4000 image pans and
// zooms smoothly (level L is the image box-averaged by 2^L). Built once on a worker thread (the
// pyramid and the automatic ranges cost a few tens of ms on big images), then shared read-only by
// the canvases: every member is const after construction.
//
// A level is either stored (a buffer of floats, or an image or map shown in place) or computed row by
// row when drawn: the maps that follow pixel by pixel from the images (ratios, SIE, standardised
// means) are computed at level 0 from the images instead of being kept, label planes are read from
// their bytes, and level 1 of every source (three quarters of a pyramid's memory) is the 2x2 mean of
// level 0 computed when drawn. Levels 2 and above are stored.
//
// Kinds:
//  - Colour:      linear scene-referred RGB, shown with exposure and a tonemap (sRGB, gamma, false colour)
//  - Ratio:       positive RGB ratio images (E_R, E_G), shown as log2 of the channel mean on a sequential map
//  - Signed:      one channel, shown with a diverging map over a symmetric range; NaN = excluded (black)
//  - Categorical: one channel of small integer labels, shown with a palette; NaN = none (black)
#include "image/Image.h"
#include "image/Plane.h"

#include <QColor>
#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace ll::ui {

enum class SourceKind { Colour, Ratio, Signed, Categorical };

// Writes the values of pixels [x0, x0 + n) of row y (channels per pixel) to out, NaN where excluded.
// Called from any thread; must not throw.
using RowFunction = std::function<void(int y, int x0, int n, float* out)>;

struct MipLevel {
    int width = 0;
    int height = 0;
    // Stored levels: interleaved, channels() per pixel. Null for a level computed by `rows`.
    const float* values = nullptr;
    std::shared_ptr<const void> storage; // keeps `values` alive: the level's own buffer or a shared image
    std::size_t ownBytes = 0;            // bytes held by this level alone (0 when it shows a shared image)
    // A map shown in place (stored level 0): pixels where this is 0 are excluded, as if NaN. Null = none.
    const std::uint8_t* valid = nullptr;
    std::shared_ptr<const void> validStorage; // keeps `valid` alive
    RowFunction rows; // computed levels

    bool computed() const { return values == nullptr; }
    // Pixels [x0, x0 + n) of row y into out (`channels` floats per pixel), NaN where excluded.
    void read(int y, int x0, int n, int channels, float* out) const;
};

class ImageSource {
public:
    static std::shared_ptr<const ImageSource> colour(const Image& linear, QString name);
    // The same, showing `linear` itself at full resolution instead of a copy (the source keeps it alive).
    static std::shared_ptr<const ImageSource> colour(std::shared_ptr<const Image> linear, QString name);
    // The same computed row by row when drawn (3 values per pixel; `rows` keeps what it reads alive):
    // an 8-bit edit shown from its codes.
    static std::shared_ptr<const ImageSource> colour(int width, int height, RowFunction rows, QString name);
    // Maps are shown in place (no copy of the full-resolution values; the source keeps them alive), with
    // the pixels outside `valid` (null = none) excluded: shown black, described as "–", left out of
    // the pyramid's averages and the automatic ranges.
    static std::shared_ptr<const ImageSource> ratio(std::shared_ptr<const Image> ratios,
                                                    std::shared_ptr<const Mask> valid, QString name);
    static std::shared_ptr<const ImageSource> signedMap(std::shared_ptr<const FloatPlane> values,
                                                        std::shared_ptr<const Mask> valid, QString name);
    // Maps computed row by row when drawn (nothing of level 0 is kept): `rows` gives level 0 (3 values
    // per pixel for a ratio map, 1 for a signed one; NaN where excluded) and keeps what it reads alive.
    static std::shared_ptr<const ImageSource> ratio(int width, int height, RowFunction rows, QString name);
    static std::shared_ptr<const ImageSource> signedMap(int width, int height, RowFunction rows, QString name);
    // The same as ratio() / signedMap() of `rows` (kind Ratio or Signed), with the automatic range and
    // the stored level 2 worked out by the caller (several maps built in one pass over shared rows,
    // inspect/DerivedViews.h): autoRange for a signed map, low and high for a ratio map, `level2` the
    // pyramid's level 2 (halvedRow of halvedRow of level 0), empty when the pyramid stops above it.
    static std::shared_ptr<const ImageSource> prebuilt(SourceKind kind, int width, int height, RowFunction rows,
                                                       double autoRange, double low, double high,
                                                       std::vector<float> level2, QString name);
    // Labels read from their bytes when drawn (the source keeps them alive); `noneLabel` shows black.
    static std::shared_ptr<const ImageSource> categorical(std::shared_ptr<const Plane<std::uint8_t>> labels,
                                                          std::vector<QColor> palette,
                                                          QStringList labelNames, QString name,
                                                          std::uint8_t noneLabel = 255);

    // Unique for the life of the program (tile cache keys never confuse a freed source with a new one).
    std::uint64_t id() const { return id_; }
    SourceKind kind() const { return kind_; }
    const QString& name() const { return name_; }
    int width() const { return levels_.front().width; }
    int height() const { return levels_.front().height; }
    QSize size() const { return {width(), height()}; }
    int channels() const { return channels_; }
    int levelCount() const { return int(levels_.size()); }
    const MipLevel& level(int i) const { return levels_[std::size_t(i)]; }
    // Pixels [x0, x0 + n) of row y of level i (channels() floats per pixel), NaN where excluded.
    void readRow(int i, int y, int x0, int n, float* out) const { level(i).read(y, x0, n, channels_, out); }
    // Full-resolution value (NaN outside the image).
    float value(int x, int y, int c) const;

    // Signed: P99 of |value| over finite pixels (spec "automatic range"). Ratio: P1 and P99 of
    // log2(mean ratio). Colour: P99.5 of luminance (for an "auto exposure" hint).
    double autoRange() const { return autoRange_; }
    double rangeLow() const { return rangeLow_; }
    double rangeHigh() const { return rangeHigh_; }

    const std::vector<QColor>& palette() const { return palette_; }
    const QStringList& labelNames() const { return labelNames_; }
    // Text for a value at high zoom and in tooltips (label names for categorical sources).
    QString describe(int x, int y) const;
    std::size_t bytes() const;

    // Public for make_shared; use the factories.
    ImageSource(SourceKind kind, int channels, QString name);

private:
    // `level2`, when given, is stored as level 2 instead of halving level 1.
    void buildPyramid(bool nearest, std::vector<float>* level2 = nullptr);
    void setColourRange();
    void setRatioRange();
    void setRatioRangeFrom(double low, double high);
    void setSignedRange();
    void setSignedRangeFrom(double p99);

    std::uint64_t id_;
    SourceKind kind_;
    int channels_;
    QString name_;
    std::vector<MipLevel> levels_;
    double autoRange_ = 1.0;
    double rangeLow_ = 0.0;
    double rangeHigh_ = 1.0;
    std::vector<QColor> palette_;
    QStringList labelNames_;
};

using SourcePtr = std::shared_ptr<const ImageSource>;

// Row y of the level that halves `src` (pixels [x0, x0 + n), `channels` floats each): the 2x2 box mean
// of the finite samples (NaN when none; at an odd edge the last sample counts twice), or the top-left
// sample (`nearest`). The pyramid's one rule.
void halvedRow(const MipLevel& src, int channels, bool nearest, int y, int x0, int n, float* out);
// NaN in every channel of the pixels x in [0, n) of `out` (`channels` floats each) where valid[x] is 0.
void excludeOutside(const std::uint8_t* valid, int n, int channels, float* out);
// Width or height of the level below one of `n`.
int halvedSize(int n);
// The value a pixel adds to its source's automatic range, if any: log2 of the channel mean of a
// positive finite ratio pixel (3 floats); |v| of a finite signed pixel.
bool ratioRangeValue(const float* px, float& value);
bool signedRangeValue(const float* px, float& value);
// The percentiles of the automatic ranges: P1 and P99 (ratio), P99 (signed).
inline const std::vector<double>& ratioRangePercentiles() { static const std::vector<double> p{1.0, 99.0}; return p; }
inline const std::vector<double>& signedRangePercentiles() { static const std::vector<double> p{99.0}; return p; }

} // namespace ll::ui
