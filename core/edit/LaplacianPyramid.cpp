#include "edit/LaplacianPyramid.h"

#include "edit/GaussianBlur.h"

#include <tbb/parallel_for.h>

namespace ll::edit {

namespace {
constexpr float kTaps[5] = {1 / 16.f, 4 / 16.f, 6 / 16.f, 4 / 16.f, 1 / 16.f};

FloatPlane blur5(const FloatPlane& s) {
    const int w = s.width(), h = s.height();
    FloatPlane t(w, h), o(w, h);
    tbb::parallel_for(0, h, [&](int y) {
        for (int x = 0; x < w; ++x) {
            float a = 0;
            for (int i = -2; i <= 2; ++i) a += kTaps[i + 2] * s(mirrorIndex(x + i, w), y);
            t(x, y) = a;
        }
    });
    tbb::parallel_for(0, h, [&](int y) {
        for (int x = 0; x < w; ++x) {
            float a = 0;
            for (int i = -2; i <= 2; ++i) a += kTaps[i + 2] * t(x, mirrorIndex(y + i, h));
            o(x, y) = a;
        }
    });
    return o;
}
} // namespace

FloatPlane pyramidReduce(const FloatPlane& src) {
    const FloatPlane b = blur5(src);
    const int w = (src.width() + 1) / 2, h = (src.height() + 1) / 2;
    FloatPlane out(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) out(x, y) = b(2 * x, 2 * y);
    return out;
}

FloatPlane pyramidExpand(const FloatPlane& src, int width, int height) {
    FloatPlane up(width, height);
    for (int y = 0; y < height; y += 2)
        for (int x = 0; x < width; x += 2) up(x, y) = 4.0f * src(x / 2, y / 2);
    return blur5(up);
}

std::vector<FloatPlane> laplacianPyramid(const FloatPlane& src, int levels) {
    std::vector<FloatPlane> out;
    FloatPlane g = src;
    for (int l = 0; l < levels; ++l) {
        FloatPlane next = pyramidReduce(g);
        FloatPlane e = pyramidExpand(next, g.width(), g.height());
        for (std::size_t i = 0; i < g.size(); ++i) e[i] = g[i] - e[i];
        out.push_back(std::move(e));
        g = std::move(next);
    }
    out.push_back(std::move(g));
    return out;
}

FloatPlane lowpassAtLevel(const FloatPlane& src, int level) {
    std::vector<FloatPlane> gs{src};
    for (int l = 0; l < level; ++l) gs.push_back(pyramidReduce(gs.back()));
    FloatPlane cur = gs.back();
    for (int l = level - 1; l >= 0; --l) cur = pyramidExpand(cur, gs[l].width(), gs[l].height());
    return cur;
}

FloatPlane bandpassBelowLevel(const FloatPlane& src, int level) {
    FloatPlane low = lowpassAtLevel(src, level);
    for (std::size_t i = 0; i < low.size(); ++i) low[i] = src[i] - low[i];
    return low;
}

} // namespace ll::edit
