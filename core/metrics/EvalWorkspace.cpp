#include "metrics/EvalWorkspace.h"

namespace ll {
namespace {

template <typename P>
void ensure(P& p, int W, int H) {
    if (p.width() != W || p.height() != H) p = P(W, H);
}

} // namespace

void EvalWorkspace::ensureSize(int W, int H, bool gradients, bool withLight, bool withBlurred) {
    if (withLight) ensure(light, W, H);
    else light = FloatPlane();
    if (withBlurred) ensure(blurred, W, H);
    else blurred = FloatPlane();
    ensure(reason, W, H);
    ensure(omega, W, H);
    ensure(domain, W, H);
    ensure(omega80Bits, W, H);
    ensure(bands, W, H);
    if (gradients) {
        ensure(gradReal, W, H);
        ensure(gradEdit, W, H);
    } else {
        gradReal = Image();
        gradEdit = Image();
    }
}

} // namespace ll
