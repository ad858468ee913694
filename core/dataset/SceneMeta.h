#pragma once
// SceneMeta: the per-scene metadata of scenes/<scene>/meta.json (spec: data-and-cli.md).
//   {"k": 1.0, "regime": "natural|artificial|mixed", "clip_level": null, "capture": {...}}
// k is the exposure multiplier applied to the HDR image when the 8-bit model inputs were made;
// clip_level, when set, marks HDR values at or above it as clipped. Unknown keys are preserved
// by writeSceneMeta. "capture" (written by `lightlens-cli capture`, see capture/CaptureMeta.h) says
// how the HDR pair was made from exposure brackets; it must be an object and is kept as it is.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace ll {

struct SceneMeta {
    double k = 1.0;
    bool kRecorded = false;         // meta.json had a "k" (false: k is the default 1)
    std::string regime;             // "natural", "artificial", "mixed" or "" (not given)
    std::optional<double> clipLevel;
    std::string capture; // the "capture" object as compact JSON text, "" when absent
    // Every top-level key of meta.json with its value as text (a string as it is, other values as
    // compact JSON, null as ""): the benchmark copies them into per_image.csv as meta.<key> columns.
    std::map<std::string, std::string> fields;
};

// True for "", "natural", "artificial", "mixed".
bool isKnownRegime(const std::string& regime);

// Reads meta.json. Throws ll::Error naming the file for malformed JSON, a non-object, a k that is
// not a positive finite number, a regime that is not one of the known ones, a bad clip_level.
SceneMeta readSceneMeta(const std::filesystem::path& path);

// Writes meta.json atomically. Keys of an existing file that SceneMeta does not know are kept;
// k is always written, regime when non-empty, clip_level as a number or null.
// Throws ll::Error when an existing file is not a JSON object (it is not overwritten then).
void writeSceneMeta(const std::filesystem::path& path, const SceneMeta& meta);

} // namespace ll
