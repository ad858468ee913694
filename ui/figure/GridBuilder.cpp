#include "figure/GridBuilder.h"

#include "metrics/MapPalette.h"

#include "bench/ScoreRow.h"
#include "colour/ModelImagePath.h"
#include "colour/SceneLinear.h"
#include "dataset/EvaluationSize.h"
#include "figure/PlotBuilder.h"
#include "figure/TileImages.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "metrics/Evaluate.h"
#include "metrics/LoadCase.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace ll::figure {

namespace {

struct ResolvedRow {
    const Scene* scene = nullptr;
    std::string model;
    Task task = Task::On;
    QString label;
    int group = 0;
    bool firstOfScene = true; // first row of its scene and task
};

QString defaultTitle(const std::string& column) {
    static const std::map<std::string, QString> titles{
        {"input", QStringLiteral("Input")},          {"edit", QStringLiteral("Edit")},
        {"real", QStringLiteral("Real")},            {"ratio_real", QStringLiteral("E_R")},
        {"ratio_edit", QStringLiteral("E_G")},       {"sie_map", QStringLiteral("SIE map")},
        {"lfe_map", QStringLiteral("LFE map")},      {"mask", QStringLiteral("Valid pixels")}};
    return titles.at(column);
}

bool editColumn(const std::string& c) { return c == "edit" || c == "ratio_edit" || c == "sie_map" || c == "lfe_map" || c == "mask"; }

const Scene& findScene(const Dataset& ds, const std::string& name, const std::string& subject) {
    if (const Scene* s = ds.findScene(name)) return *s;
    throw ll::Error(subject, "scene '" + name + "' is not a scoreable scene of " + ds.root.string());
}

void checkModel(const Dataset& ds, const std::string& model, const std::string& subject) {
    if (std::find(ds.models.begin(), ds.models.end(), model) == ds.models.end())
        throw ll::Error(subject, "model '" + model + "' has no edits in " + ds.root.string());
}

std::vector<ResolvedRow> resolveRows(const FigureSpec& spec, const Dataset& ds, const std::string& subject) {
    if (ds.scenes.empty()) throw ll::Error(ds.root.string(), "no scoreable scenes");
    std::vector<ResolvedRow> rows;
    const bool tasksLabel = spec.tasks.size() > 1;
    auto taskSuffix = [&](Task t) { return tasksLabel ? (t == Task::On ? QStringLiteral(" (on)") : QStringLiteral(" (off)")) : QString(); };
    if (spec.rows == "list") {
        std::map<std::pair<std::string, int>, int> groups;
        for (const auto& r : spec.rowList) {
            const Scene& s = findScene(ds, r.scene, subject);
            checkModel(ds, r.model, subject);
            ResolvedRow row{&s, r.model, parseTask(r.task), {}, 0, true};
            const auto key = std::make_pair(r.scene, int(row.task));
            row.firstOfScene = !groups.count(key);
            row.group = groups.emplace(key, int(groups.size())).first->second;
            row.label = r.label.empty() ? displayName(spec, r.model) : QString::fromStdString(r.label);
            rows.push_back(row);
        }
        return rows;
    }
    if (spec.rows == "models") {
        const Scene& s = spec.scene.empty() ? ds.scenes.front() : findScene(ds, spec.scene, subject);
        std::vector<std::string> models = spec.models.empty() ? ds.models : spec.models;
        for (const auto& m : models) checkModel(ds, m, subject);
        int group = 0;
        for (const auto& t : spec.tasks) {
            bool first = true;
            for (const auto& m : models) {
                rows.push_back({&s, m, parseTask(t), displayName(spec, m) + taskSuffix(parseTask(t)), group, first});
                first = false;
            }
            ++group;
        }
        return rows;
    }
    // rows == "scenes"
    const std::string model = spec.model.empty() ? ds.models.empty() ? std::string() : ds.models.front() : spec.model;
    if (model.empty()) throw ll::Error(ds.root.string(), "has no models (edits/<model>/)");
    checkModel(ds, model, subject);
    std::vector<std::string> scenes = spec.scenes;
    if (scenes.empty())
        for (std::size_t i = 0; i < std::min<std::size_t>(4, ds.scenes.size()); ++i) scenes.push_back(ds.scenes[i].name);
    int group = 0;
    for (const auto& t : spec.tasks)
        for (const auto& name : scenes)
            rows.push_back({&findScene(ds, name, subject), model, parseTask(t), displayName(spec, name) + taskSuffix(parseTask(t)), group++, true});
    return rows;
}

QImage codesToImage(const Codes8& c) {
    QImage img(c.width, c.height, QImage::Format_RGB32);
    for (int y = 0; y < c.height; ++y) {
        auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
        const std::uint8_t* in = c.rgb.data() + std::size_t(y) * std::size_t(c.width) * 3;
        for (int x = 0; x < c.width; ++x) out[x] = qRgb(in[3 * x], in[3 * x + 1], in[3 * x + 2]);
    }
    return img;
}

// Colours of the exclusion reasons in the mask column: the palette of the GUI and `eval --maps`
// (metrics/MapPalette.h).
struct ReasonColour { ExclusionReason reason; const char* text; QColor colour; };
const std::vector<ReasonColour>& reasonColours() {
    static const std::vector<ReasonColour> c = [] {
        std::vector<ReasonColour> out;
        for (int r = 0; r < kExclusionReasonCount; ++r) {
            const auto reason = ExclusionReason(r);
            const Rgb8Code rgb = exclusionReasonColour(reason);
            out.push_back({reason, exclusionReasonLabel(reason), QColor(rgb[0], rgb[1], rgb[2])});
        }
        return out;
    }();
    return c;
}

QImage reasonImage(const Plane<std::uint8_t>& reason) {
    std::array<QRgb, 256> lut;
    lut.fill(qRgb(0xCC, 0x79, 0xA7));
    for (const auto& rc : reasonColours()) lut[std::size_t(rc.reason)] = rc.colour.rgb();
    QImage img(reason.width(), reason.height(), QImage::Format_RGB32);
    for (int y = 0; y < reason.height(); ++y) {
        auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
        const std::uint8_t* in = reason.row(y);
        for (int x = 0; x < reason.width(); ++x) out[x] = lut[in[x]];
    }
    return img;
}

QColor outsideOmega80Colour() { return QColor(kOutsideOmega80Colour[0], kOutsideOmega80Colour[1], kOutsideOmega80Colour[2]); }

TileScore scoreOf(const std::string& name, const EvalScores& s) {
    TileScore t;
    if (name == "sie") t = {QStringLiteral("SIE"), s.sie, true, 3};
    else if (name == "lfe") t = {QStringLiteral("LFE"), s.lfe, true, 3};
    else if (name == "sie1") t = {QStringLiteral("SIE1"), s.sie1, true, 3};
    else if (name == "psnr") t = {QStringLiteral("PSNR"), s.psnr, false, 2};
    else if (name == "ssim") t = {QStringLiteral("SSIM"), s.ssim, false, 3};
    return t;
}

// What one row keeps after its evaluation (the maps themselves are large and are dropped).
struct RowMaps {
    std::optional<FloatPlane> sie, lfe;
    Mask sieMask, lfeMask;
    Mask lfeOmega; // Omega, where the LFE map is defined: pixels outside Omega80 there get their own colour
};

} // namespace

