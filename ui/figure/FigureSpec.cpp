#include "figure/FigureSpec.h"

#include "figure/Length.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace ll::figure {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

const char* figureKindName(FigureKind kind) {
    switch (kind) {
    case FigureKind::Grid: return "grid";
    case FigureKind::Bands: return "bands";
    case FigureKind::Classes: return "classes";
    case FigureKind::Percentiles: return "percentiles";
    case FigureKind::Histogram: return "histogram";
    case FigureKind::Table: return "table";
    case FigureKind::Mosaic: return "mosaic";
    }
    return "?";
}

const std::vector<std::string>& gridColumnKinds() {
    static const std::vector<std::string> kinds{"input",   "edit",      "real",      "real_on",   "real_off",
                                                "ratio_real", "ratio_edit", "sie_map", "lfe_map",   "mask",
                                                "diff_real", "diff_edit", "band_map", "annotations"};
    return kinds;
}

const std::vector<std::string>& annotationImageKinds() {
    static const std::vector<std::string> kinds{"input", "edit", "real", "real_on", "real_off"};
    return kinds;
}

namespace {

const std::vector<std::string> kScoreNames{"sie", "lfe", "sie1", "psnr", "ssim"};

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) out += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + v[i];
    return out;
}

bool isImportedScore(const std::string& name) { return name.rfind("imported.", 0) == 0 && name.size() > 9; }

class Reader {
public:
    Reader(const json& j, std::string subject) : j_(j), subject_(std::move(subject)) {}

    [[noreturn]] void fail(const std::string& key, const std::string& problem) const {
        throw ll::Error(subject_, "\"" + key + "\": " + problem);
    }
    bool has(const std::string& key) {
        used_.insert(key);
        return j_.contains(key) && !j_.at(key).is_null();
    }
    std::string str(const std::string& key, const std::string& fallback) {
        if (!has(key)) return fallback;
        if (!j_.at(key).is_string()) fail(key, "must be a string");
        return j_.at(key).get<std::string>();
    }
    double num(const std::string& key, double fallback, double lo, double hi) {
        if (!has(key)) return fallback;
        if (!j_.at(key).is_number()) fail(key, "must be a number");
        const double v = j_.at(key).get<double>();
        if (!(v >= lo && v <= hi)) fail(key, "must be in " + std::to_string(lo) + " .. " + std::to_string(hi));
        return v;
    }
    bool boolean(const std::string& key, bool fallback) {
        if (!has(key)) return fallback;
        if (!j_.at(key).is_boolean()) fail(key, "must be true or false");
        return j_.at(key).get<bool>();
    }
    std::vector<std::string> strings(const std::string& key, const std::vector<std::string>& fallback) {
        if (!has(key)) return fallback;
        const json& a = j_.at(key);
        if (a.is_string()) return {a.get<std::string>()};
        if (!a.is_array()) fail(key, "must be a list of strings");
        std::vector<std::string> out;
        for (const auto& e : a) {
            if (!e.is_string()) fail(key, "must be a list of strings");
            out.push_back(e.get<std::string>());
        }
        return out;
    }
    std::vector<double> numbers(const std::string& key, std::size_t minCount, std::size_t maxCount) {
        if (!has(key)) return {};
        const json& a = j_.at(key);
        if (!a.is_array() || a.size() < minCount || a.size() > maxCount)
            fail(key, "must be a list of " + (minCount == maxCount ? std::to_string(minCount) : std::to_string(minCount) + " to " + std::to_string(maxCount)) + " numbers");
        std::vector<double> out;
        for (const auto& e : a) {
            if (!e.is_number() || !std::isfinite(e.get<double>())) fail(key, "must be a list of finite numbers");
            out.push_back(e.get<double>());
        }
        return out;
    }
    std::map<std::string, std::string> stringMap(const std::string& key) {
        std::map<std::string, std::string> out;
        if (!has(key)) return out;
        if (!j_.at(key).is_object()) fail(key, "must be an object of strings");
        for (const auto& [k, v] : j_.at(key).items()) {
            if (!v.is_string()) fail(key + "." + k, "must be a string");
            out[k] = v.get<std::string>();
        }
        return out;
    }
    const json& at(const std::string& key) {
        used_.insert(key);
        return j_.at(key);
    }
    void rejectUnknown() const {
        for (const auto& [k, v] : j_.items())
            if (!used_.count(k)) throw ll::Error(subject_, "unknown key \"" + k + "\" (see docs/figures.md)");
    }
    const std::string& subject() const { return subject_; }

private:
    const json& j_;
    std::string subject_;
    std::set<std::string> used_;
};

