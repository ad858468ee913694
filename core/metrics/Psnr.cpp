#include "metrics/Psnr.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <vector>

namespace ll {

double psnrRowSum(const float* p, const float* q, int W) {
    double s = 0.0;
    for (int i = 0; i < W * 3; ++i) {
        const double d = double(p[i]) - double(q[i]);
        s += d * d;
    }
    return s;
}

std::optional<double> psnr(const Image& a, const Image& b) {
    const int W = a.width(), H = a.height();
    if (a.empty() || W != b.width() || H != b.height()) return std::nullopt;
    std::vector<double> rows(std::size_t(H), 0.0);
    tbb::parallel_for(0, H, [&](int y) { rows[std::size_t(y)] = psnrRowSum(a.pixel(0, y), b.pixel(0, y), W); });
    return psnrOfRowSums(rows, a.pixelCount());
}

std::optional<double> psnrOfRowSums(const std::vector<double>& rows, std::size_t pixels) {
    double sum = 0.0;
    for (double r : rows) sum += r;
    const double mse = sum / (double(pixels) * 3.0);
    if (!(mse > 0.0) || !std::isfinite(mse)) return std::nullopt;
    return 10.0 * std::log10(1.0 / mse);
}

} // namespace ll
