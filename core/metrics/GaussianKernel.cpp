#include "metrics/GaussianKernel.h"

#include "image/BorderIndex.h"

#include <tbb/parallel_for.h>

#include <cmath>

namespace ll {

int gaussianRadius(double sigma, double truncate) { return int(truncate * sigma + 0.5); }

std::vector<double> gaussianKernel(double sigma, double truncate) {
    const int r = gaussianRadius(sigma, truncate);
    std::vector<double> w(std::size_t(2 * r + 1));
    double sum = 0.0;
    for (int i = -r; i <= r; ++i) {
        const double v = sigma > 0 ? std::exp(-0.5 * double(i) * i / (sigma * sigma)) : (i == 0 ? 1.0 : 0.0);
        w[std::size_t(i + r)] = v;
        sum += v;
    }
    for (double& v : w) v /= sum;
    return w;
}

FloatPlane gaussianBlurExact(const FloatPlane& src, double sigma, double truncate) {
    const int W = src.width(), H = src.height();
    const std::vector<double> w = gaussianKernel(sigma, truncate);
    const int r = int(w.size() / 2);
    std::vector<double> tmp(std::size_t(W) * H);
    tbb::parallel_for(0, H, [&](int y) {
        const float* s = src.row(y);
        double* t = tmp.data() + std::size_t(y) * W;
        for (int x = 0; x < W; ++x) {
            double acc = 0.0;
            for (int i = -r; i <= r; ++i) acc += w[std::size_t(i + r)] * s[reflectIndex(x + i, W)];
            t[x] = acc;
        }
    });
    FloatPlane out(W, H);
    tbb::parallel_for(0, H, [&](int y) {
        float* o = out.row(y);
        for (int x = 0; x < W; ++x) {
            double acc = 0.0;
            for (int i = -r; i <= r; ++i)
                acc += w[std::size_t(i + r)] * tmp[std::size_t(reflectIndex(y + i, H)) * W + x];
            o[x] = float(acc);
        }
    });
    return out;
}

} // namespace ll
