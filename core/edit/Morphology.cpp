#include "edit/Morphology.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <vector>

namespace ll::edit {

namespace {
constexpr double kInf = 1e20;

// 1-D squared distance transform of f (length n) into d, using scratch v (n) and z (n+1).
void edt1d(const double* f, double* d, int n, int* v, double* z) {
    int k = 0;
    v[0] = 0;
    z[0] = -kInf;
    z[1] = kInf;
    for (int q = 1; q < n; ++q) {
        if (f[q] >= kInf) continue;
        if (f[v[k]] >= kInf) { // the envelope so far holds only infinite parabolas: replace
            v[k] = q;
            continue;
        }
        double s;
        while (true) {
            s = ((f[q] + double(q) * q) - (f[v[k]] + double(v[k]) * v[k])) / (2.0 * q - 2.0 * v[k]);
            if (s <= z[k] && k > 0) --k;
            else break;
        }
        ++k;
        v[k] = q;
        z[k] = s;
        z[k + 1] = kInf;
    }
    if (f[v[0]] >= kInf && k == 0) {
        for (int q = 0; q < n; ++q) d[q] = kInf;
        return;
    }
    k = 0;
    for (int q = 0; q < n; ++q) {
        while (z[k + 1] < q) ++k;
        const double dq = q - v[k];
        d[q] = dq * dq + f[v[k]];
    }
}
} // namespace

FloatPlane squaredDistanceToSet(const Mask& mask) {
    const int w = mask.width(), h = mask.height();
    std::vector<double> g(std::size_t(w) * h);
    // Columns first.
    tbb::parallel_for(tbb::blocked_range<int>(0, w, 16), [&](const auto& r) {
        std::vector<double> f(h), d(h), z(h + 1);
        std::vector<int> v(h);
        for (int x = r.begin(); x < r.end(); ++x) {
            for (int y = 0; y < h; ++y) f[y] = mask(x, y) ? 0.0 : kInf;
            edt1d(f.data(), d.data(), h, v.data(), z.data());
            for (int y = 0; y < h; ++y) g[std::size_t(y) * w + x] = d[y];
        }
    });
    FloatPlane out(w, h);
    tbb::parallel_for(tbb::blocked_range<int>(0, h, 16), [&](const auto& r) {
        std::vector<double> d(w), z(w + 1);
        std::vector<int> v(w);
        for (int y = r.begin(); y < r.end(); ++y) {
            edt1d(g.data() + std::size_t(y) * w, d.data(), w, v.data(), z.data());
            for (int x = 0; x < w; ++x) out(x, y) = float(std::min(d[x], kInf));
        }
    });
    return out;
}

Mask dilateDisk(const Mask& mask, double radius) {
    if (radius <= 0) return mask;
    const FloatPlane d2 = squaredDistanceToSet(mask);
    Mask out(mask.width(), mask.height());
    const double r2 = radius * radius;
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = d2[i] <= r2 ? 1 : 0;
    return out;
}

Mask invertMask(const Mask& m) {
    Mask out(m.width(), m.height());
    for (std::size_t i = 0; i < m.size(); ++i) out[i] = m[i] ? 0 : 1;
    return out;
}

Mask andMask(const Mask& a, const Mask& b) {
    Mask out(a.width(), a.height());
    for (std::size_t i = 0; i < a.size(); ++i) out[i] = (a[i] && b[i]) ? 1 : 0;
    return out;
}

Mask andNotMask(const Mask& a, const Mask& b) {
    Mask out(a.width(), a.height());
    for (std::size_t i = 0; i < a.size(); ++i) out[i] = (a[i] && !b[i]) ? 1 : 0;
    return out;
}

Mask withoutBorder(const Mask& m, int width) {
    Mask out = m;
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width(); ++x)
            if (x < width || y < width || x >= m.width() - width || y >= m.height() - width) out(x, y) = 0;
    return out;
}

} // namespace ll::edit
