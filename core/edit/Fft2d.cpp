#include "edit/Fft2d.h"

#include <unsupported/Eigen/FFT>
#include <tbb/parallel_for.h>

namespace ll::edit {

namespace {
void transformLines(std::complex<double>* base, int count, int length, std::size_t lineStride,
                    std::size_t elemStride, bool inverse) {
    tbb::parallel_for(tbb::blocked_range<int>(0, count, 8), [&](const auto& r) {
        Eigen::FFT<double> fft; // plans are cached per object: one per chunk, never shared
        std::vector<std::complex<double>> in(length), out(length);
        for (int l = r.begin(); l < r.end(); ++l) {
            std::complex<double>* p = base + std::size_t(l) * lineStride;
            for (int i = 0; i < length; ++i) in[i] = p[std::size_t(i) * elemStride];
            if (inverse) fft.inv(out.data(), in.data(), length);
            else fft.fwd(out.data(), in.data(), length);
            for (int i = 0; i < length; ++i) p[std::size_t(i) * elemStride] = out[i];
        }
    });
}
} // namespace

void fft2d(ComplexRaster& d, bool inverse) {
    if (d.width == 0 || d.height == 0) return;
    transformLines(d.values.data(), d.height, d.width, std::size_t(d.width), 1, inverse);
    transformLines(d.values.data(), d.width, d.height, 1, std::size_t(d.width), inverse);
}

int fastFftSize(int n) {
    for (int m = std::max(n, 1);; ++m) {
        int k = m;
        for (int p : {2, 3, 5})
            while (k % p == 0) k /= p;
        if (k == 1) return m;
    }
}

} // namespace ll::edit