GridFigureData gridFigureData(const FigureSpec& spec, const Dataset& dataset, const ColourConfig& colour,
                              const std::string& subject, const MetricParams& paramsIn) {
    MetricParams params = paramsIn;
    if (!spec.bandEdges.empty()) params.bandEdgesPercent = spec.bandEdges;
    params.computeClassic = true;
    const auto rows = resolveRows(spec, dataset, subject);
    const ModelImagePath modelPath(colour);

    GridFigureData d;
    d.title = spec.title.empty() ? QStringLiteral("LightLens qualitative results") : QString::fromStdString(spec.title);
    d.widthPt = spec.widthPt();
    d.dpi = spec.dpi;
    d.tileDpi = spec.tileDpi == kTileDpiNative ? kNativeTileDpi : spec.tileDpi;
    d.jpegPhotos = spec.tileFormat == "jpeg";
    d.jpegQuality = spec.jpegQuality;
    d.style.fontSize = spec.fontSize;
    d.style.titleSize = spec.fontSize + 1.0;

    std::map<std::string, std::vector<std::string>> scores = spec.scores;
    if (!spec.scoresSet) {
        const bool maps = std::count(spec.columns.begin(), spec.columns.end(), "sie_map") ||
                          std::count(spec.columns.begin(), spec.columns.end(), "lfe_map");
        if (maps) {
            scores["sie_map"] = {"sie"};
            scores["lfe_map"] = {"lfe"};
        } else {
            scores["edit"] = {"sie", "lfe"};
        }
    }

    for (const auto& c : spec.columns) {
        GridColumn col;
        auto it = spec.columnTitles.find(c);
        col.title = it != spec.columnTitles.end() ? QString::fromStdString(it->second) : defaultTitle(c);
        // Photographs may be stored as JPEG; ratios, error maps and masks are data and stay lossless.
        col.photo = c == "input" || c == "edit" || c == "real";
        if (c == "sie_map" || c == "lfe_map") {
            col.colourBar = int(d.colourBars.size());
            ColourBar bar;
            bar.label = c == "sie_map" ? QStringLiteral("S(E_R) \u2212 S(E_G)") : QStringLiteral("S(M_R) \u2212 S(M_G)");
            // The LFE compares only Omega80: the valid pixels outside it are not "excluded" (black) but
            // outside the comparison, keyed with their own colour.
            if (c == "lfe_map") bar.keys.push_back({QStringLiteral("outside \u03A980"), outsideOmega80Colour()});
            d.colourBars.push_back(bar);
        }
        if (c == "mask") {
            col.categoryKey = int(d.categoryKeys.size());
            CategoryKey key;
            for (const auto& rc : reasonColours()) key.entries.push_back({QString::fromUtf8(rc.text), rc.colour});
            d.categoryKeys.push_back(key);
        }
        d.columns.push_back(col);
    }

    std::vector<RowMaps> rowMaps(rows.size());
    for (std::size_t ri = 0; ri < rows.size(); ++ri) {
        const ResolvedRow& rr = rows[ri];
        const Scene& scene = *rr.scene;
        GridRow row;
        row.label = rr.label;
        row.group = rr.group;
        row.tiles.resize(spec.columns.size());

        const EditEntry* entry = dataset.findEdit(scene.name, rr.model, rr.task);
        const bool haveEdit = entry && entry->usable();
        CaseOptions opt;
        opt.k = float(scene.meta.k);
        if (dataset.evalSize) opt.size = std::make_pair(dataset.evalSize->width, dataset.evalSize->height);
        else if (const SceneEvaluationSize es = sceneEvaluationSize(dataset, scene, dataset.models); es.width > 0)
            opt.size = std::make_pair(es.width, es.height); // the benchmark's size for the scene (paper 4.1)
        if (scene.meta.clipLevel) opt.clipLevel = float(*scene.meta.clipLevel);

        std::optional<LoadedCase> lc;
        std::optional<EvalResult> result;
        Image on, off;
        if (haveEdit) {
            lc = loadCase(CaseFiles{scene.on, scene.off, *entry->path, scene.labels}, opt, colour);
            result = evaluate(lc->inputs(rr.task, &modelPath), params, true);
        } else {
            on = toSceneLinear(loadImage(scene.on), colour);
            off = toSceneLinear(loadImage(scene.off), colour);
        }
        const Image& realOn = lc ? lc->on : on;
        const Image& realOff = lc ? lc->off : off;
        const bool showScene = spec.repeatSceneTiles || rr.firstOfScene;

        for (std::size_t ci = 0; ci < spec.columns.size(); ++ci) {
            const std::string& c = spec.columns[ci];
            GridTile& tile = row.tiles[ci];
            if (!editColumn(c) && !showScene) {
                tile.blank = true; // shown once, in the first row of the scene
            } else if (c == "input") {
                const auto path = dataset.inputPath(scene.name, rr.task);
                if (std::filesystem::exists(path)) {
                    tile.image = encodedToImage(loadImage(path));
                } else {
                    tile.image = codesToImage(modelPath.toCodes(rr.task == Task::On ? realOff : realOn, float(scene.meta.k)));
                }
            } else if (c == "real") {
                tile.image = toneMapHdr(rr.task == Task::On ? realOn : realOff, scene.meta.k * std::exp2(spec.exposure), colour);
            } else if (!result) {
                if (c == "ratio_real") {
                    // E_R needs only the real pair; without an edit there is no validity mask: show all pixels.
                    Image ratio = rr.task == Task::On ? realOn : realOff;
                    const Image& den = rr.task == Task::On ? realOff : realOn;
                    for (std::size_t i = 0; i < ratio.floatCount(); ++i) ratio.data()[i] = den.data()[i] > 0 ? ratio.data()[i] / den.data()[i] : 0.0f;
                    tile.image = ratioToImage(ratio, nullptr, colour);
                }
                // other edit columns stay empty ("missing")
            } else {
                const EvalMaps& m = *result->maps;
                if (c == "edit") tile.image = encodedToImage(loadImage(*entry->path));
                else if (c == "ratio_real") tile.image = ratioToImage(m.ratioReal, &m.masks.omega, colour);
                else if (c == "ratio_edit") tile.image = ratioToImage(m.ratioEdit, &m.masks.omega, colour);
                else if (c == "mask") tile.image = reasonImage(m.masks.reason);
                else if (c == "sie_map") {
                    rowMaps[ri].sie = m.sieMap;
                    rowMaps[ri].sieMask = result->scores.sie ? m.masks.omega : Mask(m.sieMap.width(), m.sieMap.height(), 0);
                } else if (c == "lfe_map") {
                    rowMaps[ri].lfe = m.lfeMap;
                    Mask u(m.lfeMap.width(), m.lfeMap.height(), 0);
                    if (result->scores.lfe)
                        for (const auto& o : m.omega80)
                            for (std::size_t i = 0; i < u.size(); ++i) u[i] = u[i] | o[i];
                    rowMaps[ri].lfeMask = std::move(u);
                    if (result->scores.lfe) rowMaps[ri].lfeOmega = m.masks.omega;
                }
            }
            if (result)
                if (auto it = scores.find(c); it != scores.end())
                    for (const auto& name : it->second) tile.scores.push_back(scoreOf(name, result->scores));
        }
        d.rows.push_back(std::move(row));
    }

    // Shared symmetric ranges of the map columns, then their tiles.
    for (std::size_t ci = 0; ci < spec.columns.size(); ++ci) {
        const std::string& c = spec.columns[ci];
        if (c != "sie_map" && c != "lfe_map") continue;
        const bool sie = c == "sie_map";
        double r = 0.0;
        if (auto it = spec.colourRanges.find(c); it != spec.colourRanges.end()) {
            r = it->second;
        } else {
            std::vector<std::pair<const FloatPlane*, const Mask*>> maps;
            for (const auto& rm : rowMaps) {
                const auto& plane = sie ? rm.sie : rm.lfe;
                if (plane) maps.push_back({&*plane, sie ? &rm.sieMask : &rm.lfeMask});
            }
            r = symmetricExtent(maps, spec.rangePercentile);
            // Rounded up to two significant digits, so the colour bar's end labels are exact and short.
            const double mag = std::pow(10.0, std::floor(std::log10(r)) - 1.0);
            r = std::ceil(r / mag - 1e-9) * mag;
        }
        d.colourBars[std::size_t(d.columns[ci].colourBar)].range = ValueRange{-r, r};
        for (std::size_t ri = 0; ri < rows.size(); ++ri) {
            const auto& rm = rowMaps[ri];
            const auto& plane = sie ? rm.sie : rm.lfe;
            if (!plane) continue;
            QImage& img = d.rows[ri].tiles[ci].image;
            img = colourMapImage(*plane, sie ? &rm.sieMask : &rm.lfeMask, ColourMapKind::Diverging, ValueRange{-r, r});
            if (!sie && rm.lfeOmega.size() == rm.lfeMask.size()) {
                const QRgb grey = outsideOmega80Colour().rgb();
                for (int y = 0; y < img.height(); ++y) {
                    auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
                    for (int x = 0; x < img.width(); ++x) {
                        const std::size_t i = std::size_t(y) * std::size_t(img.width()) + std::size_t(x);
                        if (rm.lfeOmega[i] && !rm.lfeMask[i]) out[x] = grey;
                    }
                }
            }
        }
    }

    for (const auto& in : spec.insets) {
        Inset inset;
        inset.rect = QRectF(in.rect[0], in.rect[1], in.rect[2], in.rect[3]);
        if (!in.colour.empty()) inset.colour = QColor(QString::fromStdString(in.colour));
        d.insets.push_back(inset);
    }
    d.insetPlacement = spec.insetPlacement == "inside" ? InsetPlacement::Inside : InsetPlacement::Beside;
    d.insetCorner = spec.insetCorner == "top-left" ? Corner::TopLeft
                    : spec.insetCorner == "top-right" ? Corner::TopRight
                    : spec.insetCorner == "bottom-left" ? Corner::BottomLeft : Corner::BottomRight;
    d.insetSize = spec.insetSize;
    for (const auto& c : spec.insetColumns)
        d.insetColumns.push_back(int(std::find(spec.columns.begin(), spec.columns.end(), c) - spec.columns.begin()));
    d.showExcludedSwatch = true;
    markBestScores(d);
    return d;
}

} // namespace ll::figure
