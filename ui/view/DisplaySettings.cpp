#include "view/DisplaySettings.h"

#include <cstring>
#include <functional>

namespace ll::ui {

std::uint64_t DisplaySettings::hash() const {
    auto mix = [](std::uint64_t h, double v) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        return (h ^ bits) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
    };
    std::uint64_t h = 0xcbf29ce484222325ull;
    h = mix(h, exposureEv);
    h = mix(h, double(int(tonemap)));
    h = mix(h, gamma);
    h = mix(h, autoSignedRange ? 1.0 : 0.0);
    h = mix(h, signedRange);
    return h;
}

} // namespace ll::ui
