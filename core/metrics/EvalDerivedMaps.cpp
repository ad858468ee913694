#include "metrics/EvalDerivedMaps.h"

#include "metrics/EvalRows.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace ll {
namespace {

constexpr int kChunk = 256; // pixels per step (the scratch rows live on the stack)

} // namespace

int derivedMapChannels(DerivedMap map) {
    return map == DerivedMap::RatioReal || map == DerivedMap::RatioEdit ? 3 : 1;
}

EvalDerivedMaps::EvalDerivedMaps(const Image& on, const Image& off, EditPixels edit, const Mask& omega,
                                 const EvalScores& scores)
    : numerator_(scores.task == Task::On ? &on : &off), edit_(edit),
      denominator_(scores.task == Task::On ? &off : &on), omega_(&omega),
      z_(standardisersOf(scores.ratioRealStats, scores.ratioEditStats)), standardised_(scores.validPixels > 0) {
    for (const Image* i : {&on, &off})
        if (i->width() != omega.width() || i->height() != omega.height())
            throw std::invalid_argument("EvalDerivedMaps: the images and Omega differ in size");
    if (edit.width() != omega.width() || edit.height() != omega.height())
        throw std::invalid_argument("EvalDerivedMaps: the edit and Omega differ in size");
}

void EvalDerivedMaps::row(DerivedMap map, int y, int x0, int n, float* out) const {
    std::array<float*, 5> outs{};
    outs[std::size_t(map)] = out;
    rows(y, x0, n, outs);
}

void EvalDerivedMaps::rows(int y, int x0, int n, const std::array<float*, 5>& outs) const {
    std::array<double, 3 * kChunk> er, eg, absD, absD1, d, zr, zg;
    std::array<float, 3 * kChunk> editValues; // a chunk of an edit read from its codes
    std::array<float, kChunk> meanAbs;
    const std::uint8_t* om = omega_->row(y);
    const bool standardised = outs[2] || outs[3] || outs[4];
    for (int start = x0; start < x0 + n; start += kChunk) {
        const int w = std::min(kChunk, x0 + n - start);
        const std::size_t values = 3 * std::size_t(w);
        const std::size_t at = std::size_t(start - x0);
        const std::uint8_t* keep = om + start;
        ratioSpanInOmega(numerator_->pixel(start, y), edit_.span(y, start, w, editValues.data()), denominator_->pixel(start, y), keep, w,
                         er.data(), eg.data());
        for (int m = 0; m < 2; ++m)
            if (float* o = outs[std::size_t(m)]) {
                const double* e = m == 0 ? er.data() : eg.data();
                for (std::size_t f = 0; f < values; ++f) o[3 * at + f] = float(e[f]);
            }
        if (!standardised) continue;
        for (int m = 2; m < 5; ++m)
            if (float* o = outs[std::size_t(m)]) std::fill(o + at, o + at + std::size_t(w), 0.0f);
        if (!standardised_) continue;
        sieDifferences(er.data(), eg.data(), keep, w, z_, absD.data(), absD1.data(), meanAbs.data(), d.data(),
                       zr.data(), zg.data());
        for (int m = 2; m < 5; ++m) {
            float* o = outs[std::size_t(m)];
            if (!o) continue;
            const double* v = m == 2 ? zr.data() : m == 3 ? zg.data() : d.data();
            for (int x = 0; x < w; ++x)
                if (keep[x]) o[at + std::size_t(x)] = channelMean(v + 3 * std::size_t(x));
        }
    }
}

} // namespace ll
