#include "image/Resample.h"

#include "image/AxisResampling.h"
#include "util/Error.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace ll {

namespace {

constexpr int C = Image::kChannels;

// One row along x: out[i] = sum_t w(i, t) in[first(i) + t], per channel, summed in double.
void resampleRow(const float* in, float* out, const AxisWeights& wx) {
    const std::size_t n = wx.first.size();
    for (std::size_t i = 0; i < n; ++i) {
        const float* p = in + std::size_t(wx.first[i]) * C;
        const double* w = wx.weights.data() + i * std::size_t(wx.stride);
        double a0 = 0, a1 = 0, a2 = 0;
        for (int t = 0; t < wx.count[i]; ++t, p += C) {
            a0 += w[t] * p[0];
            a1 += w[t] * p[1];
            a2 += w[t] * p[2];
        }
        out[i * C] = float(a0);
        out[i * C + 1] = float(a1);
        out[i * C + 2] = float(a2);
    }
}

} // namespace

Image resampleLinear(const Image& src, int width, int height) {
    if (width <= 0 || height <= 0) throw Error(src.info.path.empty() ? "resize" : src.info.path,
                                               "target size must be positive");
    if (src.width() == width && src.height() == height) return src;
    if (src.empty()) throw Error(src.info.path.empty() ? "resize" : src.info.path, "cannot resize an empty image");
    const AxisWeights wx = resamplingWeights(src.width(), width);
    const AxisWeights wy = resamplingWeights(src.height(), height);
    const std::size_t rowOut = std::size_t(width) * C;

    // Pass 1, along x: every input row to the output width.
    std::vector<float> mid(std::size_t(src.height()) * rowOut);
    tbb::parallel_for(tbb::blocked_range<int>(0, src.height()), [&](const tbb::blocked_range<int>& r) {
        for (int y = r.begin(); y < r.end(); ++y)
            resampleRow(src.pixel(0, y), mid.data() + std::size_t(y) * rowOut, wx);
    });

    // Pass 2, along y: each output row from its input rows.
    Image out(width, height);
    tbb::parallel_for(tbb::blocked_range<int>(0, height), [&](const tbb::blocked_range<int>& r) {
        std::vector<double> acc(rowOut);
        for (int y = r.begin(); y < r.end(); ++y) {
            std::fill(acc.begin(), acc.end(), 0.0);
            const double* w = wy.weights.data() + std::size_t(y) * std::size_t(wy.stride);
            for (int t = 0; t < wy.count[std::size_t(y)]; ++t) {
                const float* m = mid.data() + std::size_t(wy.first[std::size_t(y)] + t) * rowOut;
                for (std::size_t i = 0; i < rowOut; ++i) acc[i] += w[t] * m[i];
            }
            float* o = out.pixel(0, y);
            for (std::size_t i = 0; i < rowOut; ++i) o[i] = float(acc[i]);
        }
    });
    out.info = src.info;
    return out;
}

Mask resampleMaskAny(const Mask& src, int width, int height) {
    if (width <= 0 || height <= 0) throw Error("resize", "target size must be positive");
    if (src.width() == width && src.height() == height) return src;
    if (src.empty()) throw Error("resize", "cannot resize an empty mask");
    const int W0 = src.width(), H0 = src.height();
    std::vector<FootprintRange> fx(static_cast<std::size_t>(width)), fy(static_cast<std::size_t>(height));
    for (int i = 0; i < width; ++i) fx[std::size_t(i)] = footprint(W0, width, i);
    for (int i = 0; i < height; ++i) fy[std::size_t(i)] = footprint(H0, height, i);

    // Along x: any set input pixel under each output column's footprint.
    Mask mid(width, H0);
    tbb::parallel_for(tbb::blocked_range<int>(0, H0), [&](const tbb::blocked_range<int>& r) {
        for (int y = r.begin(); y < r.end(); ++y) {
            const std::uint8_t* in = src.row(y);
            std::uint8_t* o = mid.row(y);
            for (int i = 0; i < width; ++i) {
                std::uint8_t any = 0;
                for (int j = fx[std::size_t(i)].first; j <= fx[std::size_t(i)].last; ++j) any |= (in[j] != 0);
                o[i] = any;
            }
        }
    });
    // Along y.
    Mask out(width, height);
    tbb::parallel_for(tbb::blocked_range<int>(0, height), [&](const tbb::blocked_range<int>& r) {
        for (int y = r.begin(); y < r.end(); ++y) {
            std::uint8_t* o = out.row(y);
            for (int j = fy[std::size_t(y)].first; j <= fy[std::size_t(y)].last; ++j) {
                const std::uint8_t* m = mid.row(j);
                for (int i = 0; i < width; ++i) o[i] |= m[i];
            }
        }
    });
    return out;
}

void checkAspectRatio(int srcW, int srcH, int dstW, int dstH, const std::string& subject, bool allow,
                      double tolerance) {
    if (allow) return;
    const double a = double(srcW) / srcH, b = double(dstW) / dstH;
    if (std::abs(a / b - 1.0) > tolerance) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      "aspect ratio %dx%d differs from the evaluation size %dx%d by more than %.0f%% "
                      "(use --allow-aspect to resample anyway)",
                      srcW, srcH, dstW, dstH, tolerance * 100);
        throw Error(subject, buf);
    }
}

} // namespace ll
