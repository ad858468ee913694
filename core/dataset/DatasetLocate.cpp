#include "dataset/DatasetLocate.h"

#include <system_error>
#include <vector>

namespace ll {

namespace fs = std::filesystem;

namespace {

std::optional<Task> taskFolder(const std::string& name) {
    if (name == "turn_on") return Task::On;
    if (name == "turn_off") return Task::Off;
    return std::nullopt;
}

} // namespace

std::optional<DatasetLocation> locateInDataset(const fs::path& path) {
    std::error_code ec;
    fs::path p = fs::absolute(path, ec).lexically_normal();
    if (ec) return std::nullopt;
    if (!p.has_filename()) p = p.parent_path(); // "dir/" -> "dir"
    // The nearest folder at or above `p` that holds scenes/.
    fs::path root;
    for (fs::path f = fs::is_directory(p, ec) ? p : p.parent_path();; f = f.parent_path()) {
        if (fs::is_directory(f / "scenes", ec)) {
            root = f;
            break;
        }
        if (f == f.parent_path() || f.empty()) return std::nullopt;
    }
    DatasetLocation loc;
    loc.root = root;
    std::vector<std::string> parts; // of the path below the root
    for (const auto& part : p.lexically_relative(root)) {
        const std::string s = part.string();
        if (!s.empty() && s != ".") parts.push_back(s);
    }
    auto stem = [](const std::string& file) { return fs::path(file).stem().string(); };
    if (parts.size() >= 2 && parts[0] == "scenes") {
        loc.scene = parts[1];
    } else if (parts.size() >= 2 && parts[0] == "inputs") {
        loc.task = taskFolder(parts[1]);
        if (loc.task && parts.size() == 3) loc.scene = stem(parts[2]);
    } else if (parts.size() >= 2 && parts[0] == "edits") {
        loc.model = parts[1];
        if (parts.size() >= 3) loc.task = taskFolder(parts[2]);
        if (loc.task && parts.size() == 4) loc.scene = stem(parts[3]);
    }
    return loc;
}

} // namespace ll
