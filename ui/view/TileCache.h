#pragma once
// TileCache: display-encoded tiles (256x256 pixels of one mip level) shared by all canvases of a
// window, least recently used first out. A canvas asks for the tiles it can see; missing tiles are
// rendered together in parallel (oneTBB), so panning re-encodes only the newly exposed strips and
// nothing is re-encoded while the view stands still.
#include "jobs/LruCache.h"
#include "view/DisplaySettings.h"
#include "view/ImageSource.h"

#include <QImage>
#include <QPoint>

#include <cstdint>
#include <vector>

namespace ll::ui {

struct TileKey {
    std::uint64_t source = 0;
    int level = 0;
    int tx = 0;
    int ty = 0;
    std::uint64_t settings = 0;
    bool operator==(const TileKey&) const = default;
};

struct TileKeyHash {
    std::size_t operator()(const TileKey& k) const {
        std::uint64_t h = k.source * 0x9e3779b97f4a7c15ull;
        h ^= (std::uint64_t(k.level) << 48) ^ (std::uint64_t(std::uint32_t(k.tx)) << 24) ^ std::uint64_t(std::uint32_t(k.ty));
        h ^= k.settings + 0x632be59bd9b4e019ull + (h << 6) + (h >> 2);
        return std::size_t(h);
    }
};

class TileCache {
public:
    static constexpr int kTileSize = 256;
    explicit TileCache(std::size_t maxBytes = std::size_t(256) << 20) : cache_(maxBytes) {}

    // The tiles (tx, ty) of `level`, in the same order; renders the missing ones in parallel.
    std::vector<QImage> tiles(const ImageSource& source, int level, const std::vector<QPoint>& coords,
                              const DisplaySettings& settings);

    std::size_t size() const { return cache_.size(); }
    // Tiles rendered since construction (for tests and the benchmark).
    std::uint64_t rendered() const { return rendered_; }
    void clear() { cache_.clear(); }

private:
    LruCache<TileKey, QImage, TileKeyHash> cache_;
    std::uint64_t rendered_ = 0;
};

} // namespace ll::ui
