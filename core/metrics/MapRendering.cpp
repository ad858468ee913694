#include "metrics/MapRendering.h"

#include "colour/ColourMaps.h"
#include "metrics/MapPalette.h"
#include "metrics/MaskedGather.h"
#include "util/Percentile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace ll {
namespace {

constexpr int kLegendHeight = 56;
constexpr int kMinWidth = 320;
const Rgb8 kText{230, 230, 230};

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

// The image area on top, a legend strip below; the canvas is at least kMinWidth wide.
Canvas canvasFor(int W, int H) { return Canvas(std::max(W, kMinWidth), H + kLegendHeight); }

void drawBar(Canvas& c, int x0, int y0, int w, int h, const std::function<Rgb8(double)>& colourAt) {
    for (int x = 0; x < w; ++x) {
        const Rgb8 col = colourAt(w > 1 ? double(x) / (w - 1) : 0.0);
        for (int y = 0; y < h; ++y) c.set(x0 + x, y0 + y, col);
    }
}

} // namespace

Rgb8 divergingColour(double t) {
    const Rgb8Code& c = colourMapAt(ColourMapName::Diverging, 0.5 * (t + 1.0));
    return {c[0], c[1], c[2]};
}

Rgb8 sequentialColour(double t) {
    const Rgb8Code& c = colourMapAt(ColourMapName::Sequential, t);
    return {c[0], c[1], c[2]};
}

double symmetricRange(const FloatPlane& v, const Mask& valid) {
    std::vector<float> a = gatherMasked(v, valid, maskRowOffsets(valid));
    for (float& x : a) x = std::abs(x);
    const double m = a.empty() ? 0.0 : percentileInPlace(a, 99.0);
    return m > 0.0 && std::isfinite(m) ? m : 1.0;
}

Canvas renderSignedMap(const FloatPlane& v, const Mask& valid, const std::string& title,
                       const std::string& positiveMeaning, const std::string& negativeMeaning) {
    const int W = v.width(), H = v.height();
    const double m = symmetricRange(v, valid);
    Canvas c = canvasFor(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            if (valid(x, y)) c.set(x, y, divergingColour(double(v(x, y)) / m));
    const int y0 = H + 4, barW = std::max(64, c.width - 8);
    drawText(c, 4, y0, title + "  (black: excluded)", kText);
    drawBar(c, 4, y0 + 10, barW, 10, [](double t) { return divergingColour(2.0 * t - 1.0); });
    // Built by append: GCC 12 warns (-Wrestrict, a false positive) on "-" + std::string here.
    std::string lo = "-", hi = "+";
    lo += fmt(m);
    hi += fmt(m);
    drawText(c, 4, y0 + 23, lo, kText);
    drawText(c, 4 + barW / 2 - 3, y0 + 23, "0", kText);
    drawText(c, 4 + barW - textWidth(hi), y0 + 23, hi, kText);
    drawText(c, 4, y0 + 33, "+ RED: " + positiveMeaning, {214, 96, 77});
    drawText(c, 4, y0 + 43, "- BLUE: " + negativeMeaning, {67, 147, 195});
    return c;
}

Canvas renderSequentialMap(const FloatPlane& v, const Mask& valid, const std::string& title) {
    const int W = v.width(), H = v.height();
    std::vector<float> a = gatherMasked(v, valid, maskRowOffsets(valid));
    double lo = 0.0, hi = 1.0;
    if (!a.empty()) {
        lo = percentileInPlace(a, 1.0);
        hi = percentileInPlace(a, 99.0);
    }
    if (!(hi > lo)) hi = lo + 1.0;
    Canvas c = canvasFor(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            if (valid(x, y)) c.set(x, y, sequentialColour((double(v(x, y)) - lo) / (hi - lo)));
    const int y0 = H + 4, barW = std::max(64, c.width - 8);
    drawText(c, 4, y0, title + "  (black: excluded)", kText);
    drawBar(c, 4, y0 + 10, barW, 10, [](double t) { return sequentialColour(t); });
    const std::string a0 = fmt(lo) + " (P1)", a1 = fmt(hi) + " (P99)";
    drawText(c, 4, y0 + 23, a0, kText);
    drawText(c, 4 + barW - textWidth(a1), y0 + 23, a1, kText);
    return c;
}

Canvas renderBands(const Plane<std::uint8_t>& labels, const std::vector<std::string>& bandKeys) {
    std::vector<LabelKey> keys;
    for (std::size_t i = 0; i < bandKeys.size(); ++i) {
        const Rgb8Code c = bandColour(i, bandKeys.size());
        keys.push_back({bandKeys[i] + "%", {c[0], c[1], c[2]}});
    }
    return renderLabels(labels, keys, "INTENSITY BANDS (% OF MAX L OF THE REAL PAIR)");
}

Canvas renderLabels(const Plane<std::uint8_t>& labels, const std::vector<LabelKey>& keys, const std::string& title) {
    const int W = labels.width(), H = labels.height();
    Canvas c = canvasFor(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            if (labels(x, y) < keys.size()) c.set(x, y, keys[labels(x, y)].colour);
    const int y0 = H + 4;
    drawText(c, 4, y0, title, kText);
    int x = 4, y = y0 + 12;
    for (const auto& k : keys) {
        const int w = 12 + textWidth(k.name) + 10;
        if (x + w > c.width && x > 4) {
            x = 4;
            y += 12;
        }
        for (int dy = 0; dy < 8; ++dy)
            for (int dx = 0; dx < 8; ++dx) c.set(x + dx, y + dy, k.colour);
        drawText(c, x + 11, y, k.name, kText);
        x += w;
    }
    return c;
}

} // namespace ll
