#include "dataset/Prepare.h"

#include "colour/ColourConfig.h"
#include "dataset/ModelInputs.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

#include <cmath>

namespace ll {
namespace fs = std::filesystem;

namespace {

bool under(const fs::path& p, const fs::path& dir) {
    const std::string a = p.lexically_normal().string(), b = dir.lexically_normal().string();
    return a.size() > b.size() && a.compare(0, b.size(), b) == 0 && a[b.size()] == '/';
}

bool blocksPrepare(const DatasetProblem& p, const Dataset& d) {
    switch (p.kind) {
    case ProblemKind::BadDatasetJson:
    case ProblemKind::BadMeta:
    case ProblemKind::MissingPair:
    case ProblemKind::NotHdr: return true;
    case ProblemKind::Unreadable:
    case ProblemKind::SizeMismatch:
    case ProblemKind::Ambiguous: return under(p.path, d.root / "scenes");
    default: return false;
    }
}

} // namespace

PrepareSummary prepareDataset(const fs::path& root, const PrepareOptions& opt,
                              const std::function<void(const PreparedScene&)>& progress) {
    if (!(opt.percentile >= 0 && opt.percentile <= 100)) throw Error("prepare", "percentile must be in [0, 100]");
    if (!(opt.target > 0 && opt.target <= 1)) throw Error("prepare", "target must be in (0, 1]");
    const Dataset d = scanDataset(root);
    PrepareSummary summary;
    for (const auto& p : d.problems) {
        if (blocksPrepare(p, d)) throw Error(p.path.string(), p.message);
        ++summary.ignoredProblems;
    }
    if (d.scenes.empty()) throw Error((d.root / "scenes").string(), "no scenes to prepare");
    const ModelImagePath path8(ColourConfig::builtin(), opt.transfer);
    const std::optional<EvalSize> size = opt.size ? opt.size : d.evalSize;
    for (const auto& s : d.scenes) {
        Image on = loadImage(s.on), off = loadImage(s.off);
        if (on.width() != off.width() || on.height() != off.height())
            throw Error(s.off.string(), "size differs from " + s.on.filename().string());
        if (size) {
            checkAspectRatio(on.width(), on.height(), size->width, size->height, s.on.string(), opt.allowAspect);
            on = resampleLinear(on, size->width, size->height);
            off = resampleLinear(off, size->width, size->height);
        }
        PreparedScene ps;
        ps.name = s.name;
        ps.width = on.width();
        ps.height = on.height();
        if (s.meta.kRecorded && !opt.recomputeK) {
            ps.k = s.meta.k;
        } else {
            ps.k = exposureForPercentile(on, opt.percentile, opt.target);
            ps.kComputed = true;
            if (!std::isfinite(ps.k) || !(ps.k > 0)) throw Error(s.on.string(), "cannot choose an exposure k (no finite positive pixels)");
        }
        ps.inputOn = d.inputPath(s.name, Task::On);
        ps.inputOff = d.inputPath(s.name, Task::Off);
        writeModelImage(inputSource(on, off, Task::On), ps.k, path8, ps.inputOn);
        writeModelImage(inputSource(on, off, Task::Off), ps.k, path8, ps.inputOff);
        if (ps.kComputed) {
            SceneMeta meta = s.meta;
            meta.k = ps.k;
            meta.kRecorded = true;
            writeSceneMeta(d.metaPath(s.name), meta);
        }
        if (progress) progress(ps);
        summary.scenes.push_back(std::move(ps));
    }
    return summary;
}

} // namespace ll
