#include "metrics/LightSignal.h"

#include "metrics/EvalRowKernels.h"

#include <tbb/parallel_for.h>

namespace ll {

FloatPlane lightSignal(const Image& on, const Image& off) {
    FloatPlane L;
    lightSignal(on, off, L);
    return L;
}

void lightSignal(const Image& on, const Image& off, FloatPlane& L) {
    L.resize(on.width(), on.height());
    // Row by row with the evaluation's kernel (lightAt's arithmetic, metrics.test_eval_row_kernels).
    tbb::parallel_for(0, on.height(), [&](int y) { lightSpan(on.pixel(0, y), off.pixel(0, y), on.width(), L.row(y)); });
}

} // namespace ll
