#pragma once
// A 5x7 pixel font for the legends drawn into exported map PNGs (no GUI toolkit in the core).
// Covers digits, upper-case letters (lower case is drawn as upper case) and " +-.,:=()%/<>_|".
#include <cstdint>
#include <string>
#include <vector>

namespace ll {

struct Rgb8 {
    std::uint8_t r = 0, g = 0, b = 0;
};

// An interleaved RGB 8-bit canvas.
struct Canvas {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;
    Canvas(int w, int h, Rgb8 fill = {});
    void set(int x, int y, Rgb8 c);
};

constexpr int kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;

// Draws `text` with its top-left corner at (x, y), each font pixel `scale` x `scale` canvas pixels.
// Returns the x after the last glyph. Unknown characters are drawn as a box.
int drawText(Canvas& canvas, int x, int y, const std::string& text, Rgb8 colour, int scale = 1);
int textWidth(const std::string& text, int scale = 1);

} // namespace ll