bool isHexColour(const std::string& c) {
    return c.size() == 7 && c[0] == '#' && c.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos;
}

void checkTask(Reader& r, const std::string& key, const std::string& t) {
    if (t != "on" && t != "off") r.fail(key, "task '" + t + "' is not on or off");
}

// tile_format, jpeg_quality, tile_dpi: how a grid's image tiles are embedded in PDF and SVG.
void readTileOptions(Reader& r, const json& j, FigureSpec& s) {
    for (const char* key : {"tile_format", "jpeg_quality", "tile_dpi"})
        if (j.contains(key) && s.kind != FigureKind::Grid && s.kind != FigureKind::Mosaic)
            r.fail(key, "only grids and mosaics have image tiles");
    s.tileFormat = r.str("tile_format", s.tileFormat);
    if (s.tileFormat != "png" && s.tileFormat != "jpeg") r.fail("tile_format", "must be \"png\" or \"jpeg\"");
    if (r.has("jpeg_quality")) {
        const json& q = j.at("jpeg_quality");
        if (!q.is_number_integer() || q.get<long long>() < 1 || q.get<long long>() > 100)
            r.fail("jpeg_quality", "must be a whole number 1 .. 100");
        s.jpegQuality = q.get<int>();
    }
    if (r.has("tile_dpi")) {
        const json& t = j.at("tile_dpi");
        if (t.is_string()) {
            if (t.get<std::string>() != "native") r.fail("tile_dpi", "must be a number (10 .. 2400) or \"native\"");
            s.tileDpi = kTileDpiNative;
        } else {
            s.tileDpi = r.num("tile_dpi", 0.0, 10, 2400);
        }
    }
}

// The keys of the column kinds that have them, written only when such a column is shown.
void writeColumnKeys(ojson& j, const FigureSpec& s, const std::vector<std::string>& columns) {
    if (contains(columns, "diff_real") || contains(columns, "diff_edit")) j["difference_tone"] = s.differenceTone;
    if (contains(columns, "annotations")) {
        j["annotation_opacity"] = s.annotationOpacity;
        j["annotation_image"] = s.annotationImage;
    }
}

} // namespace

FigureSpec FigureSpec::fromJsonText(const std::string& text, const std::string& subject) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        throw ll::Error(subject, std::string("malformed JSON: ") + e.what());
    }
    return fromJson(j, subject);
}

