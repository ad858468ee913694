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

EvalDerivedMaps::EvalDerivedMaps(const Image& on, const Image& off, const Image& edit, const Mask& omega,
                                 const EvalScores& scores)
    : numerator_(scores.task == Task::On ? &on : &off), edit_(&edit),
      denominator_(scores.task == Task::On ? &off : &on), omega_(&omega),
      z_(standardisersOf(scores.ratioRealStats, scores.ratioEditStats)), standardised_(scores.validPixels > 0) {
    for (const Image* i : {&on, &off, &edit})
        if (i->width() != omega.width() || i->height() != omega.height())
            throw std::invalid_argument("EvalDerivedMaps: the images and Omega differ in size");
}

void EvalDerivedMaps::row(DerivedMap map, int y, int x0, int n, float* out) const {
    std::array<double, 3 * kChunk> er, eg, absD, absD1, d, zr, zg;
    std::array<float, kChunk> meanAbs;
    const std::uint8_t* om = omega_->row(y);
    const int channels = derivedMapChannels(map);
    for (int start = x0; start < x0 + n; start += kChunk) {
        const int w = std::min(kChunk, x0 + n - start);
        const std::size_t values = 3 * std::size_t(w);
        // The evaluation's ratio row (ratioRow, EvalRows.h): ratioSpan, then 0 outside Omega.
        ratioSpan(numerator_->pixel(start, y), edit_->pixel(start, y), denominator_->pixel(start, y), values,
                  er.data(), eg.data());
        const std::uint8_t* keep = om + start;
        for (int x = 0; x < w; ++x)
            if (!keep[x])
                for (int c = 0; c < 3; ++c) er[3 * std::size_t(x) + c] = eg[3 * std::size_t(x) + c] = 0.0;
        float* o = out + std::size_t(start - x0) * std::size_t(channels);
        if (map == DerivedMap::RatioReal || map == DerivedMap::RatioEdit) {
            const double* e = map == DerivedMap::RatioReal ? er.data() : eg.data();
            for (std::size_t f = 0; f < values; ++f) o[f] = float(e[f]);
            continue;
        }
        std::fill(o, o + w, 0.0f);
        if (!standardised_) continue;
        sieDifferences(er.data(), eg.data(), keep, w, z_, absD.data(), absD1.data(), meanAbs.data(), d.data(),
                       zr.data(), zg.data());
        const double* v = map == DerivedMap::Sie ? d.data() : map == DerivedMap::StandardisedRealMean ? zr.data() : zg.data();
        // The kept maps' sum: channel by channel from 0, then divided by 3 and rounded to float.
        for (int x = 0; x < w; ++x) {
            if (!keep[x]) continue;
            double sum = 0.0;
            for (int c = 0; c < 3; ++c) sum += v[3 * std::size_t(x) + std::size_t(c)];
            o[x] = float(sum / 3.0);
        }
    }
}

} // namespace ll
