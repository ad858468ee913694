#pragma once
// Dataset: a dataset folder scanned into scenes x models x tasks (spec: data-and-cli.md).
//
//   <dataset>/dataset.json                     optional {"name", "eval_size"}
//   <dataset>/scenes/<scene>/on.exr, off.exr   real HDR pair (.exr .hdr .pfm .tif accepted)
//   <dataset>/scenes/<scene>/labels.json       optional polygons
//   <dataset>/scenes/<scene>/meta.json         optional {"k", "regime", "clip_level"}
//   <dataset>/inputs/turn_on|turn_off/<scene>.png
//   <dataset>/edits/<model>/turn_on|turn_off/<scene>.<any LDR extension>
//
// scanDataset reads only image headers (in parallel), so it is fast. It never guesses silently: everything odd
// (a missing edit, mismatched sizes, an unreadable file, an unknown folder, a bad meta.json, ...)
// becomes a DatasetProblem. Scenes that cannot be scored (no complete, readable, same-size pair,
// or a bad meta.json) are left out of `scenes` and reported. Names are sorted (byte order).
#include "dataset/DatasetConfig.h"
#include "dataset/SceneMeta.h"
#include "util/Task.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ll {

struct Scene {
    std::string name;
    std::filesystem::path dir;                      // scenes/<name>
    std::filesystem::path on, off;                  // the HDR pair
    std::optional<std::filesystem::path> labels;    // labels.json when present
    std::optional<std::filesystem::path> metaFile;  // meta.json when present
    SceneMeta meta;                                 // defaults (k = 1) when meta.json is absent
    int width = 0, height = 0;                      // of the HDR pair (from the headers)
};

struct EditEntry {
    std::string scene;
    std::string model;
    Task task = Task::On;
    std::optional<std::filesystem::path> path; // the edit file; empty when none was found
    std::string problem;                       // why it cannot be used ("" when usable)
    int width = 0, height = 0;                 // from the header when readable

    bool usable() const { return path.has_value() && problem.empty(); }
};

enum class ProblemKind {
    MissingEdit,      // a scene has no edit for a model and task
    MissingPair,      // a scene folder lacks on.* or off.*
    SizeMismatch,     // on/off sizes differ, or an edit's aspect ratio differs from its scene by > 1%
    Unreadable,       // an image header cannot be read
    NotHdr,           // on/off is an 8-bit integer image
    Ambiguous,        // two candidate files for one role (on.exr and on.hdr; a.png and a.jpg)
    BadMeta,          // meta.json is malformed
    BadDatasetJson,   // dataset.json is malformed
    UnknownFolder,    // a folder that the layout does not define
    UnknownFile,      // a file that the layout does not define
    OrphanEdit,       // an edit or input for a scene that does not exist (or cannot be scored)
    EmptyModel,       // edits/<model> has no turn_on or turn_off folder
};

// "missing_edit", "missing_pair", "size_mismatch", "unreadable", "not_hdr", "ambiguous", "bad_meta",
// "bad_dataset_json", "unknown_folder", "unknown_file", "orphan_edit", "empty_model".
const char* problemKindName(ProblemKind kind);

struct DatasetProblem {
    ProblemKind kind;
    std::filesystem::path path; // the file or folder concerned
    std::string message;        // one line; what() style "path: problem" is `text()`

    std::string text() const { return path.string() + ": " + message; }
};

struct Dataset {
    std::filesystem::path root;
    std::string name;                    // dataset.json "name", else the folder name
    std::optional<EvalSize> evalSize;    // dataset.json "eval_size"
    std::vector<Scene> scenes;           // scoreable scenes, sorted by name
    std::vector<std::string> models;     // edits/<model> folders, sorted
    std::vector<EditEntry> edits;        // one per scene x model x task (scene-major, then model, on, off)
    std::vector<DatasetProblem> problems;

    // <root>/inputs/turn_on|turn_off/<scene>.png (whether or not it exists).
    std::filesystem::path inputPath(const std::string& scene, Task task) const;
    // <root>/scenes/<scene>/meta.json (whether or not it exists).
    std::filesystem::path metaPath(const std::string& scene) const;
    // Binary searches: they rely on the order scanDataset gives (scenes and models sorted by name).
    const Scene* findScene(const std::string& scene) const;
    const EditEntry* findEdit(const std::string& scene, const std::string& model, Task task) const;
    // Problems of one kind.
    std::size_t countProblems(ProblemKind kind) const;
};

struct ScanOptions {
    // false: list the folders and read meta.json only, no image headers (a lazy scan: a dataset of
    // 10,000 scenes opens in about a second). Scene and edit sizes stay 0, and the problems only a
    // header shows (unreadable, 8-bit pair, on/off size mismatch, edit aspect ratio) are not
    // reported: they surface as clear errors when the case is loaded. The Inspector scans this way.
    bool readHeaders = true;
};

// Scans a dataset folder. Throws ll::Error naming the folder when it does not exist, is not a
// folder, or has no scenes/ folder; everything else is reported in Dataset::problems.
Dataset scanDataset(const std::filesystem::path& root, const ScanOptions& options = {});

} // namespace ll
