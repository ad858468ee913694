#include "annotations/CocoPolygonRule.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ll {

namespace {

constexpr double kMaxCoordinate = 1e8;

// (int)(5*v + 0.5) as C computes it, after clamping absurd values into range.
int gridCoordinate(double v) {
    if (!(v == v)) v = 0; // NaN
    v = std::clamp(v, -kMaxCoordinate, kMaxCoordinate);
    return static_cast<int>(5.0 * v + .5);
}

// A double estimate as an integer, kept far from overflow.
long long toIndex(double v) {
    if (!(v == v)) return 0;
    return static_cast<long long>(std::clamp(v, -1e15, 1e15));
}

long long floorDiv(long long a, long long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
long long ceilDiv(long long a, long long b) { return -floorDiv(-a, b); }

// Smallest t in [0, last] where the monotone predicate holds (last + 1 when it never does),
// starting from an estimate.
template <class Pred>
long long firstTrue(long long estimate, long long last, const Pred& holds) {
    long long t = std::clamp<long long>(estimate, 0, last + 1);
    while (t > 0 && holds(t - 1)) --t;
    while (t <= last && !holds(t)) ++t;
    return t;
}

struct ToggleSink {
    int width, height;
    std::vector<std::uint64_t>& out;
    void crossing(long long column, long long gridYMin) const {
        long long row = std::clamp<long long>(ceilDiv(gridYMin - 2, 5), 0, height);
        out.push_back(std::uint64_t(column) * std::uint64_t(height) + std::uint64_t(row));
    }
};

void edgeToggles(int xs, int ys, int xe, int ye, const ToggleSink& sink) {
    const int dx = std::abs(xe - xs), dy = std::abs(ys - ye);
    const bool flip = (dx >= dy && xs > xe) || (dx < dy && ys > ye);
    if (flip) {
        std::swap(xs, xe);
        std::swap(ys, ye);
    }
    const long long lastColumn = sink.width - 1;
    if (dx >= dy) {
        if (dx == 0) return; // a repeated vertex: one point, no crossing
        const double s = static_cast<double>(ye - ys) / dx;
        // u(t) = xs + t; the pair (t, t+1) crosses column n when xs + t = 5n + 2, t in [0, dx-1].
        const long long nFirst = std::max<long long>(0, ceilDiv(xs - 2LL, 5));
        const long long nLast = std::min<long long>(lastColumn, floorDiv(xe - 3LL, 5));
        for (long long n = nFirst; n <= nLast; ++n) {
            const int t = static_cast<int>(5 * n + 2 - xs);
            const int v0 = static_cast<int>(ys + s * t + .5);
            const int v1 = static_cast<int>(ys + s * (t + 1) + .5);
            sink.crossing(n, std::min(v0, v1));
        }
    } else {
        if (xs == xe) return; // vertical: the grid x never changes
        const double s = static_cast<double>(xe - xs) / dy;
        const auto u = [&](long long t) { return static_cast<int>(xs + s * static_cast<int>(t) + .5); };
        const int lo = std::min(xs, xe), hi = std::max(xs, xe);
        const long long nFirst = std::max<long long>(0, floorDiv(lo - 2LL, 5));
        const long long nLast = std::min<long long>(lastColumn, floorDiv(hi - 2LL, 5) + 1);
        for (long long n = nFirst; n <= nLast; ++n) {
            const long long c = 5 * n + 2;
            long long t1; // the pair (t1-1, t1) is the only one whose grid x can go c <-> above c
            if (s > 0) {
                t1 = firstTrue(toIndex(std::ceil((c + .5 - xs) / s)), dy,
                               [&](long long t) { return u(t) >= c + 1; });
                if (t1 == 0 || t1 > dy || u(t1 - 1) != c) continue;
            } else {
                t1 = firstTrue(toIndex(std::floor((c + .5 - xs) / s)) + 1, dy,
                               [&](long long t) { return u(t) <= c; });
                if (t1 == 0 || t1 > dy || u(t1) != c) continue;
            }
            sink.crossing(n, ys + t1 - 1); // v(t) = ys + t, the smaller of the pair
        }
    }
}

} // namespace

void appendCocoRingToggles(const Ring& ring, int width, int height, std::vector<std::uint64_t>& toggles) {
    if (ring.empty() || width <= 0 || height <= 0) return;
    const ToggleSink sink{width, height, toggles};
    const std::size_t k = ring.size();
    for (std::size_t j = 0; j < k; ++j) {
        const auto& a = ring[j];
        const auto& b = ring[(j + 1) % k];
        edgeToggles(gridCoordinate(a.x), gridCoordinate(a.y), gridCoordinate(b.x), gridCoordinate(b.y), sink);
    }
}

void fillToggles(std::vector<std::uint64_t>& toggles, Mask& mask) {
    const std::uint64_t h = std::uint64_t(mask.height());
    const std::uint64_t total = std::uint64_t(mask.width()) * h;
    std::sort(toggles.begin(), toggles.end());
    // Toggles on one position cancel in pairs.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < toggles.size();) {
        std::size_t j = i;
        while (j < toggles.size() && toggles[j] == toggles[i]) ++j;
        if ((j - i) % 2 == 1) toggles[kept++] = toggles[i];
        i = j;
    }
    toggles.resize(kept);
    for (std::size_t i = 0; i < toggles.size(); i += 2) {
        const std::uint64_t begin = std::min(toggles[i], total);
        const std::uint64_t end = i + 1 < toggles.size() ? std::min(toggles[i + 1], total) : total;
        for (std::uint64_t p = begin; p < end; ++p) mask(int(p / h), int(p % h)) = 1;
    }
}

Mask rasteriseRingCoco(const Ring& ring, int width, int height) {
    Mask mask(std::max(width, 0), std::max(height, 0), 0);
    std::vector<std::uint64_t> toggles;
    appendCocoRingToggles(ring, width, height, toggles);
    fillToggles(toggles, mask);
    return mask;
}

} // namespace ll
