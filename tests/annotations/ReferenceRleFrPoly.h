#pragma once
// A deliberately literal re-statement of pycocotools' rleFrPoly (cocoapi common/maskApi.c): walk the
// whole boundary on the 5x grid, collect the pixel-centre crossings, sort them, turn them into RLE
// counts (merging zero-length runs as maskApi.c does) and decode the counts. Slow and simple; the
// test compares the project's fast rasteriser against it.
#include "image/Plane.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

namespace ll::test {

// xy: x0,y0,x1,y1,... ; returns RLE counts (column-major runs starting with zeros).
inline std::vector<std::uint64_t> referenceRleFrPoly(const std::vector<double>& xy, int h, int w) {
    const std::size_t k = xy.size() / 2;
    const double scale = 5;
    std::vector<int> x(k + 1), y(k + 1);
    for (std::size_t j = 0; j < k; ++j) x[j] = (int)(scale * xy[j * 2 + 0] + .5);
    x[k] = x[0];
    for (std::size_t j = 0; j < k; ++j) y[j] = (int)(scale * xy[j * 2 + 1] + .5);
    y[k] = y[0];
    std::vector<int> u, v;
    for (std::size_t j = 0; j < k; ++j) {
        int xs = x[j], xe = x[j + 1], ys = y[j], ye = y[j + 1];
        const int dx = std::abs(xe - xs), dy = std::abs(ys - ye);
        const bool flip = (dx >= dy && xs > xe) || (dx < dy && ys > ye);
        if (flip) {
            std::swap(xs, xe);
            std::swap(ys, ye);
        }
        if (dx >= dy) {
            // dx == dy == 0 divides 0 by 0 in maskApi.c; its one point never starts a crossing.
            const double s = dx == 0 ? 0.0 : (double)(ye - ys) / dx;
            for (int d = 0; d <= dx; ++d) {
                const int t = flip ? dx - d : d;
                u.push_back(t + xs);
                v.push_back((int)(ys + s * t + .5));
            }
        } else {
            const double s = (double)(xe - xs) / dy;
            for (int d = 0; d <= dy; ++d) {
                const int t = flip ? dy - d : d;
                v.push_back(t + ys);
                u.push_back((int)(xs + s * t + .5));
            }
        }
    }
    // points along the y-boundary, downsampled
    std::vector<int> bx, by;
    for (std::size_t j = 1; j < u.size(); ++j) {
        if (u[j] == u[j - 1]) continue;
        double xd = (double)(u[j] < u[j - 1] ? u[j] : u[j] - 1);
        xd = (xd + .5) / scale - .5;
        if (std::floor(xd) != xd || xd < 0 || xd > w - 1) continue;
        double yd = (double)(v[j] < v[j - 1] ? v[j] : v[j - 1]);
        yd = (yd + .5) / scale - .5;
        if (yd < 0) yd = 0;
        else if (yd > h) yd = h;
        yd = std::ceil(yd);
        bx.push_back((int)xd);
        by.push_back((int)yd);
    }
    // rle from the boundary points
    std::vector<std::uint64_t> a;
    for (std::size_t j = 0; j < bx.size(); ++j) a.push_back(std::uint64_t(bx[j]) * std::uint64_t(h) + std::uint64_t(by[j]));
    a.push_back(std::uint64_t(h) * std::uint64_t(w));
    std::sort(a.begin(), a.end());
    std::uint64_t p = 0;
    for (auto& e : a) {
        const std::uint64_t t = e;
        e -= p;
        p = t;
    }
    std::vector<std::uint64_t> b;
    std::size_t j = 0;
    b.push_back(a[j++]);
    while (j < a.size()) {
        if (a[j] > 0) b.push_back(a[j++]);
        else {
            j++;
            if (j < a.size()) b.back() += a[j++];
        }
    }
    return b;
}

// rleDecode into a row-major mask.
inline Mask referenceDecode(const std::vector<std::uint64_t>& counts, int h, int w) {
    Mask m(w, h, 0);
    std::uint64_t i = 0;
    std::uint8_t value = 0;
    for (auto c : counts) {
        for (std::uint64_t n = 0; n < c; ++n, ++i)
            if (i < std::uint64_t(h) * std::uint64_t(w)) m(int(i / h), int(i % h)) = value;
        value = !value;
    }
    return m;
}

inline Mask referenceRasterise(const std::vector<double>& xy, int w, int h) {
    return referenceDecode(referenceRleFrPoly(xy, h, w), h, w);
}

} // namespace ll::test
