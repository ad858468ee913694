#pragma once
// Atomic file writes: write to a temporary file beside the target, flush, then rename over it.
// A reader never sees a half-written file, and a crash leaves the previous version in place.
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace ll {

// Writes `bytes` to `path` atomically. Throws ll::Error naming `path` on failure.
void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes);

// Runs `writer` on a temporary path in the same folder, then renames it onto `path`.
// For writers that need a file name (e.g. OpenImageIO). The temporary keeps the target's extension.
void writeViaTemporary(const std::filesystem::path& path,
                       const std::function<void(const std::filesystem::path& tmp)>& writer);

// Reads a whole file. Throws ll::Error naming `path` when it is missing or unreadable.
std::string readFile(const std::filesystem::path& path);

} // namespace ll
