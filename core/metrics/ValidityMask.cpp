#include "metrics/ValidityMask.h"

#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <vector>

namespace ll {

const char* exclusionReasonName(ExclusionReason r) {
    switch (r) {
    case ExclusionReason::None: return "valid";
    case ExclusionReason::NonFinite: return "non_finite";
    case ExclusionReason::NonPositiveDenominator: return "non_positive_denominator";
    case ExclusionReason::ClippedReal: return "clipped_real";
    case ExclusionReason::ClippedEdit: return "clipped_edit";
    case ExclusionReason::LowSignal: return "low_signal";
    case ExclusionReason::Window: return "window";
    }
    return "unknown";
}

const Mask& ValidityMasks::byReason(ExclusionReason r) const {
    switch (r) {
    case ExclusionReason::NonFinite: return nonFinite;
    case ExclusionReason::NonPositiveDenominator: return nonPositiveDenominator;
    case ExclusionReason::ClippedReal: return clippedReal;
    case ExclusionReason::ClippedEdit: return clippedEdit;
    case ExclusionReason::LowSignal: return lowSignal;
    case ExclusionReason::Window: return window;
    case ExclusionReason::None: break;
    }
    return omega;
}

void combineExclusions(ValidityMasks& m) {
    const int W = m.nonFinite.width(), H = m.nonFinite.height();
    // Tested in the order of ExclusionReason; the first that applies is the pixel's reason.
    const Mask* order[6] = {&m.nonFinite, &m.nonPositiveDenominator, &m.clippedReal,
                            &m.clippedEdit, &m.lowSignal, &m.window};
    const ExclusionReason codes[6] = {ExclusionReason::NonFinite, ExclusionReason::NonPositiveDenominator,
                                      ExclusionReason::ClippedReal, ExclusionReason::ClippedEdit,
                                      ExclusionReason::LowSignal, ExclusionReason::Window};
    for (const Mask* r : order)
        if (r->width() != W || r->height() != H) throw Error("validity mask", "reason masks differ in size");
    m.reason = Plane<std::uint8_t>(W, H);
    m.omega = Mask(W, H);
    std::vector<std::array<std::size_t, kExclusionReasonCount>> rowCounts(static_cast<std::size_t>(H));
    tbb::parallel_for(0, H, [&](int y) {
        auto& counts = rowCounts[std::size_t(y)];
        counts.fill(0);
        const std::size_t i0 = std::size_t(y) * W;
        for (std::size_t i = i0; i < i0 + std::size_t(W); ++i) {
            std::uint8_t reason = 0;
            for (int k = 0; k < 6 && reason == 0; ++k)
                if ((*order[k])[i]) reason = std::uint8_t(codes[k]);
            m.reason[i] = reason;
            m.omega[i] = reason == 0 ? 1 : 0;
            ++counts[reason];
        }
    });
    m.firstReasonCounts.fill(0);
    for (const auto& c : rowCounts)
        for (int k = 0; k < kExclusionReasonCount; ++k) m.firstReasonCounts[std::size_t(k)] += c[std::size_t(k)];
    m.validPixels = m.firstReasonCounts[0];
}

} // namespace ll
