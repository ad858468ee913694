#include "view/LabelDespeckle.h"

#include <algorithm>
#include <array>
#include <vector>

namespace ll::ui {

std::size_t contourMinArea(int width, int height) {
    return std::max<std::size_t>(16, std::size_t(width) * std::size_t(height) / 20000);
}

Plane<std::uint8_t> despeckleLabels(const Plane<std::uint8_t>& labels, std::size_t minArea) {
    const int w = labels.width(), h = labels.height();
    const std::size_t n = std::size_t(w) * std::size_t(h);
    Plane<std::uint8_t> out = labels;
    if (n == 0 || minArea <= 1) return out;

    // Regions: 4-connected runs of one label, found by flood fill.
    std::vector<int> region(n, -1);
    std::vector<std::size_t> area;
    std::vector<std::size_t> stack;
    for (std::size_t start = 0; start < n; ++start) {
        if (region[start] >= 0) continue;
        const int id = int(area.size());
        const std::uint8_t v = labels.data()[start];
        std::size_t count = 0;
        region[start] = id;
        stack.push_back(start);
        while (!stack.empty()) {
            const std::size_t i = stack.back();
            stack.pop_back();
            ++count;
            const int x = int(i % std::size_t(w)), y = int(i / std::size_t(w));
            auto visit = [&](std::size_t j) {
                if (region[j] < 0 && labels.data()[j] == v) {
                    region[j] = id;
                    stack.push_back(j);
                }
            };
            if (x > 0) visit(i - 1);
            if (x + 1 < w) visit(i + 1);
            if (y > 0) visit(i - std::size_t(w));
            if (y + 1 < h) visit(i + std::size_t(w));
        }
        area.push_back(count);
    }

    // Each small region's new label: the most frequent label on its outside border, counting pixels of
    // kept regions first (a small island inside another small island follows the large region around).
    // Votes are counted per distinct label value present (a few bands), two counters per pair.
    std::array<int, 256> labelIndex;
    labelIndex.fill(-1);
    std::vector<std::uint8_t> values;
    for (std::size_t i = 0; i < n; ++i)
        if (labelIndex[labels.data()[i]] < 0) {
            labelIndex[labels.data()[i]] = int(values.size());
            values.push_back(labels.data()[i]);
        }
    const std::size_t k = values.size();
    const std::size_t regions = area.size();
    std::vector<int> slot(regions, -1);
    std::size_t small = 0;
    for (std::size_t r = 0; r < regions; ++r)
        if (area[r] < minArea) slot[r] = int(small++);
    if (small == 0) return out;
    std::vector<std::uint32_t> votes(small * k * 2, 0); // [slot][label][kept? 0 : 1]
    for (std::size_t i = 0; i < n; ++i) {
        const int s = slot[std::size_t(region[i])];
        if (s < 0) continue;
        const int x = int(i % std::size_t(w)), y = int(i / std::size_t(w));
        auto vote = [&](std::size_t j) {
            if (region[j] == region[i]) return;
            const bool kept = area[std::size_t(region[j])] >= minArea;
            ++votes[(std::size_t(s) * k + std::size_t(labelIndex[labels.data()[j]])) * 2 + (kept ? 0 : 1)];
        };
        if (x > 0) vote(i - 1);
        if (x + 1 < w) vote(i + 1);
        if (y > 0) vote(i - std::size_t(w));
        if (y + 1 < h) vote(i + std::size_t(w));
    }
    std::vector<int> relabel(small, -1);
    for (std::size_t s = 0; s < small; ++s)
        for (const int pass : {0, 1}) { // kept neighbours first, then small ones
            std::uint32_t best = 0;
            for (std::size_t l = 0; l < k; ++l) {
                const std::uint32_t c = votes[(s * k + l) * 2 + std::size_t(pass)];
                // Ties go to the lower label value (the brighter band).
                if (c > best || (c == best && c > 0 && values[l] < values[std::size_t(relabel[s])])) {
                    best = c;
                    relabel[s] = int(l);
                }
            }
            if (best > 0) break;
        }
    for (std::size_t i = 0; i < n; ++i) {
        const int s = slot[std::size_t(region[i])];
        if (s >= 0 && relabel[std::size_t(s)] >= 0) out.data()[i] = values[std::size_t(relabel[std::size_t(s)])];
    }
    return out;
}

} // namespace ll::ui
