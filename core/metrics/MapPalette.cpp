#include "metrics/MapPalette.h"

namespace ll {

Rgb8Code exclusionReasonColour(ExclusionReason reason) {
    switch (reason) {
    case ExclusionReason::None: return {0x9a, 0xa5, 0x9f};                 // valid: neutral grey-green
    case ExclusionReason::NonFinite: return {0xff, 0x2b, 0xd6};            // magenta
    case ExclusionReason::NonPositiveDenominator: return {0xcc, 0x79, 0xa7}; // Okabe-Ito reddish purple
    case ExclusionReason::ClippedReal: return {0xd5, 0x5e, 0x00};          // Okabe-Ito vermillion
    case ExclusionReason::ClippedEdit: return {0xe6, 0x9f, 0x00};          // Okabe-Ito orange
    case ExclusionReason::LowSignal: return {0x3a, 0x4a, 0x66};            // dark slate blue
    case ExclusionReason::Window: return {0x56, 0xb4, 0xe9};               // Okabe-Ito sky blue
    }
    return {0xff, 0xff, 0xff};
}

const char* exclusionReasonLabel(ExclusionReason reason) {
    switch (reason) {
    case ExclusionReason::None: return "valid";
    case ExclusionReason::NonFinite: return "non-finite";
    case ExclusionReason::NonPositiveDenominator: return "denominator <= 0";
    case ExclusionReason::ClippedReal: return "clipped real";
    case ExclusionReason::ClippedEdit: return "clipped edit";
    case ExclusionReason::LowSignal: return "low signal";
    case ExclusionReason::Window: return "window";
    }
    return "?";
}

Rgb8Code bandColour(std::size_t index, std::size_t count) {
    const double t = count > 1 ? 0.98 - (0.98 - 0.15) * double(index) / double(count - 1) : 0.98;
    return colourMapAt(ColourMapName::Inferno, t);
}

} // namespace ll
