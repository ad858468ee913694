#include "figure/GridBuilder.h"

#include "metrics/MapPalette.h"

#include "bench/ScoreRow.h"
#include "colour/ModelImagePath.h"
#include "colour/SceneLinear.h"
#include "dataset/EvaluationSize.h"
#include "figure/ClassColour.h"
#include "figure/DifferenceTiles.h"
#include "figure/GridTranspose.h"
#include "figure/OverlayTiles.h"
#include "figure/PlotBuilder.h"
#include "figure/TileImages.h"
#include "annotations/SceneRegions.h"
#include "metrics/BandPairMask.h"
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
        {"lfe_map", QStringLiteral("LFE map")},      {"mask", QStringLiteral("Valid pixels")},
        {"real_on", QStringLiteral("Real on")},      {"real_off", QStringLiteral("Real off")},
        {"diff_real", QStringLiteral("Real on \u2212 off")}, {"diff_edit", QStringLiteral("Edit \u2212 input")},
        {"band_map", QStringLiteral("Intensity bands")}, {"annotations", QStringLiteral("Annotations")}};
    return titles.at(column);
}

bool editColumn(const std::string& c, const FigureSpec& spec) {
    return c == "edit" || c == "ratio_edit" || c == "sie_map" || c == "lfe_map" || c == "mask" || c == "diff_edit" ||
           (c == "annotations" && spec.annotationImage == "edit");
}

bool differenceColumn(const std::string& c) { return c == "diff_real" || c == "diff_edit"; }

const Scene& findScene(const Dataset& ds, const std::string& name, const std::string& subject) {
    if (const Scene* s = ds.findScene(name)) return *s;
    throw ll::Error(subject, "scene '" + name + "' is not a scoreable scene of " + ds.root.string());
}

void checkModel(const Dataset& ds, const std::string& model, const std::string& subject) {
    if (std::find(ds.models.begin(), ds.models.end(), model) == ds.models.end())
        throw ll::Error(subject, "model '" + model + "' has no edits in " + ds.root.string());
}

