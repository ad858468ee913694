#include "bench/RegionValues.h"

namespace ll::bench {

RegionValues regionValues(const std::vector<const ScoreRow*>& rows, bool band, const std::string& key, bool lfe) {
    RegionValues out;
    for (const ScoreRow* r : rows) {
        const auto& whole = lfe ? r->lfe : r->sie;
        if (r->failed() || !whole) {
            out.values.push_back(std::nullopt);
            ++out.failed;
            continue;
        }
        const auto& regions = band ? r->bands : r->regions;
        const auto it = regions.find(key);
        const auto& value = it == regions.end() ? std::optional<double>() : (lfe ? it->second.lfe : it->second.sie);
        if (!value) {
            ++out.leftOut;
            continue;
        }
        out.values.push_back(value);
    }
    return out;
}

} // namespace ll::bench
