#include "bench/BandImages.h"

#include "image/ImageIO.h"
#include "metrics/BandPairMask.h"
#include "metrics/MapRendering.h"
#include "util/Error.h"

namespace ll::bench {

void writeBandImage(const ScenePair& pair, const MetricParams& params, const std::filesystem::path& dir,
                    const std::string& scene) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error(dir.string(), "cannot create the band image folder: " + ec.message());
    const auto window = pair.regions.find("window");
    const IntensityBands bands = pairIntensityBands(pair.on, pair.off, pair.k, pair.clipLevel,
                                                    window == pair.regions.end() ? nullptr : &window->second,
                                                    params.bandEdgesPercent);
    const Canvas c = renderBands(bands.labels, bands.keys);
    savePng8(c.rgb.data(), c.width, c.height, dir / (scene + ".png"));
}

} // namespace ll::bench
