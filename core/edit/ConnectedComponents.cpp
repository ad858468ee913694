#include "edit/ConnectedComponents.h"

#include <algorithm>
#include <numeric>

namespace ll::edit {

namespace {
int findRoot(std::vector<int>& parent, int a) {
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}
} // namespace

std::vector<Component> connectedComponents(const Mask& mask, Plane<int>* labelsOut) {
    const int w = mask.width(), h = mask.height();
    Plane<int> lab(w, h, 0);
    std::vector<int> parent{0};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!mask(x, y)) continue;
            int best = 0;
            const int nx[4] = {x - 1, x - 1, x, x + 1}, ny[4] = {y, y - 1, y - 1, y - 1};
            for (int k = 0; k < 4; ++k) {
                if (nx[k] < 0 || nx[k] >= w || ny[k] < 0) continue;
                const int l = lab(nx[k], ny[k]);
                if (!l) continue;
                if (!best) best = findRoot(parent, l);
                else {
                    const int a = findRoot(parent, l);
                    if (a != best) {
                        const int lo = std::min(a, best), hi = std::max(a, best);
                        parent[hi] = lo;
                        best = lo;
                    }
                }
            }
            if (!best) {
                best = int(parent.size());
                parent.push_back(best);
            }
            lab(x, y) = best;
        }
    // Compact labels in raster order of first appearance.
    std::vector<int> compact(parent.size(), 0);
    std::vector<Component> comps;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            int& l = lab(x, y);
            if (!l) continue;
            const int root = findRoot(parent, l);
            if (!compact[root]) {
                compact[root] = int(comps.size()) + 1;
                comps.push_back({compact[root], 0, x, y, x, y});
            }
            l = compact[root];
            Component& c = comps[l - 1];
            ++c.area;
            c.x0 = std::min(c.x0, x);
            c.y0 = std::min(c.y0, y);
            c.x1 = std::max(c.x1, x);
            c.y1 = std::max(c.y1, y);
        }
    if (labelsOut) *labelsOut = std::move(lab);
    return comps;
}

} // namespace ll::edit
