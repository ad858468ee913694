#pragma once
// Reference entries of matplotlib's colour maps, for the tests of the figure and GUI colour tables.
//  - viridis: lib/matplotlib/_cm_listed.py, _viridis_data (a ListedColormap of 256 entries; entry i is
//    the colour of t = i / 255), every 16th entry and the last, from matplotlib 3.6.3 (the same rows as
//    matplotlib's main branch).
//  - RdBu: lib/matplotlib/_cm.py, _RdBu_data (ColorBrewer RdBu, 11 classes, red to blue), which
//    matplotlib turns into a LinearSegmentedColormap (linear between 11 evenly spaced stops); RdBu_r is
//    the same reversed.
#include <array>
#include <cmath>

namespace ll::test {

struct ViridisEntry {
    int index;
    double r, g, b;
};

inline constexpr std::array<ViridisEntry, 17> kViridis{{
    {0, 0.267004, 0.004874, 0.329415},   {16, 0.282327, 0.094955, 0.417331},  {32, 0.278826, 0.175490, 0.483397},
    {48, 0.258965, 0.251537, 0.524736},  {64, 0.229739, 0.322361, 0.545706},  {80, 0.199430, 0.387607, 0.554642},
    {96, 0.172719, 0.448791, 0.557885},  {112, 0.149039, 0.508051, 0.557250}, {128, 0.127568, 0.566949, 0.550556},
    {144, 0.120638, 0.625828, 0.533488}, {160, 0.157851, 0.683765, 0.501686}, {176, 0.246070, 0.738910, 0.452024},
    {192, 0.369214, 0.788888, 0.382914}, {208, 0.515992, 0.831158, 0.294279}, {224, 0.678489, 0.863742, 0.189503},
    {240, 0.845561, 0.887322, 0.099702}, {255, 0.993248, 0.906157, 0.143936},
}};

// turbo and inferno: lib/matplotlib/_cm_listed.py, _turbo_data and _inferno_data (ListedColormaps of 256
// entries), entries 0, 128 and 255, matplotlib 3.6.3.
inline constexpr std::array<ViridisEntry, 3> kTurbo{{
    {0, 0.18995, 0.07176, 0.23217}, {128, 0.64362, 0.98999, 0.23356}, {255, 0.47960, 0.01583, 0.01055}}};
inline constexpr std::array<ViridisEntry, 3> kInferno{{
    {0, 0.001462, 0.000466, 0.013866}, {128, 0.735683, 0.215906, 0.330245}, {255, 0.988362, 0.998364, 0.644924}}};

inline constexpr std::array<std::array<double, 3>, 11> kRdBu{{
    {0.40392156862745099, 0.0, 0.12156862745098039},
    {0.69803921568627447, 0.09411764705882353, 0.16862745098039217},
    {0.83921568627450982, 0.37647058823529411, 0.30196078431372547},
    {0.95686274509803926, 0.6470588235294118, 0.50980392156862742},
    {0.99215686274509807, 0.85882352941176465, 0.7803921568627451},
    {0.96862745098039216, 0.96862745098039216, 0.96862745098039216},
    {0.81960784313725488, 0.89803921568627454, 0.94117647058823528},
    {0.5725490196078431, 0.77254901960784317, 0.87058823529411766},
    {0.2627450980392157, 0.57647058823529407, 0.76470588235294112},
    {0.12941176470588237, 0.4, 0.67450980392156867},
    {0.0196078431372549, 0.18823529411764706, 0.38039215686274508},
}};

// matplotlib's RdBu_r at t in [0, 1] (linear between the stops at k / 10), as 0..255 values (not rounded).
inline std::array<double, 3> rdBuReversed(double t) {
    const double x = (1.0 - t) * 10.0; // RdBu runs red -> blue, RdBu_r blue -> red
    const int a = std::min(int(x), 9);
    const double f = x - a;
    std::array<double, 3> out{};
    for (int c = 0; c < 3; ++c) out[std::size_t(c)] = 255.0 * (kRdBu[std::size_t(a)][std::size_t(c)] + f * (kRdBu[std::size_t(a + 1)][std::size_t(c)] - kRdBu[std::size_t(a)][std::size_t(c)]));
    return out;
}

} // namespace ll::test
