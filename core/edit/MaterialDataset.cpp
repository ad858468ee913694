#include "edit/MaterialDataset.h"

#include "edit/EditParamsFile.h"

#include "util/AtomicFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace ll::edit {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kImageExtensions = {".png", ".exr", ".jpg", ".jpeg", ".tif", ".tiff", ".hdr", ".pfm", ".webp"};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

bool isImage(const fs::path& p) {
    const std::string e = lower(p.extension().string());
    return std::find(kImageExtensions.begin(), kImageExtensions.end(), e) != kImageExtensions.end();
}

// The one image named `stem` (any supported extension) in dir; empty when none, Error when several.
fs::path findImage(const fs::path& dir, const std::string& stem) {
    fs::path found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (!e.is_regular_file() || e.path().stem() != stem || !isImage(e.path())) continue;
        if (!found.empty()) throw Error(dir.string(), "both " + found.filename().string() + " and " +
                                                          e.path().filename().string() + " exist; keep one");
        found = e.path();
    }
    return found;
}

nlohmann::json readJson(const fs::path& p) {
    const std::string text = readFile(p);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw Error(p.string(), std::string("malformed JSON: ") + e.what());
    }
}

std::string stringField(const nlohmann::json& j, const char* key, const fs::path& file) {
    if (!j.contains(key) || j[key].is_null()) return "";
    if (!j[key].is_string()) throw Error(file.string(), std::string("\"") + key + "\" must be a string");
    return j[key].get<std::string>();
}

} // namespace

fs::path MaterialDataset::editPath(const std::string& model, const std::string& task) const {
    const fs::path dir = root / "edits" / model;
    if (!fs::is_directory(dir)) return {};
    return findImage(dir, task);
}

MaterialDataset scanMaterialDataset(const fs::path& root) {
    MaterialDataset d;
    d.root = root;
    d.name = root.filename().string();
    if (!fs::is_directory(root)) throw Error(root.string(), "not a folder");
    const fs::path tasksDir = root / "tasks";
    if (!fs::is_directory(tasksDir)) throw Error(tasksDir.string(), "missing: a material dataset needs a tasks/ folder");
    if (fs::exists(root / "dataset.json")) {
        const auto j = readJson(root / "dataset.json");
        if (!j.is_object()) throw Error((root / "dataset.json").string(), "must be a JSON object");
        if (j.contains("name") && j["name"].is_string()) d.name = j["name"];
        if (j.contains("gate")) {
            const auto& g = j["gate"];
            if (!g.is_object() || !g.contains("a") || !g.contains("b") || !g["a"].is_number() || !g["b"].is_number() ||
                !(g["b"].get<double>() > 0))
                throw Error((root / "dataset.json").string(), "\"gate\" must be {\"a\": number, \"b\": positive number}");
            d.gate = GateAnchors{g["a"].get<double>(), g["b"].get<double>()};
        }
    }
    if (fs::exists(root / kDatasetParamsFile)) {
        d.paramsFile = root / kDatasetParamsFile;
        d.params = loadEditParams(d.paramsFile);
    }
    for (const auto& e : fs::directory_iterator(tasksDir)) {
        if (!e.is_directory()) continue;
        MaterialTask t;
        t.name = e.path().filename().string();
        t.dir = e.path();
        t.input = findImage(t.dir, "input");
        if (t.input.empty()) throw Error(t.dir.string(), "no input image (input.png, input.exr, ...)");
        if (fs::exists(t.dir / "mask.json")) t.mask = t.dir / "mask.json";
        else t.mask = findImage(t.dir, "mask");
        t.reference = findImage(t.dir, "reference");
        if (fs::exists(t.dir / "task.json")) {
            const fs::path f = t.dir / "task.json";
            const auto j = readJson(f);
            if (!j.is_object()) throw Error(f.string(), "must be a JSON object");
            t.material = stringField(j, "material", f);
            t.prompt = stringField(j, "prompt", f);
            t.maskClass = stringField(j, "mask_class", f);
            t.scene = stringField(j, "scene", f);
        }
        if (t.scene.empty()) t.scene = t.name;
        d.tasks.push_back(std::move(t));
    }
    if (d.tasks.empty()) throw Error(tasksDir.string(), "no tasks");
    std::sort(d.tasks.begin(), d.tasks.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    if (fs::is_directory(root / "edits"))
        for (const auto& e : fs::directory_iterator(root / "edits"))
            if (e.is_directory()) d.models.push_back(e.path().filename().string());
    std::sort(d.models.begin(), d.models.end());
    return d;
}

} // namespace ll::edit
