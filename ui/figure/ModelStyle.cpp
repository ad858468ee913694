#include "figure/ModelStyle.h"

#include "bench/ScoreRow.h"
#include "figure/Contrast.h"
#include "figure/FigureStyle.h"

#include <algorithm>
#include <cstdint>

namespace ll::figure {

int modelStyleIndex(const std::string& model, const std::vector<std::string>& allModels) {
    std::vector<std::string> sorted;
    for (const auto& m : allModels)
        if (m != bench::kDoNothingModel) sorted.push_back(m);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (const auto it = std::lower_bound(sorted.begin(), sorted.end(), model); it != sorted.end() && *it == model)
        return int(it - sorted.begin());
    std::uint32_t h = 2166136261u;
    for (unsigned char c : model) h = (h ^ c) * 16777619u;
    return int(h % 1000u);
}

ModelStyle modelStyle(const std::string& model, const std::vector<std::string>& allModels,
                      const std::map<std::string, std::string>& overrides) {
    ModelStyle s;
    if (model == bench::kDoNothingModel) {
        s.colour = QColor(0x80, 0x80, 0x80);
        s.dashed = true;
        s.marker = 1;
    } else {
        // Seven Okabe-Ito colours (the palette's grey is the baseline's); markers cycle over six shapes
        // so neighbouring models differ in both. The square is the baseline's, so it comes last.
        // The light ones (orange, sky blue, yellow) are darkened to 3:1 against the white page.
        const int i = modelStyleIndex(model, allModels);
        s.colour = darkenedForWhite(seriesColour(i % 7));
        static const int kMarkers[6] = {0, 5, 2, 3, 4, 1};
        s.marker = kMarkers[i % 6];
    }
    if (const auto it = overrides.find(model); it != overrides.end()) s.colour = QColor(QString::fromStdString(it->second));
    return s;
}

} // namespace ll::figure