bool transposed(const FigureSpec& spec) { return spec.kind == FigureKind::Mosaic || spec.orientation == "columns"; }

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
        // One scene; with models as columns (and in a mosaic) the scenes of `scenes` one after another.
        std::vector<const Scene*> scenes;
        if (transposed(spec) && !spec.scenes.empty())
            for (const auto& name : spec.scenes) scenes.push_back(&findScene(ds, name, subject));
        else if (spec.kind == FigureKind::Mosaic)
            for (const auto& sc : ds.scenes) scenes.push_back(&sc);
        else
            scenes.push_back(spec.scene.empty() ? &ds.scenes.front() : &findScene(ds, spec.scene, subject));
        std::vector<std::string> models = spec.models.empty() ? ds.models : spec.models;
        if (models.empty()) throw ll::Error(ds.root.string(), "has no models (edits/<model>/)");
        for (const auto& m : models) checkModel(ds, m, subject);
        int group = 0;
        for (const auto& t : spec.tasks)
            for (const Scene* s : scenes) {
                bool first = true;
                for (const auto& m : models) {
                    rows.push_back({s, m, parseTask(t), displayName(spec, m) + taskSuffix(parseTask(t)), group, first});
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

// An imported score (bench --import-scores) of the row's scene, model and task from the results.
TileScore importedScore(const std::string& name, const BenchResults& bench, const ResolvedRow& row) {
    TileScore t{QString::fromStdString(name.substr(9)).toUpper(), std::nullopt, !higherIsBetter(bench, name), 3};
    for (const auto& r : bench.rows)
        if (r.scene == row.scene->name && r.model == row.model && r.task == row.task) {
            t.value = rowScore(r, name);
            break;
        }
    return t;
}

// What one row keeps after its evaluation (the maps themselves are large and are dropped).
struct RowMaps {
    std::optional<FloatPlane> sie, lfe;
    Mask sieMask, lfeMask;
    Mask lfeOmega; // Omega, where the LFE map is defined: pixels outside Omega80 there get their own colour
    std::optional<FloatPlane> diffReal, diffEdit; // signed differences, coloured once their range is known
};

// Rounded up to two significant digits, so a colour bar's end labels are exact and short.
double roundedExtent(double r) {
    const double mag = std::pow(10.0, std::floor(std::log10(r)) - 1.0);
    return std::ceil(r / mag - 1e-9) * mag;
}

// The tiles of "highlight": rows by index or by the name of their model or scene (the first row that
// matches), columns by index or kind (the first column of that kind).
std::vector<TileHighlight> resolveHighlights(const FigureSpec& spec, const std::vector<ResolvedRow>& rows, const std::string& subject) {
    std::vector<TileHighlight> out;
    for (const auto& h : spec.highlights) {
        TileHighlight t;
        t.row = h.row;
        if (t.row < 0)
            for (std::size_t i = 0; i < rows.size() && t.row < 0; ++i)
                if (rows[i].model == h.rowName || rows[i].scene->name == h.rowName) t.row = int(i);
        if (t.row < 0 || t.row >= int(rows.size()))
            throw ll::Error(subject, "\"highlight\": row " + (h.row >= 0 ? std::to_string(h.row) : "'" + h.rowName + "'") +
                                         " is not one of the " + std::to_string(rows.size()) + " rows (0-based index, model or scene)");
        t.column = h.column;
        if (t.column < 0)
            t.column = int(std::find(spec.columns.begin(), spec.columns.end(), h.columnName) - spec.columns.begin());
        if (t.column >= int(spec.columns.size()))
            throw ll::Error(subject, "\"highlight\": column " + (h.column >= 0 ? std::to_string(h.column) : "'" + h.columnName + "'") +
                                         " is not one of the figure's " + std::to_string(spec.columns.size()) + " columns");
        t.colour = h.colour.empty() ? seriesColour(0) : QColor(QString::fromStdString(h.colour));
        out.push_back(t);
    }
    return out;
}

} // namespace

GridFigureData gridFigureData(const FigureSpec& specIn, const Dataset& dataset, const ColourConfig& colour,
                              const std::string& subject, const MetricParams& paramsIn, const BenchResults* bench) {
    FigureSpec spec = specIn;
    if (spec.kind == FigureKind::Mosaic) { // one image kind, no scores: the grid of scenes x models
        spec.columns = {spec.image};
        spec.scores.clear();
        spec.scoresSet = true;
        spec.rows = "models";
        spec.highlights.clear();
        spec.insets.clear();
    }
    MetricParams params = paramsIn;
    if (!spec.bandEdges.empty()) params.bandEdgesPercent = spec.bandEdges;
    params.computeClassic = true;
    const auto rows = resolveRows(spec, dataset, subject);
    const ModelImagePath modelPath(colour);
    const bool signedDiff = spec.differenceTone == "signed";

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
    for (const auto& [column, names] : scores)
        for (const auto& name : names)
            if (name.rfind("imported.", 0) == 0) {
                if (!bench) throw ll::Error(subject, "\"scores\": " + name + " needs benchmark results (--bench DIR)");
                checkMetricPresent(*bench, name, subject);
            }

    int diffBar = -1;
    std::vector<int> bandKeyOf(spec.columns.size(), -1), classKeyOf(spec.columns.size(), -1);
    for (std::size_t ci = 0; ci < spec.columns.size(); ++ci) {
        const std::string& c = spec.columns[ci];
        GridColumn col;
        auto it = spec.columnTitles.find(c);
        col.title = it != spec.columnTitles.end() ? QString::fromStdString(it->second) : defaultTitle(c);
        // Photographs may be stored as JPEG; ratios, error maps and masks are data and stay lossless.
        col.photo = c == "input" || c == "edit" || c == "real" || c == "real_on" || c == "real_off";
        if (c == "sie_map" || c == "lfe_map") {
            col.colourBar = int(d.colourBars.size());
            ColourBar bar;
            bar.label = c == "sie_map" ? QStringLiteral("S(E_R) \u2212 S(E_G)") : QStringLiteral("S(M_R) \u2212 S(M_G)");
            // The LFE compares only Omega80: the valid pixels outside it are not "excluded" (black) but
            // outside the comparison, keyed with their own colour.
            if (c == "lfe_map") bar.keys.push_back({QStringLiteral("outside \u03A980"), outsideOmega80Colour()});
            d.colourBars.push_back(bar);
        }
        if (differenceColumn(c) && signedDiff) { // one bar shared by the difference columns
            if (diffBar < 0) {
                diffBar = int(d.colourBars.size());
                ColourBar bar;
                bar.label = QStringLiteral("k (I^{on} \u2212 I^{off})");
                bar.coversAll = true;
                d.colourBars.push_back(bar);
            }
            col.colourBar = diffBar;
        }
        if (c == "mask") {
            col.categoryKey = int(d.categoryKeys.size());
            CategoryKey key;
            for (const auto& rc : reasonColours()) key.entries.push_back({QString::fromUtf8(rc.text), rc.colour});
            d.categoryKeys.push_back(key);
        }
        if (c == "band_map") {
            col.categoryKey = bandKeyOf[ci] = int(d.categoryKeys.size());
            d.categoryKeys.push_back({}); // filled with the bands once known
        }
        if (c == "annotations") {
            col.categoryKey = classKeyOf[ci] = int(d.categoryKeys.size());
            d.categoryKeys.push_back({}); // filled with the classes drawn
        }
        d.columns.push_back(col);
    }

    std::vector<std::string> bandKeysSeen, classesDrawn;
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
        const double exposure = scene.meta.k * std::exp2(spec.exposure);

        // The images that need no evaluation (null when the kind needs an edit and there is none).
        auto plainImage = [&](const std::string& c) -> QImage {
            if (c == "input") {
                const auto path = dataset.inputPath(scene.name, rr.task);
                if (std::filesystem::exists(path)) return encodedToImage(loadImage(path));
                return codesToImage(modelPath.toCodes(rr.task == Task::On ? realOff : realOn, float(scene.meta.k)));
            }
            if (c == "real") return toneMapHdr(rr.task == Task::On ? realOn : realOff, exposure, colour);
            if (c == "real_on") return toneMapHdr(realOn, exposure, colour);
            if (c == "real_off") return toneMapHdr(realOff, exposure, colour);
            if (c == "edit" && haveEdit) return encodedToImage(loadImage(*entry->path));
            return {};
        };

        for (std::size_t ci = 0; ci < spec.columns.size(); ++ci) {
            const std::string& c = spec.columns[ci];
            GridTile& tile = row.tiles[ci];
            if (!editColumn(c, spec) && !showScene) {
                tile.blank = true; // shown once, in the first row of the scene
            } else if (c == "input" || c == "real" || c == "real_on" || c == "real_off") {
                tile.image = plainImage(c);
            } else if (c == "diff_real" || (c == "diff_edit" && lc)) {
                // Both read on - off: the edit minus its input for turn-on, the input minus the edit for
                // turn-off (paper Fig. 6: I_R^on - I_G^off), in the scene's linear units.
                const Image diff = c == "diff_real" ? differenceImage(realOn, realOff, scene.on.string())
                                   : rr.task == Task::On ? differenceImage(lc->edit, lc->off, entry->path->string())
                                                         : differenceImage(lc->on, lc->edit, entry->path->string());
                if (signedDiff) (c == "diff_real" ? rowMaps[ri].diffReal : rowMaps[ri].diffEdit) = signedDifferencePlane(diff, exposure);
                else tile.image = absoluteDifferenceImage(diff, exposure, colour);
            } else if (c == "band_map") {
                // The bands are a property of the real pair (metrics/BandPairMask.h): the evaluation's when
                // there is one, else computed from the pair alone.
                if (result) {
                    tile.image = bandMapImage(result->maps->bandLabels, result->maps->bandKeys.size());
                    if (bandKeysSeen.empty()) bandKeysSeen = result->maps->bandKeys;
                } else {
                    const std::optional<float> clip = scene.meta.clipLevel ? std::optional<float>(float(*scene.meta.clipLevel)) : std::nullopt;
                    const IntensityBands bands = pairIntensityBands(realOn, realOff, float(scene.meta.k), clip, nullptr, params.bandEdgesPercent);
                    tile.image = bandMapImage(bands.labels, bands.keys.size());
                    if (bandKeysSeen.empty()) bandKeysSeen = bands.keys;
                }
            } else if (c == "annotations") {
                const QImage base = plainImage(spec.annotationImage);
                if (!base.isNull()) {
                    std::map<std::string, Mask> classes;
                    if (scene.labels) {
                        SceneRegions regions = loadSceneRegions(*scene.labels, base.width(), base.height(), nullptr);
                        if (regions.labelsProblem) throw ll::Error(subject, "annotations: " + *regions.labelsProblem);
                        classes = std::move(regions.regions);
                    }
                    tile.image = annotationOverlayImage(base, classes, spec.annotationOpacity, &classesDrawn);
                }
            } else if (!result) {
                if (c == "edit") tile.image = plainImage(c);
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
                if (c == "edit") tile.image = plainImage(c);
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
            if (auto it = scores.find(c); it != scores.end())
                for (const auto& name : it->second) {
                    if (name.rfind("imported.", 0) == 0) tile.scores.push_back(importedScore(name, *bench, rr));
                    else if (result) tile.scores.push_back(scoreOf(name, result->scores));
                }
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
            r = roundedExtent(symmetricExtent(maps, spec.rangePercentile));
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
    // Signed differences: one symmetric range over every difference tile (real and edit alike).
    if (diffBar >= 0) {
        std::vector<std::pair<const FloatPlane*, const Mask*>> planes;
        for (const auto& rm : rowMaps) {
            if (rm.diffReal) planes.push_back({&*rm.diffReal, nullptr});
            if (rm.diffEdit) planes.push_back({&*rm.diffEdit, nullptr});
        }
        const double r = roundedExtent(symmetricExtent(planes, spec.rangePercentile));
        d.colourBars[std::size_t(diffBar)].range = ValueRange{-r, r};
        for (std::size_t ci = 0; ci < spec.columns.size(); ++ci) {
            if (!differenceColumn(spec.columns[ci])) continue;
            for (std::size_t ri = 0; ri < rows.size(); ++ri) {
                const auto& plane = spec.columns[ci] == "diff_real" ? rowMaps[ri].diffReal : rowMaps[ri].diffEdit;
                if (plane) d.rows[ri].tiles[ci].image = colourMapImage(*plane, nullptr, ColourMapKind::Diverging, ValueRange{-r, r});
            }
        }
    }
    // Keys of the label columns: the bands brightest first, the classes drawn in name order.
    std::sort(classesDrawn.begin(), classesDrawn.end());
    for (std::size_t ci = 0; ci < spec.columns.size(); ++ci) {
        if (bandKeyOf[ci] >= 0) {
            auto& entries = d.categoryKeys[std::size_t(bandKeyOf[ci])].entries;
            for (std::size_t b = 0; b < bandKeysSeen.size(); ++b)
                entries.push_back({displayName(spec, bandKeysSeen[b]), bandMapColour(b, bandKeysSeen.size())});
            entries.push_back({QStringLiteral("no band"), noBandColour()});
        }
        if (classKeyOf[ci] >= 0)
            for (const auto& cls : classesDrawn)
                d.categoryKeys[std::size_t(classKeyOf[ci])].entries.push_back(
                    {displayName(spec, cls), annotationClassColour(QString::fromStdString(cls))});
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
    bool anyMap = false;
    for (const auto& c : spec.columns) anyMap |= c == "sie_map" || c == "lfe_map";
    d.showExcludedSwatch = anyMap;
    d.highlights = resolveHighlights(spec, rows, subject);
    markBestScores(d);
    if (!transposed(spec)) return d;

    // Models as columns: rows were made scene by scene (group-major), each group holding every model.
    std::vector<QString> modelLabels, groupLabels;
    const bool tasksLabel = spec.tasks.size() > 1;
    int lastGroup = -1;
    for (const auto& rr : rows) {
        if (rr.group != lastGroup) {
            groupLabels.push_back(displayName(spec, rr.scene->name) +
                                  (tasksLabel ? (rr.task == Task::On ? QStringLiteral(" (on)") : QStringLiteral(" (off)")) : QString()));
            lastGroup = rr.group;
        }
        if (groupLabels.size() == 1) modelLabels.push_back(displayName(spec, rr.model));
    }
    return modelsAsColumns(d, modelLabels, groupLabels, subject);
}

} // namespace ll::figure
