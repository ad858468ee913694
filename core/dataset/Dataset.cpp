#include "dataset/Dataset.h"

#include "dataset/FileKinds.h"
#include "image/ImageIO.h"
#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ll {
namespace fs = std::filesystem;

const char* problemKindName(ProblemKind k) {
    switch (k) {
    case ProblemKind::MissingEdit: return "missing_edit";
    case ProblemKind::MissingPair: return "missing_pair";
    case ProblemKind::SizeMismatch: return "size_mismatch";
    case ProblemKind::Unreadable: return "unreadable";
    case ProblemKind::NotHdr: return "not_hdr";
    case ProblemKind::Ambiguous: return "ambiguous";
    case ProblemKind::BadMeta: return "bad_meta";
    case ProblemKind::BadDatasetJson: return "bad_dataset_json";
    case ProblemKind::UnknownFolder: return "unknown_folder";
    case ProblemKind::UnknownFile: return "unknown_file";
    case ProblemKind::OrphanEdit: return "orphan_edit";
    case ProblemKind::EmptyModel: return "empty_model";
    }
    return "unknown";
}

fs::path Dataset::inputPath(const std::string& scene, Task task) const {
    return root / "inputs" / taskFolder(task) / (scene + ".png");
}

fs::path Dataset::metaPath(const std::string& scene) const { return root / "scenes" / scene / "meta.json"; }

// Both use the order scanDataset gives (names sorted; edits scene-major, then model, on, off), so
// a lookup costs a binary search, not a pass over the dataset (the Inspector makes one per edit).
const Scene* Dataset::findScene(const std::string& scene) const {
    auto it = std::lower_bound(scenes.begin(), scenes.end(), scene, [](const Scene& s, const std::string& n) { return s.name < n; });
    return it != scenes.end() && it->name == scene ? &*it : nullptr;
}

const EditEntry* Dataset::findEdit(const std::string& scene, const std::string& model, Task task) const {
    const Scene* s = findScene(scene);
    auto m = std::lower_bound(models.begin(), models.end(), model);
    if (!s || m == models.end() || *m != model) return nullptr;
    const std::size_t i = (std::size_t(s - scenes.data()) * models.size() + std::size_t(m - models.begin())) * 2 +
                          (task == Task::Off ? 1 : 0);
    if (i < edits.size() && edits[i].scene == scene && edits[i].model == model && edits[i].task == task) return &edits[i];
    for (const auto& e : edits) // a dataset not in scan order
        if (e.scene == scene && e.model == model && e.task == task) return &e;
    return nullptr;
}

std::size_t Dataset::countProblems(ProblemKind kind) const {
    return std::size_t(std::count_if(problems.begin(), problems.end(),
                                     [&](const DatasetProblem& p) { return p.kind == kind; }));
}

namespace {

struct Listing {
    std::vector<fs::path> files;
    std::vector<fs::path> folders;
};

bool hidden(const fs::path& p) {
    const std::string n = p.filename().string();
    return !n.empty() && n[0] == '.';
}

// Lists a folder (sorted, hidden entries skipped). Throws ll::Error when it cannot be read.
Listing list(const fs::path& dir) {
    Listing l;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) throw Error(dir.string(), "cannot read folder: " + ec.message());
    for (const auto& entry : it) {
        if (hidden(entry.path())) continue;
        std::error_code e2;
        if (entry.is_directory(e2)) l.folders.push_back(entry.path());
        else l.files.push_back(entry.path());
    }
    std::sort(l.files.begin(), l.files.end());
    std::sort(l.folders.begin(), l.folders.end());
    return l;
}

std::string oneLine(const std::string& what, const fs::path& path) {
    // ll::Error::what() is "path: problem"; keep the problem part.
    const std::string prefix = path.string() + ": ";
    return what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what;
}

