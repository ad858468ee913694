#include "view/TileCache.h"

#include "view/RegionRenderer.h"

#include <oneapi/tbb/parallel_for.h>

namespace ll::ui {

std::vector<QImage> TileCache::tiles(const ImageSource& source, int level, const std::vector<QPoint>& coords,
                                     const DisplaySettings& settings) {
    const std::uint64_t sh = settings.hash();
    std::vector<QImage> out(coords.size());
    std::vector<std::size_t> missing;
    for (std::size_t i = 0; i < coords.size(); ++i) {
        const TileKey key{source.id(), level, coords[i].x(), coords[i].y(), sh};
        if (auto hit = cache_.get(key)) out[i] = *hit;
        else missing.push_back(i);
    }
    tbb::parallel_for(std::size_t(0), missing.size(), [&](std::size_t m) {
        const std::size_t i = missing[m];
        const QRect r(coords[i].x() * kTileSize, coords[i].y() * kTileSize, kTileSize, kTileSize);
        out[i] = renderRegion(source, level, r, settings);
    });
    for (std::size_t i : missing) {
        const TileKey key{source.id(), level, coords[i].x(), coords[i].y(), sh};
        cache_.insert(key, out[i], std::size_t(out[i].sizeInBytes()));
    }
    rendered_ += missing.size();
    return out;
}

} // namespace ll::ui
