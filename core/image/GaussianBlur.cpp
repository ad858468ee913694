#include "image/GaussianBlur.h"

#include "image/BorderIndex.h"
#include "image/RecursiveGaussian.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <stdexcept>

namespace ll {

int gaussianRadius(double sigma, double truncate) { return int(truncate * sigma + 0.5); }

std::vector<double> gaussianKernel(double sigma, int r) {
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

std::vector<double> gaussianKernel(double sigma, double truncate) { return gaussianKernel(sigma, gaussianRadius(sigma, truncate)); }

namespace {

FloatPlane exactBlur(const FloatPlane& src, const std::vector<double>& w, GaussianBorder border) {
    const int W = src.width(), H = src.height();
    const int r = int(w.size() / 2);
    auto fold = [border](long long i, int n) { return foldIndex(border, i, n); };
    // Rows: each padded once with the border, then a straight convolution in double.
    std::vector<double> tmp(std::size_t(W) * std::size_t(H));
    tbb::parallel_for(tbb::blocked_range<int>(0, H, 8), [&](const tbb::blocked_range<int>& rows) {
        std::vector<float> padded(static_cast<std::size_t>(W + 2 * r));
        for (int y = rows.begin(); y < rows.end(); ++y) {
            const float* s = src.row(y);
            for (int x = -r; x < W + r; ++x) padded[std::size_t(x + r)] = s[fold(x, W)];
            double* t = tmp.data() + std::size_t(y) * std::size_t(W);
            for (int x = 0; x < W; ++x) {
                const float* p = padded.data() + x;
                double acc = 0.0;
                for (int i = 0; i <= 2 * r; ++i) acc += w[std::size_t(i)] * p[i];
                t[x] = acc;
            }
        }
    });
    // Columns: whole rows accumulated in the taps' order (cache friendly, the same sums per pixel).
    FloatPlane out(W, H);
    tbb::parallel_for(tbb::blocked_range<int>(0, H, 8), [&](const tbb::blocked_range<int>& rows) {
        std::vector<double> acc(static_cast<std::size_t>(W));
        for (int y = rows.begin(); y < rows.end(); ++y) {
            std::fill(acc.begin(), acc.end(), 0.0);
            for (int i = -r; i <= r; ++i) {
                const double k = w[std::size_t(i + r)];
                const double* t = tmp.data() + std::size_t(fold(y + i, H)) * std::size_t(W);
                for (int x = 0; x < W; ++x) acc[std::size_t(x)] += k * t[x];
            }
            float* o = out.row(y);
            for (int x = 0; x < W; ++x) o[x] = float(acc[std::size_t(x)]);
        }
    });
    return out;
}

} // namespace

FloatPlane gaussianBlur(const FloatPlane& src, const GaussianBlurOptions& o) {
    if (!(o.sigma > 0) || src.empty()) return src;
    if (o.method == GaussianMethod::Recursive) {
        if (o.border != GaussianBorder::Reflect) throw std::invalid_argument("the recursive Gaussian has the 'reflect' border only");
        return gaussianBlurRecursive(src, o.sigma);
    }
    const int r = o.radius >= 0 ? o.radius : gaussianRadius(o.sigma, o.truncate);
    return exactBlur(src, gaussianKernel(o.sigma, r), o.border);
}

} // namespace ll