FigureSpec FigureSpec::fromJson(const json& j, const std::string& subject) {
    if (!j.is_object()) throw ll::Error(subject, "a figure description must be a JSON object");
    Reader r(j, subject);
    FigureSpec s;
    if (!r.has("kind")) r.fail("kind", "missing (grid, mosaic, bands, classes, percentiles, histogram or table)");
    const std::string kind = r.str("kind", "");
    if (kind == "grid") s.kind = FigureKind::Grid;
    else if (kind == "bands") s.kind = FigureKind::Bands;
    else if (kind == "classes") s.kind = FigureKind::Classes;
    else if (kind == "percentiles") s.kind = FigureKind::Percentiles;
    else if (kind == "histogram") s.kind = FigureKind::Histogram;
    else if (kind == "table") s.kind = FigureKind::Table;
    else if (kind == "mosaic") s.kind = FigureKind::Mosaic;
    else r.fail("kind", "'" + kind + "' is not grid, mosaic, bands, classes, percentiles, histogram or table");

    s.title = r.str("title", s.title);
    if (r.has("size")) {
        const json& size = r.at("size");
        if (!size.is_object()) r.fail("size", "must be an object {\"width\": ..., \"height\": ...}");
        Reader sr(size, subject);
        auto lengthText = [&](const std::string& key, const std::string& fallback) {
            if (!sr.has(key)) return fallback;
            const json& v = size.at(key);
            if (v.is_number()) {
                std::ostringstream os;
                os << v.get<double>() << "pt";
                return os.str();
            }
            if (!v.is_string()) sr.fail("size." + key, "must be a length such as \"8.5cm\", \"3.35in\" or \"two-column\"");
            return v.get<std::string>();
        };
        s.width = lengthText("width", s.width);
        s.height = lengthText("height", s.height);
        sr.rejectUnknown();
    }
    lengthToPoints(s.width, subject + ": size.width");
    if (!s.height.empty()) lengthToPoints(s.height, subject + ": size.height");
    s.dpi = r.num("dpi", s.dpi, 10, 2400);
    s.fontSize = r.num("font_size", s.fontSize, 4, 14);
    s.tasks = r.strings("tasks", s.tasks);
    if (r.has("task")) s.tasks = r.strings("task", s.tasks);
    if (s.tasks.empty()) r.fail("tasks", "must name at least one task");
    for (const auto& t : s.tasks) checkTask(r, "tasks", t);
    s.models = r.strings("models", s.models);
    s.labels = r.stringMap("labels");
    s.modelColours = r.stringMap("model_colours");
    for (const auto& [model, colour] : s.modelColours)
        if (!isHexColour(colour)) r.fail("model_colours." + model, "must be \"#rrggbb\"");

    // grid
    if (r.has("rows")) {
        const json& rows = r.at("rows");
        if (rows.is_string()) {
            s.rows = rows.get<std::string>();
            if (s.rows != "models" && s.rows != "scenes") r.fail("rows", "must be \"models\", \"scenes\" or a list of rows");
        } else if (rows.is_array()) {
            s.rows = "list";
            for (const auto& e : rows) {
                if (!e.is_object()) r.fail("rows", "each row must be an object {\"scene\", \"model\", \"task\", \"label\"}");
                Reader er(e, subject);
                GridRowSpec row;
                row.scene = er.str("scene", "");
                row.model = er.str("model", "");
                row.task = er.str("task", s.tasks.front());
                row.label = er.str("label", "");
                if (row.scene.empty() || row.model.empty()) er.fail("rows", "each row needs \"scene\" and \"model\"");
                checkTask(er, "rows.task", row.task);
                er.rejectUnknown();
                s.rowList.push_back(row);
            }
            if (s.rowList.empty()) r.fail("rows", "the list of rows is empty");
        } else {
            r.fail("rows", "must be \"models\", \"scenes\" or a list of rows");
        }
    }
    s.scene = r.str("scene", s.scene);
    s.scenes = r.strings("scenes", s.scenes);
    s.model = r.str("model", s.model);
    s.columns = r.strings("columns", s.columns);
    if (s.columns.empty()) r.fail("columns", "must name at least one column");
    for (const auto& c : s.columns)
        if (!contains(gridColumnKinds(), c)) r.fail("columns", "'" + c + "' is not one of " + joined(gridColumnKinds()));
    s.columnTitles = r.stringMap("column_titles");
    if (r.has("scores")) {
        const json& sc = r.at("scores");
        if (!sc.is_object()) r.fail("scores", "must be an object: column -> list of scores");
        s.scoresSet = true;
        for (const auto& [col, names] : sc.items()) {
            if (!contains(gridColumnKinds(), col)) r.fail("scores", "'" + col + "' is not a column kind");
            if (!names.is_array()) r.fail("scores." + col, "must be a list of scores");
            for (const auto& n : names) {
                if (!n.is_string() || !(contains(kScoreNames, n.get<std::string>()) || isImportedScore(n.get<std::string>())))
                    r.fail("scores." + col, "scores are sie, lfe, sie1, psnr, ssim and imported.<name>");
                s.scores[col].push_back(n.get<std::string>());
            }
        }
    }
    if (r.has("insets")) {
        const json& ins = r.at("insets");
        if (!ins.is_array()) r.fail("insets", "must be a list of {\"rect\": [x, y, w, h], \"colour\": \"#rrggbb\"}");
        for (const auto& e : ins) {
            if (!e.is_object()) r.fail("insets", "each inset must be an object");
            Reader ir(e, subject);
            InsetSpec in;
            const auto rect = ir.numbers("rect", 4, 4);
            if (rect.empty()) ir.fail("insets.rect", "missing");
            std::copy(rect.begin(), rect.end(), in.rect.begin());
            if (!(in.rect[0] >= 0 && in.rect[1] >= 0 && in.rect[2] > 0 && in.rect[3] > 0 && in.rect[0] + in.rect[2] <= 1.0 + 1e-9 &&
                  in.rect[1] + in.rect[3] <= 1.0 + 1e-9))
                ir.fail("insets.rect", "is [x, y, width, height] in fractions of the image, inside [0, 1]");
            in.colour = ir.str("colour", ir.str("color", ""));
            if (!in.colour.empty() && !isHexColour(in.colour)) ir.fail("insets.colour", "must be \"#rrggbb\"");
            ir.rejectUnknown();
            s.insets.push_back(in);
        }
        if (s.insets.size() > 6) r.fail("insets", "at most 6 insets");
    }
    s.insetPlacement = r.str("inset_placement", s.insetPlacement);
    if (s.insetPlacement != "beside" && s.insetPlacement != "inside") r.fail("inset_placement", "must be \"beside\" or \"inside\"");
    s.insetCorner = r.str("inset_corner", s.insetCorner);
    if (!contains({"top-left", "top-right", "bottom-left", "bottom-right"}, s.insetCorner))
        r.fail("inset_corner", "must be top-left, top-right, bottom-left or bottom-right");
    s.insetSize = r.num("inset_size", s.insetSize, 0.1, 0.9);
    s.insetColumns = r.strings("inset_columns", s.insetColumns);
    for (const auto& c : s.insetColumns)
        if (!contains(s.columns, c)) r.fail("inset_columns", "'" + c + "' is not one of the figure's columns");
    if (r.has("colour_ranges")) {
        const json& cr = r.at("colour_ranges");
        if (!cr.is_object()) r.fail("colour_ranges", "must be an object: column -> extent");
        for (const auto& [col, v] : cr.items()) {
            if (col != "sie_map" && col != "lfe_map") r.fail("colour_ranges", "only sie_map and lfe_map have colour ranges");
            if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
                r.fail("colour_ranges." + col, "must be a positive number (the map shows -r .. r)");
            s.colourRanges[col] = v.get<double>();
        }
    }
    s.rangePercentile = r.num("range_percentile", s.rangePercentile, 50, 100);
    s.exposure = r.num("exposure", s.exposure, -20, 20);
    s.repeatSceneTiles = r.boolean("repeat_scene_tiles", s.repeatSceneTiles);
    if (r.has("band_edges")) {
        s.bandEdges = r.numbers("band_edges", 2, 64);
        if (s.bandEdges.front() != 100.0 || s.bandEdges.back() != 0.0 ||
            !std::is_sorted(s.bandEdges.rbegin(), s.bandEdges.rend()))
            r.fail("band_edges", "must descend from 100 to 0");
    }
    s.differenceTone = r.str("difference_tone", s.differenceTone);
    if (!contains({"exposure", "signed"}, s.differenceTone)) r.fail("difference_tone", "must be \"exposure\" or \"signed\"");
    s.annotationOpacity = r.num("annotation_opacity", s.annotationOpacity, 0, 1);
    s.annotationImage = r.str("annotation_image", s.annotationImage);
    if (!contains(annotationImageKinds(), s.annotationImage))
        r.fail("annotation_image", "'" + s.annotationImage + "' is not " + joined(annotationImageKinds()));
    if (r.has("highlight")) {
        const json& hl = r.at("highlight");
        if (!hl.is_array()) r.fail("highlight", "must be a list of {\"row\", \"column\", \"colour\"}");
        for (const auto& e : hl) {
            if (!e.is_object()) r.fail("highlight", "each highlight must be an object {\"row\", \"column\", \"colour\"}");
            Reader hr(e, subject);
            HighlightSpec h;
            auto place = [&](const std::string& key, int& index, std::string& name) {
                if (!hr.has(key)) hr.fail("highlight." + key, "missing (an index from 0 or a name)");
                const json& v = e.at(key);
                if (v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() < 10000) index = v.get<int>();
                else if (v.is_string() && !v.get<std::string>().empty()) name = v.get<std::string>();
                else hr.fail("highlight." + key, "must be an index from 0 or a name");
            };
            place("row", h.row, h.rowName);
            place("column", h.column, h.columnName);
            if (!h.columnName.empty() && !contains(gridColumnKinds(), h.columnName))
                hr.fail("highlight.column", "'" + h.columnName + "' is not a column kind");
            h.colour = hr.str("colour", hr.str("color", ""));
            if (!h.colour.empty() && !isHexColour(h.colour)) hr.fail("highlight.colour", "must be \"#rrggbb\"");
            hr.rejectUnknown();
            s.highlights.push_back(h);
        }
    }
    s.orientation = r.str("orientation", s.orientation);
    if (!contains({"rows", "columns"}, s.orientation)) r.fail("orientation", "must be \"rows\" or \"columns\"");
    if (s.orientation == "columns" && s.rows != "models")
        r.fail("orientation", "\"columns\" puts the models of \"rows\": \"models\" into columns; it needs rows by models");
    s.image = r.str("image", s.image);
    if (!contains(gridColumnKinds(), s.image)) r.fail("image", "'" + s.image + "' is not one of " + joined(gridColumnKinds()));

    readTileOptions(r, j, s);

    // plots
    s.metrics = r.strings("metrics", s.metrics);
    if (s.metrics.empty()) r.fail("metrics", "must name at least one score");
    for (const auto& m : s.metrics) {
        const bool regional = s.kind == FigureKind::Bands || s.kind == FigureKind::Classes;
        const bool imported = m.rfind("imported.", 0) == 0 && m.size() > 9;
        if (regional ? (m != "sie" && m != "lfe") : !(contains(kScoreNames, m) || imported))
            r.fail("metrics", "'" + m + "' is not a score" +
                                  (regional ? " with region values (sie, lfe)" : " (sie, lfe, sie1, psnr, ssim, imported.<name>)"));
    }
    s.classes = r.strings("classes", s.classes);
    s.values = r.str("values", s.values);
    if (!contains({"relative", "absolute"}, s.values)) r.fail("values", "must be \"relative\" or \"absolute\"");
    s.bands = r.strings("bands", s.bands);
    s.best = r.num("best", s.best, 1, 100);
    if (r.has("percentile_range")) {
        const auto v = r.numbers("percentile_range", 3, 3);
        if (!(v[0] >= 1 && v[1] <= 100 && v[0] < v[1] && v[2] > 0))
            r.fail("percentile_range", "is [from, to, step] with 1 <= from < to <= 100, step > 0");
        std::copy(v.begin(), v.end(), s.percentileRange.begin());
    }
    s.bins = int(r.num("bins", s.bins, 2, 200));
    s.density = r.boolean("density", s.density);
    s.yLog = r.boolean("y_log", s.yLog);
    s.yScale = r.str("y_scale", s.yScale);
    if (!contains({"auto", "linear", "log"}, s.yScale)) r.fail("y_scale", "must be \"auto\", \"linear\" or \"log\"");
    if (s.yLog && s.yScale == "linear") r.fail("y_scale", "\"linear\" contradicts \"y_log\": true");
    if (r.has("y_range")) {
        const auto v = r.numbers("y_range", 2, 2);
        if (!(v[0] < v[1])) r.fail("y_range", "must be [low, high] with low < high");
        if ((s.yLog || s.yScale == "log") && s.kind != FigureKind::Histogram && !(v[0] > 0))
            r.fail("y_range", "must be positive with a log y axis (\"y_log\" or \"y_scale\": \"log\")");
        s.yRange = std::array<double, 2>{v[0], v[1]};
    }
    s.baseline = r.boolean("baseline", s.baseline);
    if (r.has("layout")) {
        const json& layout = r.at("layout");
        if (s.kind == FigureKind::Grid || s.kind == FigureKind::Mosaic || s.kind == FigureKind::Table)
            r.fail("layout", "arranges the panels of a plot; a grid's layout follows its rows and columns");
        if (!layout.is_object()) r.fail("layout", "must be an object {\"columns\": N} or {\"rows\": N}");
        Reader lr(layout, subject);
        auto count = [&](const std::string& key) {
            if (!lr.has(key)) return 0;
            const json& v = layout.at(key);
            if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > 12) lr.fail("layout." + key, "must be a whole number 1 .. 12");
            return v.get<int>();
        };
        s.layoutColumns = count("columns");
        s.layoutRows = count("rows");
        if (s.layoutColumns > 0 && s.layoutRows > 0) r.fail("layout", "give \"columns\" or \"rows\", not both");
        lr.rejectUnknown();
    }
    s.table = r.str("table", s.table);
    if (!contains({"main", "percentiles", "bands", "classes", "classes_relative", "regime", "classic", "sie1", "uncertainty"}, s.table))
        r.fail("table", "'" + s.table + "' is not main, percentiles, bands, classes, classes_relative, regime, classic, sie1 or uncertainty");
    r.rejectUnknown();
    return s;
}

