#include "dataset/DatasetConfig.h"

#include "dataset/JsonFile.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

namespace ll {
namespace fs = std::filesystem;

DatasetConfig readDatasetConfig(const fs::path& path) {
    const nlohmann::json j = readJsonObject(path);
    DatasetConfig c;
    if (auto it = j.find("name"); it != j.end() && !it->is_null()) {
        if (!it->is_string()) throw Error(path.string(), "\"name\" must be a string");
        c.name = it->get<std::string>();
    }
    if (auto it = j.find("eval_size"); it != j.end() && !it->is_null()) {
        const auto& v = *it;
        if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer() ||
            v[0].get<long long>() <= 0 || v[1].get<long long>() <= 0 || v[0].get<long long>() > 1'000'000 ||
            v[1].get<long long>() > 1'000'000)
            throw Error(path.string(), "\"eval_size\" must be [width, height] with two positive integers (got " +
                                           v.dump() + ")");
        c.evalSize = EvalSize{int(v[0].get<long long>()), int(v[1].get<long long>())};
    }
    return c;
}

void writeDatasetConfig(const fs::path& path, const DatasetConfig& config) {
    nlohmann::json j = nlohmann::json::object();
    std::error_code ec;
    if (fs::exists(path, ec)) j = readJsonObject(path);
    if (config.name) j["name"] = *config.name;
    if (config.evalSize) j["eval_size"] = {config.evalSize->width, config.evalSize->height};
    writeFileAtomic(path, j.dump(2) + "\n");
}

} // namespace ll
