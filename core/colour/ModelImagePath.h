#pragma once
// The 8-bit path between scene-linear HDR and the images models see and return (spec:
// metrics-3dlp.md "Inputs" and "Do nothing"):
//   model input  = quantise8( encode(clamp(k * X, 0, 1)) )      encode = sRGB through OCIO
//   linear edit  = decode(G8) / k
// The transfer function is a named OCIO colour space (default "srgb").
#include "colour/ColourConfig.h"
#include "image/Image.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ll {

// 8-bit RGB code values, interleaved.
struct Codes8 {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;
};

class ModelImagePath {
public:
    explicit ModelImagePath(const ColourConfig& colour, const std::string& space = "srgb");

    const std::string& space() const { return space_; }
    // Linear value of each 8-bit code (code / 255 decoded through OCIO).
    const std::array<float, 256>& decodeTable() const { return decode_; }
    // The linear value of each code divided by k: what decode(codes, k) writes for that code.
    // Throws ll::Error when k is not a positive finite number.
    std::array<float, 256> decodeTable(float k) const;

    // Encodes a display-referred linear image (values in [0,1] after k and clamp) to [0,1] floats.
    Image encode(const Image& linear, float k = 1.0f) const;
    // The same into `out` (another image than `linear`), its buffer reused (Image::resize).
    void encode(const Image& linear, float k, Image& out) const;
    // The model input: srgb(clamp(k*X,0,1)) quantised to 8 bits (round to nearest).
    Codes8 toCodes(const Image& linear, float k = 1.0f) const;
    // Linearises 8-bit codes and divides by k.
    Image decode(const Codes8& codes, float k = 1.0f) const;
    // The same into `out`, reusing its memory when it already has the codes' size.
    void decode(const Codes8& codes, float k, Image& out) const;
    // Linearises an already-loaded LDR image with values normalised to [0,1] (any bit depth)
    // and divides by k. 8-bit data goes through the exact code table.
    Image decode(const Image& normalised, float k = 1.0f) const;
    // The codes of an already encoded image (encode()'s output): codeOf each value, into `into`
    // (its memory reused). toCodes(linear, k) is codesOfEncoded(encode(linear, k)).
    static void codesOfEncoded(const Image& encoded, Codes8& into);
    // Codes of a normalised 8-bit image (round(v*255)).
    static Codes8 codesOf(const Image& normalised);
    // The code of an encoded value: round(255 v) of v clamped to [0, 1] (+inf gives 255, NaN 0), as
    // std::lround but inline.
    static std::uint8_t codeOf(float v) {
        const float c = v >= 0.0f ? (v <= 1.0f ? v : 1.0f) : 0.0f;
        return std::uint8_t(double(c * 255.0f) + 0.5); // exact: c * 255 is a float, + 0.5 is exact in double
    }

private:
    ColourConfig colour_;
    std::string space_;
    std::array<float, 256> decode_{};
};

// The exposure multiplier k that maps the given percentile (default 99.5th) of the image's
// Rec.709 luminance to `target` (default 0.9). Returns 1 when the percentile is not positive.
float exposureForPercentile(const Image& linear, double percentile = 99.5, double target = 0.9);

} // namespace ll