std::string sizeText(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

class Scanner {
public:
    Scanner(Dataset& d, const ScanOptions& options) : d_(d), options_(options) {}

    void problem(ProblemKind kind, const fs::path& path, std::string message) {
        d_.problems.push_back({kind, path, std::move(message)});
    }
    static void problem(std::vector<DatasetProblem>& out, ProblemKind kind, const fs::path& path, std::string message) {
        out.push_back({kind, path, std::move(message)});
    }

    void scanTopLevel() {
        const Listing top = list(d_.root);
        for (const auto& f : top.files)
            if (f.filename() != "dataset.json")
                problem(ProblemKind::UnknownFile, f, "file not part of the dataset layout");
        for (const auto& f : top.folders) {
            const std::string n = f.filename().string();
            // results/ is where `bench` writes by default: part of the layout, not scanned.
            if (n != "scenes" && n != "inputs" && n != "edits" && n != "results")
                problem(ProblemKind::UnknownFolder, f, "folder not part of the dataset layout (expected scenes, inputs, edits, results)");
        }
        d_.name = d_.root.filename().string();
        if (d_.name.empty()) d_.name = d_.root.parent_path().filename().string();
        const fs::path cfgPath = d_.root / "dataset.json";
        std::error_code ec;
        if (fs::exists(cfgPath, ec)) {
            try {
                const DatasetConfig cfg = readDatasetConfig(cfgPath);
                if (cfg.name) d_.name = *cfg.name;
                d_.evalSize = cfg.evalSize;
            } catch (const Error& e) {
                problem(ProblemKind::BadDatasetJson, cfgPath, oneLine(e.what(), cfgPath));
            }
        }
    }

    void scanScenes() {
        const fs::path scenesDir = d_.root / "scenes";
        for (const auto& f : list(scenesDir).files)
            problem(ProblemKind::UnknownFile, f, "file not part of the dataset layout (scenes/ holds one folder per scene)");
        // Scene folders are read in parallel (the image headers dominate); results merge in name order.
        const std::vector<fs::path> folders = list(scenesDir).folders;
        std::vector<std::optional<Scene>> scenes(folders.size());
        std::vector<std::vector<DatasetProblem>> problems(folders.size());
        tbb::parallel_for(std::size_t(0), folders.size(), [&](std::size_t i) { scenes[i] = scanScene(folders[i], options_.readHeaders, problems[i]); });
        for (std::size_t i = 0; i < folders.size(); ++i) {
            sceneFolders_.insert(folders[i].filename().string());
            for (auto& p : problems[i]) d_.problems.push_back(std::move(p));
            if (scenes[i]) d_.scenes.push_back(std::move(*scenes[i]));
        }
    }

    static std::optional<Scene> scanScene(const fs::path& dir, bool readHeaders, std::vector<DatasetProblem>& out) {
        auto problem = [&out](ProblemKind kind, const fs::path& path, std::string message) {
            Scanner::problem(out, kind, path, std::move(message));
        };
        Scene s;
        s.name = dir.filename().string();
        s.dir = dir;
        const Listing l = list(dir);
        for (const auto& f : l.folders)
            problem(ProblemKind::UnknownFolder, f, "folder not part of the dataset layout");
        std::vector<fs::path> on, off;
        for (const auto& f : l.files) {
            const std::string fname = f.filename().string(), stem = f.stem().string(), ext = lowerExtension(f);
            if (fname == "labels.json") s.labels = f;
            else if (fname == "meta.json") s.metaFile = f;
            else if (fname == "capture-report.png" || fname == "capture-flags.png")
                continue; // written by `lightlens-cli capture`
            else if ((stem == "on" || stem == "off") && isHdrImageExtension(ext)) (stem == "on" ? on : off).push_back(f);
            else if ((stem == "on" || stem == "off") && isLdrImageExtension(ext))
                problem(ProblemKind::NotHdr, f, "." + ext + " is not an HDR format (expected .exr, .hdr, .pfm or float/16-bit .tif)");
            else problem(ProblemKind::UnknownFile, f, "file not part of the dataset layout");
        }
        bool ok = true;
        auto pick = [&](std::vector<fs::path>& c, const char* role, fs::path& out) {
            if (c.empty()) {
                problem(ProblemKind::MissingPair, dir, std::string("no ") + role + " image (" + role + ".exr, .hdr, .pfm or .tif); scene left out");
                ok = false;
            } else if (c.size() > 1) {
                std::string names;
                for (const auto& p : c) names += (names.empty() ? "" : ", ") + p.filename().string();
                problem(ProblemKind::Ambiguous, dir, std::string("more than one ") + role + " image (" + names + "); scene left out");
                ok = false;
            } else out = c.front();
        };
        pick(on, "on", s.on);
        pick(off, "off", s.off);
        if (s.metaFile) {
            try {
                s.meta = readSceneMeta(*s.metaFile);
            } catch (const Error& e) {
                problem(ProblemKind::BadMeta, *s.metaFile, oneLine(e.what(), *s.metaFile) + "; scene left out");
                ok = false;
            }
        }
        if (!ok) return std::nullopt;
        if (!readHeaders) return s;
        ImageHeader hOn, hOff;
        if (!header(s.on, hOn, out) || !header(s.off, hOff, out)) return std::nullopt;
        for (const auto* h : {&hOn, &hOff})
            if (!h->info.isFloat && h->info.bitsPerSample <= 8) {
                problem(ProblemKind::NotHdr, h == &hOn ? s.on : s.off, "8-bit image, not HDR; scene left out");
                ok = false;
            }
        if (hOn.width != hOff.width || hOn.height != hOff.height) {
            problem(ProblemKind::SizeMismatch, s.off,
                    "size " + sizeText(hOff.width, hOff.height) + " differs from " + s.on.filename().string() + " (" +
                        sizeText(hOn.width, hOn.height) + "); scene left out");
            ok = false;
        }
        if (!ok) return std::nullopt;
        s.width = hOn.width;
        s.height = hOn.height;
        return s;
    }

    static bool header(const fs::path& p, ImageHeader& h, std::vector<DatasetProblem>& out) {
        try {
            h = readImageHeader(p);
            return true;
        } catch (const Error& e) {
            problem(out, ProblemKind::Unreadable, p, oneLine(e.what(), p));
            return false;
        }
    }

    void scanInputs() {
        const fs::path dir = d_.root / "inputs";
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) return;
        const Listing l = list(dir);
        for (const auto& f : l.files) problem(ProblemKind::UnknownFile, f, "file not part of the dataset layout");
        for (const auto& t : l.folders) {
            const std::string n = t.filename().string();
            if (n != "turn_on" && n != "turn_off") {
                problem(ProblemKind::UnknownFolder, t, "folder not part of the dataset layout (expected turn_on, turn_off)");
                continue;
            }
            const Listing tl = list(t);
            for (const auto& f : tl.folders) problem(ProblemKind::UnknownFolder, f, "folder not part of the dataset layout");
            for (const auto& f : tl.files) {
                if (lowerExtension(f) != "png") problem(ProblemKind::UnknownFile, f, "model inputs are .png files");
                else if (!sceneFolders_.count(f.stem().string()))
                    problem(ProblemKind::OrphanEdit, f, "input for a scene that does not exist");
            }
        }
    }

    void scanEdits() {
        const fs::path dir = d_.root / "edits";
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) return;
        const Listing l = list(dir);
        for (const auto& f : l.files) problem(ProblemKind::UnknownFile, f, "file not part of the dataset layout (edits/ holds one folder per model)");
        // model -> task -> scene stem -> candidate files
        std::map<std::string, std::map<Task, std::map<std::string, std::vector<fs::path>>>> found;
        std::map<std::string, std::set<Task>> taskFolders;
        for (const auto& m : l.folders) {
            const std::string model = m.filename().string();
            d_.models.push_back(model);
            const Listing ml = list(m);
            for (const auto& f : ml.files) problem(ProblemKind::UnknownFile, f, "file not part of the dataset layout (expected turn_on/, turn_off/)");
            for (const auto& t : ml.folders) {
                const std::string n = t.filename().string();
                if (n != "turn_on" && n != "turn_off") {
                    problem(ProblemKind::UnknownFolder, t, "folder not part of the dataset layout (expected turn_on, turn_off)");
                    continue;
                }
                const Task task = parseTask(n);
                taskFolders[model].insert(task);
                const Listing tl = list(t);
                for (const auto& f : tl.folders) problem(ProblemKind::UnknownFolder, f, "folder not part of the dataset layout");
                for (const auto& f : tl.files) {
                    const std::string ext = lowerExtension(f);
                    if (!isLdrImageExtension(ext)) {
                        problem(ProblemKind::UnknownFile, f,
                                ext.empty() ? "not an image file" : "." + ext + " is not an LDR image format for a model edit");
                        continue;
                    }
                    const std::string stem = f.stem().string();
                    if (!sceneFolders_.count(stem)) {
                        problem(ProblemKind::OrphanEdit, f, "edit for a scene that does not exist");
                        continue;
                    }
                    found[model][task][stem].push_back(f);
                }
            }
            if (!taskFolders.count(model))
                problem(ProblemKind::EmptyModel, m, "model folder has neither turn_on/ nor turn_off/");
        }
        // One entry per scene x model x task; the edits' headers are read in parallel.
        struct Job {
            const Scene* scene;
            const std::string* model;
            Task task;
            const std::vector<fs::path>* candidates;
        };
        std::vector<Job> jobs;
        for (const auto& s : d_.scenes)
            for (const auto& model : d_.models)
                for (Task task : {Task::On, Task::Off}) jobs.push_back({&s, &model, task, &found[model][task][s.name]});
        std::vector<EditEntry> entries(jobs.size());
        std::vector<std::vector<DatasetProblem>> problems(jobs.size());
        tbb::parallel_for(std::size_t(0), jobs.size(), [&](std::size_t i) {
            entries[i] = entry(d_.root, options_.readHeaders, *jobs[i].scene, *jobs[i].model, jobs[i].task, *jobs[i].candidates, problems[i]);
        });
        d_.edits = std::move(entries);
        for (auto& list : problems)
            for (auto& p : list) d_.problems.push_back(std::move(p));
    }

    static EditEntry entry(const fs::path& root, bool readHeaders, const Scene& s, const std::string& model, Task task,
                           const std::vector<fs::path>& candidates, std::vector<DatasetProblem>& out) {
        auto problem = [&out](ProblemKind kind, const fs::path& path, std::string message) {
            Scanner::problem(out, kind, path, std::move(message));
        };
        EditEntry e{s.name, model, task, std::nullopt, "", 0, 0};
        const fs::path folder = root / "edits" / model / taskFolder(task);
        if (candidates.empty()) {
            e.problem = "missing";
            problem(ProblemKind::MissingEdit, folder / (s.name + ".png"),
                    std::string("no edit of scene '") + s.name + "' by model '" + model + "' for turn-" + taskName(task));
            return e;
        }
        if (candidates.size() > 1) {
            std::string names;
            for (const auto& p : candidates) names += (names.empty() ? "" : ", ") + p.filename().string();
            e.problem = "ambiguous: " + names;
            problem(ProblemKind::Ambiguous, folder, "more than one edit of scene '" + s.name + "' (" + names + ")");
            return e;
        }
        e.path = candidates.front();
        if (!readHeaders) return e;
        ImageHeader h;
        if (!header(*e.path, h, out)) {
            e.problem = "unreadable";
            return e;
        }
        e.width = h.width;
        e.height = h.height;
        const double a = double(h.width) / h.height, b = double(s.width) / s.height;
        if (std::abs(a / b - 1.0) > 0.01) {
            e.problem = "aspect ratio differs from the scene";
            problem(ProblemKind::SizeMismatch, *e.path,
                    "size " + sizeText(h.width, h.height) + " has a different aspect ratio from the scene (" +
                        sizeText(s.width, s.height) + ")");
        }
        return e;
    }

private:
    Dataset& d_;
    ScanOptions options_;
    std::set<std::string> sceneFolders_;
};

} // namespace

Dataset scanDataset(const fs::path& rootIn, const ScanOptions& options) {
    std::error_code ec;
    if (!fs::exists(rootIn, ec)) throw Error(rootIn.string(), "dataset folder not found");
    if (!fs::is_directory(rootIn, ec)) throw Error(rootIn.string(), "not a folder (expected a dataset folder)");
    if (!fs::is_directory(rootIn / "scenes", ec))
        throw Error(rootIn.string(), "not a dataset: no scenes/ folder");
    Dataset d;
    d.root = rootIn.lexically_normal();
    if (d.root.filename().empty()) d.root = d.root.parent_path();
    Scanner s(d, options);
    s.scanTopLevel();
    s.scanScenes();
    s.scanInputs();
    s.scanEdits();
    return d;
}

} // namespace ll
