#include "image/Ssim.h"

#include "image/GaussianBlur.h"
#include "util/SimdClones.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <array>
#include <vector>

// The filter loops are compiled for AVX-512 and AVX2 as well as the baseline, chosen at run time
// (util/SimdClones.h). Every lane does the same double operations in the same order as the scalar loop,
// with no fused multiply-add: the result is the same bit for bit on every machine
// (tests/metrics/test_classic_metrics.cpp checks it).

namespace ll {

namespace {

// Symmetric taps w[0..2R] (w[t] = w[2R-t]) applied to rows[0..2R] at each x in [0, n):
//   o[x] = w[R] rows[R][x] + sum over t = 0..R-1 of w[t] (rows[t][x] + rows[2R-t][x]),
// added in that order. A horizontal pass gives rows[t] = s + t.
template <int R>
[[gnu::always_inline]] inline void symmetricTaps(const double* const* rows, double* __restrict o, int n, const double* w) {
    const double* p[2 * R + 1];
    double wt[R + 1];
    for (int t = 0; t <= 2 * R; ++t) p[t] = rows[t];
    for (int t = 0; t <= R; ++t) wt[t] = w[t];
    for (int x = 0; x < n; ++x) {
        double acc = wt[R] * p[R][x];
        for (int t = 0; t < R; ++t) acc += wt[t] * (p[t][x] + p[2 * R - t][x]);
        o[x] = acc;
    }
}

// Any radius: the same sums, built up over whole rows.
[[gnu::always_inline]] inline void symmetricTapsAny(const double* const* rows, double* __restrict o, int n,
                                                    const double* w, int r) {
    const double wc = w[r];
    const double* c = rows[r];
    for (int x = 0; x < n; ++x) o[x] = wc * c[x];
    for (int t = 0; t < r; ++t) {
        const double wt = w[t];
        const double* lo = rows[t];
        const double* hi = rows[2 * r - t];
        for (int x = 0; x < n; ++x) o[x] += wt * (lo[x] + hi[x]);
    }
}

LL_SIMD_CLONES void filterRows(const double* const* rows, double* o, int n, const double* w, int r) {
    if (r == 5) symmetricTaps<5>(rows, o, n, w);
    else symmetricTapsAny(rows, o, n, w, r);
}

// K vertical outputs at once: o[k] from rows[k .. k + 2R], each with exactly the operations of
// symmetricTaps; the 2R + K input rows are loaded once for all K (the vertical pass reads its rows from
// the ring in the second-level cache, and this divides those reads by about K). Written with explicit
// vectors of 8 doubles (GCC lowers them to the clone's registers): the plain loop over K outputs is
// not vectorised.
typedef double D8 __attribute__((vector_size(8 * sizeof(double))));
template <int R, int K>
[[gnu::always_inline]] inline void symmetricTapsMany(const double* const* rows, double* const* o, int n,
                                                     const double* w) {
    const double* p[2 * R + K];
    double* q[K];
    double wt[R + 1];
    for (int t = 0; t < 2 * R + K; ++t) p[t] = rows[t];
    for (int k = 0; k < K; ++k) q[k] = o[k];
    for (int t = 0; t <= R; ++t) wt[t] = w[t];
    int x = 0;
    for (; x + 8 <= n; x += 8) {
        D8 v[2 * R + K];
        for (int t = 0; t < 2 * R + K; ++t) std::memcpy(&v[t], p[t] + x, sizeof(D8));
        D8 a[K];
        for (int k = 0; k < K; ++k) a[k] = wt[R] * v[R + k];
        for (int t = 0; t < R; ++t)
            for (int k = 0; k < K; ++k) a[k] += wt[t] * (v[t + k] + v[2 * R + k - t]);
        for (int k = 0; k < K; ++k) std::memcpy(q[k] + x, &a[k], sizeof(D8));
    }
    for (; x < n; ++x)
        for (int k = 0; k < K; ++k) {
            double a = wt[R] * p[R + k][x];
            for (int t = 0; t < R; ++t) a += wt[t] * (p[t + k][x] + p[2 * R + k - t][x]);
            q[k][x] = a;
        }
}

constexpr int kRowsAtOnce = 4;

// filterRows(rows + k, o[k]) for k = 0 .. kRowsAtOnce - 1: the same values.
LL_SIMD_CLONES void filterRowsMany(const double* const* rows, double* const* o, int n, const double* w, int r) {
    if (r == 5) {
        symmetricTapsMany<5, kRowsAtOnce>(rows, o, n, w);
    } else {
        for (int k = 0; k < kRowsAtOnce; ++k) symmetricTapsAny(rows + k, o[k], n, w, r);
    }
}

// The SSIM index of one row from the five filtered moments (ssim() and ssimMaps() alike), then its sum
// in column order.
LL_SIMD_CLONES double ssimRowSum(const double* mx, const double* my, const double* mxx, const double* myy,
                                 const double* mxy, double* __restrict map, int n, double C1, double C2) {
    for (int x = 0; x < n; ++x) {
        const double ux = mx[x], uy = my[x];
        const double vx = mxx[x] - ux * ux, vy = myy[x] - uy * uy, vxy = mxy[x] - ux * uy;
        map[x] = ((2 * ux * uy + C1) * (2 * vxy + C2)) / ((ux * ux + uy * uy + C1) * (vx + vy + C2));
    }
    double sum = 0.0;
    for (int x = 0; x < n; ++x) sum += map[x];
    return sum;
}

// The values and products of source columns that lie inside the signal, `Stride` floats apart.
template <int Stride>
[[gnu::always_inline]] inline void sourceRowInside(const float* __restrict pa, const float* __restrict pb, int n,
                                                   double* __restrict ua, double* __restrict ub, double* __restrict uu,
                                                   double* __restrict vv, double* __restrict uv) {
    for (int i = 0; i < n; ++i) {
        const double u = pa[std::size_t(i) * Stride], v = pb[std::size_t(i) * Stride];
        ua[i] = u;
        ub[i] = v;
        uu[i] = u * u;
        vv[i] = v * v;
        uv[i] = u * v;
    }
}

// One source row of both signals as doubles at columns x = xa .. xa + n - 1 (folded into [0, W) by
// `border` where they fall outside), `stride` floats apart, and the three products.
LL_SIMD_CLONES void sourceRow(const float* pa, const float* pb, int stride, int W, int xa, int n, GaussianBorder border,
                              double* __restrict ua, double* __restrict ub, double* __restrict uu,
                              double* __restrict vv, double* __restrict uv) {
    if (xa >= 0 && xa + n <= W) { // the usual case: no column folded
        const std::size_t at = std::size_t(xa) * std::size_t(stride);
        if (stride == 3) return sourceRowInside<3>(pa + at, pb + at, n, ua, ub, uu, vv, uv);
        if (stride == 1) return sourceRowInside<1>(pa + at, pb + at, n, ua, ub, uu, vv, uv);
    }
    for (int i = 0; i < n; ++i) {
        const int xi = xa + i >= 0 && xa + i < W ? xa + i : foldIndex(border, xa + i, W);
        const std::size_t x = std::size_t(xi) * std::size_t(stride);
        const double u = pa[x], v = pb[x];
        ua[i] = u;
        ub[i] = v;
        uu[i] = u * u;
        vv[i] = v * v;
        uv[i] = u * v;
    }
}

// Two signals of W x H samples, sample (x, y) at base[(y W + x) stride].
struct SignalPair {
    const float* a;
    const float* b;
    int stride, W, H;
    const float* rowA(int y) const { return a + std::size_t(y) * std::size_t(W) * std::size_t(stride); }
    const float* rowB(int y) const { return b + std::size_t(y) * std::size_t(W) * std::size_t(stride); }
};

// Two signals of W x H samples (3 floats per pixel, rows after each other) given by a caller a group
// of rows at a time (ssimOfRows): momentRows asks for a band's source rows in increasing order, so a
// buffer of `group` rows serves it. Rows from `end` on are never asked for.
struct StreamedPair {
    const SsimRowSource& fetch;
    int stride, W, H, group, end;
    std::vector<float>& bufA;
    std::vector<float>& bufB;
    int b0 = 0, b1 = 0; // the rows in the buffers
    void hold(int y) {
        if (y >= b0 && y < b1) return;
        b0 = y;
        b1 = std::min(end, y + group);
        const std::size_t n = std::size_t(b1 - b0) * std::size_t(W) * std::size_t(stride);
        if (bufA.size() < n) bufA.resize(n);
        if (bufB.size() < n) bufB.resize(n);
        fetch(b0, b1, bufA.data(), bufB.data());
    }
    std::size_t offset(int y) const { return std::size_t(y - b0) * std::size_t(W) * std::size_t(stride); }
    const float* rowA(int y) {
        hold(y);
        return bufA.data() + offset(y);
    }
    const float* rowB(int y) {
        hold(y);
        return bufB.data() + offset(y);
    }
};

// The five local moments (means of x, y, xx, yy, xy under the window w) of output rows [ya, yb) and
// columns [xa, xa + n) of `channels` signals, channel c's samples at s.a + c and s.b + c (channels
// interleaved by s.stride), source rows and columns outside the signal folded by `border`:
// fn(c, y, m) with m holding the five moments n values apart. Rows and columns are filtered in double
// in the taps' order. The channels of a source row are read one right after the other, so the row
// comes from memory once.
template <typename Source, typename Fn>
void momentRows(Source& s, int channels, int ya, int yb, int xa, int n, const std::vector<double>& w,
                GaussianBorder border, SsimScratch::Buffers& buf, Fn&& fn) {
    const int r = int(w.size() / 2);
    const int taps = 2 * r + 1;
    // Per channel, the horizontally filtered x, y, xx, yy, xy of the last source rows, a ring: source
    // row j is in slot (j - (ya - r)) mod (taps + kRowsAtOnce - 1).
    std::vector<double>& ring = buf.filtered;
    std::vector<double>& ua = buf.rowA; // one source row of each signal, and the products
    std::vector<double>& ub = buf.rowB;
    std::vector<double>& uu = buf.rowAA;
    std::vector<double>& vv = buf.rowBB;
    std::vector<double>& uv = buf.rowAB;
    std::vector<double>& m = buf.vertical;
    const std::size_t nn = std::size_t(n);
    const int wide = n + 2 * r; // the source columns of the outputs' windows
    // The ring holds taps + kRowsAtOnce - 1 source rows: output rows are filtered kRowsAtOnce at a time
    // (filterRowsMany), the last rows of a band one by one.
    constexpr int K = kRowsAtOnce;
    const int slots = taps + K - 1;
    const std::size_t ringSize = std::size_t(slots) * 5 * nn; // per channel
    ring.resize(std::size_t(channels) * ringSize);
    for (std::vector<double>* v : {&ua, &ub, &uu, &vv, &uv}) v->resize(std::size_t(wide));
    m.resize(5 * std::size_t(K) * nn); // the moments of K output rows, output row k at 5 k nn
    std::vector<const double*>& rows = buf.rows;
    rows.resize(std::size_t(slots));
    auto slot = [&](int c, int j, int q) {
        return ring.data() + std::size_t(c) * ringSize + (std::size_t((j - (ya - r)) % slots) * 5 + std::size_t(q)) * nn;
    };
    const int grouped = ya + (yb - ya) / K * K; // rows [ya, grouped) in groups of K
    for (int j = ya - r; j < yb + r; ++j) {
        const int sy = j >= 0 && j < s.H ? j : foldIndex(border, j, s.H);
        const int y = j - r; // the last output row whose window ends at or before source row j
        for (int c = 0; c < channels; ++c) {
            sourceRow(s.rowA(sy) + c, s.rowB(sy) + c, s.stride, s.W, xa - r, wide, border, ua.data(), ub.data(),
                      uu.data(), vv.data(), uv.data());
            // Output column xa + i needs source columns i .. i + 2r of the row.
            const double* src[5] = {ua.data(), ub.data(), uu.data(), vv.data(), uv.data()};
            for (int q = 0; q < 5; ++q) {
                for (int t = 0; t < taps; ++t) rows[std::size_t(t)] = src[q] + t;
                filterRows(rows.data(), slot(c, j, q), n, w.data(), r);
            }
            if (y < ya) continue;
            if (y < grouped) {
                if ((y - ya) % K != K - 1) continue; // the group's last row has arrived
                const int first = y - (K - 1);
                for (int q = 0; q < 5; ++q) {
                    double* outs[K];
                    for (int k = 0; k < K; ++k) outs[k] = m.data() + (std::size_t(5 * k + q)) * nn;
                    for (int t = 0; t < taps + K - 1; ++t) rows[std::size_t(t)] = slot(c, first - r + t, q);
                    filterRowsMany(rows.data(), outs, n, w.data(), r);
                }
                for (int k = 0; k < K; ++k) fn(c, first + k, m.data() + std::size_t(5 * k) * nn);
            } else {
                for (int q = 0; q < 5; ++q) {
                    for (int t = 0; t < taps; ++t) rows[std::size_t(t)] = slot(c, y - r + t, q);
                    filterRows(rows.data(), m.data() + std::size_t(q) * nn, n, w.data(), r);
                }
                fn(c, y, m.data());
            }
        }
    }
}

// Bands of output rows [y0, y1), each filtering its rows plus a 2r halo: a few bands per thread (at
// least 64 rows each) balance the load without much halo. fn(ya, yb) per band, in parallel.
template <typename Fn>
void forRowBands(int y0, int y1, Fn&& fn) {
    const int bandsWanted = 4 * std::max(1, tbb::this_task_arena::max_concurrency());
    const int kChunk = std::max(64, (y1 - y0 + bandsWanted - 1) / bandsWanted);
    const int chunks = (y1 - y0 + kChunk - 1) / kChunk;
    tbb::parallel_for(0, chunks, [&](int chunk) {
        const int ya = y0 + chunk * kChunk, yb = std::min(y1, ya + kChunk);
        fn(ya, yb);
    });
}

std::vector<double> windowTaps(const SsimParams& p) {
    return p.radius >= 0 ? gaussianKernel(p.sigma, p.radius) : gaussianKernel(p.sigma, p.truncate);
}

// The local moments of two planes at every pixel under p's window: fn(row, m, buffers) per row, m
// holding the five moments W values apart (ssimMaps and localMoments). Throws std::invalid_argument
// naming `what` when the planes differ in size.
template <typename Fn>
void planeMomentRows(const FloatPlane& x, const FloatPlane& y, const SsimParams& p, const char* what, Fn&& fn) {
    const int W = x.width(), H = x.height();
    if (y.width() != W || y.height() != H) throw std::invalid_argument(std::string(what) + ": the planes differ in size");
    if (W == 0 || H == 0) return;
    const std::vector<double> w = windowTaps(p);
    SsimScratch sc;
    forRowBands(0, H, [&](int ya, int yb) {
        SsimScratch::Buffers& buf = sc.perThread.local();
        SignalPair s{x.data(), y.data(), 1, W, H};
        momentRows(s, 1, ya, yb, 0, W, w, p.border, buf, [&](int, int row, const double* m) { fn(row, m, buf); });
    });
}

// The variances (clamped at 0: rounding can take E[x^2] - E[x]^2 below it) and the covariance of value
// i of a row of moments m, n values apart.
struct Spread {
    double varX, varY, cov;
};
inline Spread spreadAt(const double* m, std::size_t n, std::size_t i) {
    const double ux = m[i], uy = m[n + i];
    return {std::max(0.0, m[2 * n + i] - ux * ux), std::max(0.0, m[3 * n + i] - uy * uy), m[4 * n + i] - ux * uy};
}

} // namespace

namespace {

// What ssim() averages: the cropped area (the window's radius from each edge) and the constants.
struct SsimFrame {
    std::vector<double> w;
    double C1 = 0.0, C2 = 0.0;
    int y0 = 0, y1 = 0, x0 = 0, n = 0;
};

std::optional<SsimFrame> ssimFrame(int W, int H, const SsimParams& p) {
    SsimFrame f;
    f.w = windowTaps(p);
    const int taps = int(f.w.size());
    if (W < taps || H < taps) return std::nullopt;
    f.C1 = (p.k1 * p.range) * (p.k1 * p.range);
    f.C2 = (p.k2 * p.range) * (p.k2 * p.range);
    const int pad = (taps - 1) / 2;
    f.y0 = pad;
    f.y1 = H - pad;
    f.x0 = pad;
    const int x1 = W - pad;
    if (f.y1 <= f.y0 || x1 <= f.x0) return std::nullopt;
    f.n = x1 - f.x0;
    return f;
}

// The SSIM map's sum over the cropped columns of each cropped output row in [ya, yb) of each of the
// `channels` signals of s, channel c's into rowSums[y][first + c]. The window of a cropped pixel lies
// inside the image (the crop is the window's radius): the border is never reached.
template <typename Source>
void bandRowSums(Source&& s, int channels, int first, int ya, int yb, const SsimFrame& f,
                 GaussianBorder border, SsimScratch::Buffers& buf, std::vector<std::array<double, 3>>& rowSums) {
    const std::size_t nn = std::size_t(f.n);
    buf.map.resize(nn);
    momentRows(s, channels, ya, yb, f.x0, f.n, f.w, border, buf, [&](int c, int y, const double* mx) {
        rowSums[std::size_t(y)][std::size_t(first + c)] =
            ssimRowSum(mx, mx + nn, mx + 2 * nn, mx + 3 * nn, mx + 4 * nn, buf.map.data(), f.n, f.C1, f.C2);
    });
}

double meanOverChannels(const std::vector<std::array<double, 3>>& rowSums, const SsimFrame& f) {
    std::array<double, 3> total{};
    for (int y = f.y0; y < f.y1; ++y)
        for (std::size_t c = 0; c < 3; ++c) total[c] += rowSums[std::size_t(y)][c];
    const double count = double(f.y1 - f.y0) * double(f.n);
    return (total[0] / count + total[1] / count + total[2] / count) / 3.0;
}

} // namespace

std::optional<double> ssim(const Image& a, const Image& b, const SsimParams& p, SsimScratch* scratch) {
    SsimScratch own;
    SsimScratch& sc = scratch ? *scratch : own;
    const int W = a.width(), H = a.height();
    if (W != b.width() || H != b.height()) return std::nullopt;
    const std::optional<SsimFrame> f = ssimFrame(W, H, p);
    if (!f) return std::nullopt;
    std::vector<std::array<double, 3>> rowSums(static_cast<std::size_t>(H));
    forRowBands(f->y0, f->y1, [&](int ya, int yb) {
        bandRowSums(SignalPair{a.data(), b.data(), 3, W, H}, 3, 0, ya, yb, *f, p.border, sc.perThread.local(), rowSums);
    });
    return meanOverChannels(rowSums, *f);
}

std::optional<double> ssimOfRows(int W, int H, int group, const SsimRowSource& rows, const SsimParams& p,
                                 SsimScratch* scratch) {
    SsimScratch own;
    SsimScratch& sc = scratch ? *scratch : own;
    const std::optional<SsimFrame> f = ssimFrame(W, H, p);
    if (!f) return std::nullopt;
    const int r = (int(f->w.size()) - 1) / 2; // the crop is the radius: a band's rows never fold
    std::vector<std::array<double, 3>> rowSums(static_cast<std::size_t>(H));
    forRowBands(f->y0, f->y1, [&](int ya, int yb) {
        SsimScratch::Buffers& buf = sc.perThread.local();
        bandRowSums(StreamedPair{rows, 3, W, H, std::max(1, group), yb + r, buf.sourceA, buf.sourceB}, 3, 0, ya, yb, *f,
                    p.border, buf, rowSums);
    });
    return meanOverChannels(rowSums, *f);
}

SsimMaps ssimMaps(const FloatPlane& x, const FloatPlane& y, const SsimParams& p) {
    const int W = x.width();
    SsimMaps out{FloatPlane(W, x.height()), FloatPlane(W, x.height())};
    const double C1 = (p.k1 * p.range) * (p.k1 * p.range), C2 = (p.k2 * p.range) * (p.k2 * p.range), C3 = C2 / 2;
    const std::size_t nn = std::size_t(W);
    planeMomentRows(x, y, p, "ssimMaps", [&](int row, const double* m, SsimScratch::Buffers& buf) {
        buf.map.resize(nn);
        ssimRowSum(m, m + nn, m + 2 * nn, m + 3 * nn, m + 4 * nn, buf.map.data(), W, C1, C2);
        float* index = out.ssim.row(row);
        float* structure = out.structure.row(row);
        for (int i = 0; i < W; ++i) {
            index[i] = float(buf.map[std::size_t(i)]);
            const Spread d = spreadAt(m, nn, std::size_t(i));
            structure[i] = float((d.cov + C3) / (std::sqrt(d.varX * d.varY) + C3));
        }
    });
    return out;
}

LocalMoments localMoments(const FloatPlane& x, const FloatPlane& y, const SsimParams& window) {
    const int W = x.width(), H = x.height();
    LocalMoments out{FloatPlane(W, H), FloatPlane(W, H), FloatPlane(W, H), FloatPlane(W, H), FloatPlane(W, H)};
    const std::size_t nn = std::size_t(W);
    planeMomentRows(x, y, window, "localMoments", [&](int row, const double* m, SsimScratch::Buffers&) {
        float* mx = out.meanX.row(row);
        float* my = out.meanY.row(row);
        float* vx = out.varX.row(row);
        float* vy = out.varY.row(row);
        float* cv = out.cov.row(row);
        for (int i = 0; i < W; ++i) {
            const Spread d = spreadAt(m, nn, std::size_t(i));
            mx[i] = float(m[i]);
            my[i] = float(m[nn + std::size_t(i)]);
            vx[i] = float(d.varX);
            vy[i] = float(d.varY);
            cv[i] = float(d.cov);
        }
    });
    return out;
}

} // namespace ll