ojson FigureSpec::toJson() const {
    ojson j;
    j["kind"] = figureKindName(kind);
    if (!title.empty()) j["title"] = title;
    j["size"] = ojson{{"width", width}};
    if (!height.empty()) j["size"]["height"] = height;
    j["dpi"] = dpi;
    j["font_size"] = fontSize;
    j["tasks"] = tasks;
    j["models"] = models;
    if (!labels.empty()) j["labels"] = labels;
    if (!modelColours.empty()) j["model_colours"] = modelColours;
    if (kind == FigureKind::Grid) {
        if (rows == "list") {
            ojson list = ojson::array();
            for (const auto& r : rowList) {
                ojson e{{"scene", r.scene}, {"model", r.model}, {"task", r.task}};
                if (!r.label.empty()) e["label"] = r.label;
                list.push_back(e);
            }
            j["rows"] = list;
        } else {
            j["rows"] = rows;
            if (rows == "models") j["scene"] = scene;
            if (rows == "scenes") {
                j["scenes"] = scenes;
                j["model"] = model;
            }
        }
        j["columns"] = columns;
        if (!columnTitles.empty()) j["column_titles"] = columnTitles;
        if (scoresSet) j["scores"] = scores;
        if (!insets.empty()) {
            ojson list = ojson::array();
            for (const auto& in : insets) {
                ojson e{{"rect", in.rect}};
                if (!in.colour.empty()) e["colour"] = in.colour;
                list.push_back(e);
            }
            j["insets"] = list;
            j["inset_placement"] = insetPlacement;
            if (insetPlacement == "inside") {
                j["inset_corner"] = insetCorner;
                j["inset_size"] = insetSize;
            }
            if (!insetColumns.empty()) j["inset_columns"] = insetColumns;
        }
        if (!colourRanges.empty()) j["colour_ranges"] = colourRanges;
        j["range_percentile"] = rangePercentile;
        j["exposure"] = exposure;
        j["repeat_scene_tiles"] = repeatSceneTiles;
        if (!bandEdges.empty()) j["band_edges"] = bandEdges;
        writeColumnKeys(j, *this, columns);
        if (!highlights.empty()) {
            ojson list = ojson::array();
            for (const auto& h : highlights) {
                ojson e;
                if (h.row >= 0) e["row"] = h.row;
                else e["row"] = h.rowName;
                if (h.column >= 0) e["column"] = h.column;
                else e["column"] = h.columnName;
                if (!h.colour.empty()) e["colour"] = h.colour;
                list.push_back(e);
            }
            j["highlight"] = list;
        }
        j["orientation"] = orientation;
        j["tile_format"] = tileFormat;
        if (tileFormat == "jpeg") j["jpeg_quality"] = jpegQuality;
        if (tileDpi == kTileDpiNative) j["tile_dpi"] = "native";
        else if (tileDpi > 0) j["tile_dpi"] = tileDpi;
    } else if (kind == FigureKind::Mosaic) {
        j["scenes"] = scenes;
        j["image"] = image;
        j["exposure"] = exposure;
        j["range_percentile"] = rangePercentile;
        if (!bandEdges.empty()) j["band_edges"] = bandEdges;
        writeColumnKeys(j, *this, {image});
        j["tile_format"] = tileFormat;
        if (tileFormat == "jpeg") j["jpeg_quality"] = jpegQuality;
        if (tileDpi == kTileDpiNative) j["tile_dpi"] = "native";
        else if (tileDpi > 0) j["tile_dpi"] = tileDpi;
    } else if (kind == FigureKind::Table) {
        j["table"] = table;
        j["best"] = best;
    } else {
        j["metrics"] = metrics;
        if (kind == FigureKind::Classes) {
            j["classes"] = classes;
            j["values"] = values;
        }
        if (kind == FigureKind::Bands) j["bands"] = bands;
        if (kind == FigureKind::Bands || kind == FigureKind::Classes) j["best"] = best;
        if (kind == FigureKind::Percentiles) j["percentile_range"] = percentileRange;
        if (kind == FigureKind::Histogram) {
            j["bins"] = bins;
            j["density"] = density;
        }
        if (yRange) j["y_range"] = *yRange;
        j["y_log"] = yLog;
        j["y_scale"] = yScale;
        j["baseline"] = baseline;
        if (layoutColumns > 0) j["layout"] = ojson{{"columns", layoutColumns}};
        if (layoutRows > 0) j["layout"] = ojson{{"rows", layoutRows}};
    }
    return j;
}

std::string FigureSpec::toJsonText() const { return toJson().dump(2) + "\n"; }

bool FigureSpec::logAxis(const std::vector<double>& values) const {
    if (yLog || yScale == "log") return true;
    if (yScale == "linear") return false;
    // A fixed y range that reaches zero or below cannot be drawn on a log axis.
    if (yRange && kind != FigureKind::Histogram && !((*yRange)[0] > 0)) return false;
    double lo = 0.0, hi = 0.0;
    for (double v : values)
        if (std::isfinite(v) && v > 0) lo = lo > 0 ? std::min(lo, v) : v, hi = std::max(hi, v);
    return lo > 0 && hi > lo * std::pow(10.0, kLogAutoDecades);
}

double FigureSpec::widthPt() const { return std::round(lengthToPoints(width, "size.width")); }

double FigureSpec::heightPt() const {
    if (!height.empty()) return std::round(lengthToPoints(height, "size.height"));
    return std::round(std::max(4.0 / 2.54 * 72.0, 0.32 * widthPt()));
}

} // namespace ll::figure
