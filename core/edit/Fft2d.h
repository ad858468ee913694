#pragma once
// Two-dimensional discrete Fourier transform of a complex raster, built from Eigen's FFT module
// (unsupported/Eigen/FFT, kissfft backend): rows, then columns, each set in parallel with TBB.
#include <complex>
#include <vector>

namespace ll::edit {

struct ComplexRaster {
    int width = 0;
    int height = 0;
    std::vector<std::complex<double>> values; // row-major
    std::complex<double>& operator()(int x, int y) { return values[std::size_t(y) * width + x]; }
    std::complex<double> operator()(int x, int y) const { return values[std::size_t(y) * width + x]; }
};

// In place. The inverse is scaled by 1 / (width * height), so inverse(forward(a)) == a.
void fft2d(ComplexRaster& data, bool inverse);

// Smallest n' >= n whose only prime factors are 2, 3 and 5 (fast sizes for the FFT).
int fastFftSize(int n);

} // namespace ll::edit
