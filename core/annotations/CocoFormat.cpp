#include "annotations/CocoFormat.h"

#include "annotations/AnnotationIssues.h"
#include "annotations/ClassNames.h"
#include "annotations/CocoPolygonRule.h"
#include "annotations/CocoRle.h"
#include "annotations/JsonText.h"
#include "annotations/RingChecks.h"
#include "annotations/SceneMatching.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace ll {

using ojson = nlohmann::ordered_json;

namespace {

std::optional<long long> wholeNumber(const ojson& obj, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) return std::nullopt;
    const ojson& v = obj[key];
    if (v.is_number_integer()) return v.get<long long>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15) return static_cast<long long>(d);
    }
    return std::nullopt;
}

std::string stringOr(const ojson& obj, const char* key, const std::string& fallback = "") {
    if (obj.is_object() && obj.contains(key) && obj[key].is_string()) return obj[key].get<std::string>();
    return fallback;
}

struct Category {
    std::string name;
    bool project = false; // Roboflow's category 0
};

// Polygon parts of a COCO segmentation list; problems go to `problems`, bad parts are dropped.
std::vector<Ring> polygonParts(const ojson& seg, std::vector<std::string>& problems) {
    std::vector<Ring> rings;
    const bool flat = !seg.empty() && seg[0].is_number();
    const auto readPart = [&](const ojson& part, std::size_t index) {
        if (!part.is_array()) {
            problems.push_back("polygon part " + std::to_string(index) + " is " + jsonTypeName(part) + "; part dropped");
            return;
        }
        if (part.size() % 2 != 0) {
            problems.push_back("polygon part " + std::to_string(index) + " has an odd number of coordinates; part dropped");
            return;
        }
        Ring ring;
        for (std::size_t i = 0; i + 1 < part.size(); i += 2) {
            std::optional<std::string> p = coordinateProblem(part[i]);
            if (!p) p = coordinateProblem(part[i + 1]);
            if (p) {
                problems.push_back("polygon part " + std::to_string(index) + ": " + *p + "; part dropped");
                return;
            }
            ring.push_back({part[i].get<double>(), part[i + 1].get<double>()});
        }
        if (ring.size() < 3) {
            problems.push_back("polygon part " + std::to_string(index) + " has " + std::to_string(ring.size()) +
                               " points, fewer than 3; part dropped");
            return;
        }
        rings.push_back(std::move(ring));
    };
    if (flat) readPart(seg, 0);
    else
        for (std::size_t i = 0; i < seg.size(); ++i) readPart(seg[i], i);
    return rings;
}

// An RLE segmentation object to a mask; throws ll::Error("RLE", ...) when unusable.
Mask rleMask(const ojson& seg, bool& compressed) {
    if (!seg.contains("size") || !seg["size"].is_array() || seg["size"].size() != 2 || !seg["size"][0].is_number_integer() ||
        !seg["size"][1].is_number_integer())
        throw Error("RLE", "'size' is not [height, width]");
    const long long h = seg["size"][0].get<long long>(), w = seg["size"][1].get<long long>();
    if (h <= 0 || w <= 0 || h > 100000 || w > 100000 || h * w > 400'000'000)
        throw Error("RLE", "size " + std::to_string(h) + "x" + std::to_string(w) + " is empty or too large");
    if (!seg.contains("counts")) throw Error("RLE", "no 'counts'");
    const ojson& counts = seg["counts"];
    std::vector<std::uint64_t> runs;
    if (counts.is_string()) {
        compressed = true;
        runs = rleCountsFromString(counts.get<std::string>());
    } else if (counts.is_array()) {
        compressed = false;
        for (const auto& c : counts) {
            if (!c.is_number_integer() || c.get<long long>() < 0) throw Error("RLE", "'counts' holds " + c.dump() + ", not a run length");
            runs.push_back(std::uint64_t(c.get<long long>()));
        }
    } else {
        throw Error("RLE", "'counts' is " + jsonTypeName(counts));
    }
    return decodeRleCounts(runs, int(w), int(h));
}

std::optional<std::array<double, 4>> readBox(const ojson& ann) {
    if (!ann.contains("bbox") || !ann["bbox"].is_array() || ann["bbox"].size() != 4) return std::nullopt;
    std::array<double, 4> b{};
    for (int i = 0; i < 4; ++i) {
        if (coordinateProblem(ann["bbox"][i])) return std::nullopt;
        b[i] = ann["bbox"][i].get<double>();
    }
    if (b[2] < 0 || b[3] < 0) return std::nullopt;
    return b;
}

// Roboflow's project entry: id 0, named as the supercategory of another category (Roboflow exports
// {"id":0,"name":"<project>","supercategory":"none"} and gives every class the supercategory
// "<project>"). Reader and writer share this rule, so a file the writer extends reads back with the
// same classes: an id-0 class with supercategory "none" stays a class when categories are added.
bool isProjectCategory(const ojson& cats, std::size_t index) {
    const ojson& c = cats[index];
    if (wholeNumber(c, "id") != 0 || !c.contains("name") || !c["name"].is_string()) return false;
    const std::string name = c["name"].get<std::string>();
    for (std::size_t j = 0; j < cats.size(); ++j)
        if (j != index && cats[j].is_object() && cats[j].contains("supercategory") &&
            cats[j]["supercategory"].is_string() && cats[j]["supercategory"].get<std::string>() == name)
            return true;
    return false;
}

} // namespace

std::vector<SceneAnnotations> parseCocoImages(const ojson& doc, const std::string& subject, std::vector<std::string>* warnings) {
    IssueLog log(subject, warnings);
    if (!doc.is_object()) throw Error(subject, "COCO JSON must be an object, found " + jsonTypeName(doc));
    if (!doc.contains("images") || !doc["images"].is_array()) throw Error(subject, "not COCO JSON: no 'images' list");

    ojson original = doc;
    original["images"] = ojson::array();
    original["annotations"] = ojson::array();

    // Categories.
    std::map<long long, Category> categories;
    if (!doc.contains("categories") || !doc["categories"].is_array()) {
        log.warning("no 'categories' list: annotations are labelled category_<id>");
    } else {
        const ojson& cats = doc["categories"];
        for (std::size_t i = 0; i < cats.size(); ++i) {
            const ojson& c = cats[i];
            const auto id = wholeNumber(c, "id");
            if (!id || !c.contains("name") || !c["name"].is_string()) {
                log.error("category " + std::to_string(i) + " has no whole-number 'id' or no 'name'; dropped");
                continue;
            }
            if (categories.count(*id)) {
                log.error("duplicate category id " + std::to_string(*id) + " ('" + c["name"].get<std::string>() +
                          "'); the first ('" + categories[*id].name + "') is used");
                continue;
            }
            Category cat{c["name"].get<std::string>(), false};
            cat.project = isProjectCategory(cats, i);
            categories[*id] = cat;
        }
    }

    // Images.
    std::vector<SceneAnnotations> scenes;
    std::map<long long, std::size_t> sceneOfImage;
    const ojson& images = doc["images"];
    for (std::size_t i = 0; i < images.size(); ++i) {
        const ojson& im = images[i];
        const auto id = wholeNumber(im, "id");
        const std::string name = stringOr(im, "file_name");
        const std::string where = "image " + std::to_string(i) + (name.empty() ? "" : " ('" + name + "')");
        if (!im.is_object() || !id) {
            log.error(where + ": no whole-number 'id'; image dropped");
            continue;
        }
        if (sceneOfImage.count(*id)) {
            log.error(where + ": duplicate image id " + std::to_string(*id) + "; image dropped");
            continue;
        }
        const auto w = wholeNumber(im, "width"), h = wholeNumber(im, "height");
        if (!w || !h || *w <= 0 || *h <= 0 || *w > 1000000 || *h > 1000000) {
            log.error(where + ": no positive whole-number 'width' and 'height'; image dropped");
            continue;
        }
        SceneAnnotations scene;
        scene.format = AnnotationFormat::Coco;
        scene.imageWidth = int(*w);
        scene.imageHeight = int(*h);
        scene.imagePath = name;
        std::string extraName;
        if (im.contains("extra") && im["extra"].is_object()) extraName = stringOr(im["extra"], "name");
        scene.originalName = originalImageName(name, extraName);
        scene.imageId = *id;
        scene.original = original;
        scene.originalImage = im;
        sceneOfImage[*id] = scenes.size();
        scenes.push_back(std::move(scene));
    }

    // Annotations.
    if (!doc.contains("annotations") || !doc["annotations"].is_array()) {
        log.warning("no 'annotations' list: no shapes");
        return scenes;
    }
    const ojson& anns = doc["annotations"];
    std::map<long long, std::size_t> seenIds;
    for (std::size_t i = 0; i < anns.size(); ++i) {
        const ojson& a = anns[i];
        std::string where = "annotation " + std::to_string(i);
        if (!a.is_object()) {
            log.error(where + " is " + jsonTypeName(a) + ", not an object; dropped");
            continue;
        }
        const auto id = wholeNumber(a, "id");
        if (id) {
            where += " (id " + std::to_string(*id) + ")";
            if (auto [it, fresh] = seenIds.try_emplace(*id, i); !fresh)
                log.warning(where + ": duplicate annotation id, also used by annotation " + std::to_string(it->second) +
                            "; both kept (a new id is given when written)");
        } else {
            log.warning(where + ": no whole-number 'id' (a new id is given when written)");
        }
        const auto imageId = wholeNumber(a, "image_id");
        if (!imageId || !sceneOfImage.count(*imageId)) {
            log.error(where + ": 'image_id' " + (a.contains("image_id") ? a["image_id"].dump() : std::string("missing")) +
                      " names no image; dropped");
            continue;
        }
        SceneAnnotations& scene = scenes[sceneOfImage[*imageId]];
        Shape shape;
        shape.original = a;
        shape.id = id;
        const auto catId = wholeNumber(a, "category_id");
        if (!catId) {
            log.error(where + ": no whole-number 'category_id'; dropped");
            continue;
        }
        if (auto c = categories.find(*catId); c != categories.end()) {
            shape.label = c->second.name;
            if (c->second.project)
                log.warning(where + ": labelled with the project category 0 ('" + c->second.name + "'), not a class");
        } else {
            shape.label = "category_" + std::to_string(*catId);
            if (!categories.empty()) log.warning(where + ": category_id " + std::to_string(*catId) + " is not listed; labelled '" + shape.label + "'");
        }
        where += " ('" + shape.label + "')";
        shape.className = normaliseClassName(shape.label);
        shape.box = readBox(a);
        if (a.contains("bbox") && !shape.box) log.warning(where + ": 'bbox' is not [x, y, width, height] with finite sizes >= 0; ignored");
        if (a.contains("iscrowd")) shape.crowd = a["iscrowd"].is_number() && a["iscrowd"].get<double>() != 0;
        if (a.contains("attributes") && a["attributes"].is_object()) shape.attributes = a["attributes"];

        const ojson seg = a.contains("segmentation") ? a["segmentation"] : ojson(nullptr);
        if (seg.is_object()) {
            try {
                shape.mask = rleMask(seg, shape.maskCompressed);
            } catch (const Error& e) {
                log.error(where + ": " + e.what() + "; dropped");
                continue;
            }
            if (shape.mask.width() != scene.imageWidth || shape.mask.height() != scene.imageHeight)
                log.warning(where + ": RLE size " + std::to_string(shape.mask.width()) + "x" + std::to_string(shape.mask.height()) +
                            " differs from the image's " + std::to_string(scene.imageWidth) + "x" +
                            std::to_string(scene.imageHeight));
            shape.kind = ShapeKind::Mask;
            shape.shapeType = "mask";
        } else if (seg.is_array() && !seg.empty()) {
            std::vector<std::string> problems;
            shape.rings = polygonParts(seg, problems);
            for (const auto& p : problems) log.error(where + ": " + p);
            if (!seg[0].is_array() && seg[0].is_number())
                log.warning(where + ": 'segmentation' is one flat list, read as a single polygon");
            if (shape.rings.empty()) {
                log.error(where + ": no usable polygon part; dropped");
                continue;
            }
            shape.kind = ShapeKind::Polygon;
            shape.ringRule = RingRule::Union;
            shape.shapeType = "polygon";
            for (const auto& r : shape.rings)
                if (ringLeavesImage(r, scene.imageWidth, scene.imageHeight)) {
                    log.warning(where + ": points outside the " + std::to_string(scene.imageWidth) + "x" +
                                std::to_string(scene.imageHeight) + " image (clipped when rasterised)");
                    break;
                }
        } else if ((seg.is_array() || seg.is_null()) && shape.box) {
            shape.kind = ShapeKind::Box;
            shape.shapeType = "box";
            log.warning(where + ": box only, no segmentation: kept as a box, not rasterised unless boxes are asked for");
        } else {
            log.error(where + ": no usable 'segmentation' and no 'bbox'; dropped");
            continue;
        }
        scene.shapes.push_back(std::move(shape));
    }
    return scenes;
}

std::vector<SceneAnnotations> parseCocoText(std::string_view text, const std::string& subject, std::vector<std::string>* warnings) {
    return parseCocoImages(parseJsonText(text, subject), subject, warnings);
}

std::vector<SceneAnnotations> readCocoImages(const std::filesystem::path& path, std::vector<std::string>* warnings) {
    return parseCocoText(readFile(path), path.string(), warnings);
}

SceneAnnotations readCoco(const std::filesystem::path& path, const std::string& sceneName, std::vector<std::string>* warnings) {
    std::vector<std::string> local;
    auto scenes = readCocoImages(path, &local);
    if (scenes.size() == 1 && sceneName.empty()) {
        if (warnings) warnings->insert(warnings->end(), local.begin(), local.end());
        return std::move(scenes[0]);
    }
    if (scenes.empty()) throw Error(path.string(), "COCO file holds no usable image");
    if (sceneName.empty())
        throw Error(path.string(), "COCO file holds " + std::to_string(scenes.size()) + " images; name the scene to read");
    SceneAnnotations* chosen = nullptr;
    for (auto& s : scenes) {
        if (!matchScene(s.originalName, {sceneName})) continue;
        if (chosen) {
            local.push_back(path.string() + ": warning: images '" + chosen->imagePath + "' and '" + s.imagePath +
                            "' both match scene '" + sceneName + "'; the first is used");
            break;
        }
        chosen = &s;
    }
    if (!chosen)
        throw Error(path.string(), "none of its " + std::to_string(scenes.size()) + " images matches scene '" + sceneName + "'");
    if (warnings) {
        // Only the file-wide messages and the chosen image's own are relevant to the caller.
        for (const auto& w : local) warnings->push_back(w);
    }
    return std::move(*chosen);
}

// ---------------------------------------------------------------------------------------------
// Writing

namespace {

// Written coordinates, box sizes and areas carry two decimals (1/100 pixel): more is noise from
// the editor's zoom arithmetic and only bloats the file.
double twoDecimals(double v) { return std::round(v * 100.0) / 100.0; }

ojson flatRing(const Ring& ring) {
    ojson part = ojson::array();
    for (const auto& p : ring) {
        part.push_back(twoDecimals(p.x));
        part.push_back(twoDecimals(p.y));
    }
    return part;
}

std::array<double, 4> boundsOf(const std::vector<Ring>& rings) {
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (const auto& r : rings)
        for (const auto& p : r) {
            x0 = std::min(x0, p.x);
            y0 = std::min(y0, p.y);
            x1 = std::max(x1, p.x);
            y1 = std::max(y1, p.y);
        }
    if (x0 > x1) return {0, 0, 0, 0};
    return {x0, y0, x1 - x0, y1 - y0};
}

std::array<double, 4> boundsOf(const Mask& m) {
    int x0 = m.width(), y0 = m.height(), x1 = -1, y1 = -1;
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width(); ++x)
            if (m(x, y)) {
                x0 = std::min(x0, x);
                y0 = std::min(y0, y);
                x1 = std::max(x1, x);
                y1 = std::max(y1, y);
            }
    if (x1 < 0) return {0, 0, 0, 0};
    return {double(x0), double(y0), double(x1 - x0 + 1), double(y1 - y0 + 1)};
}

ojson boxJson(const std::array<double, 4>& b) {
    return ojson::array({twoDecimals(b[0]), twoDecimals(b[1]), twoDecimals(b[2]), twoDecimals(b[3])});
}

// True when the shape's geometry is what its original annotation said (so area and bbox as written stay).
bool geometryUnchanged(const Shape& s) {
    if (!s.original.is_object() || !s.original.contains("segmentation")) return false;
    const ojson& seg = s.original["segmentation"];
    if (s.kind == ShapeKind::Polygon) {
        if (!seg.is_array()) return false;
        std::vector<std::string> ignored;
        return polygonParts(seg, ignored) == s.rings && s.ringRule == RingRule::Union;
    }
    if (s.kind == ShapeKind::Mask) {
        if (!seg.is_object()) return false;
        try {
            bool c = false;
            return rleMask(seg, c).values() == s.mask.values();
        } catch (const Error&) {
            return false;
        }
    }
    if (s.kind == ShapeKind::Box) return (seg.is_null() || (seg.is_array() && seg.empty())) && readBox(s.original) == s.box;
    return false;
}

Mask evenOddMask(const std::vector<Ring>& rings, int w, int h) {
    Mask m(w, h, 0);
    std::vector<std::uint64_t> toggles;
    for (const auto& r : rings) appendCocoRingToggles(r, w, h, toggles);
    fillToggles(toggles, m);
    return m;
}

Mask unionMask(const std::vector<Ring>& rings, int w, int h) {
    Mask m(w, h, 0);
    std::vector<std::uint64_t> toggles;
    for (const auto& r : rings) {
        toggles.clear();
        appendCocoRingToggles(r, w, h, toggles);
        fillToggles(toggles, m);
    }
    return m;
}

ojson rleJson(const Mask& m, bool compressed) {
    const auto runs = encodeRleCounts(m);
    ojson counts;
    if (compressed) counts = rleCountsToString(runs);
    else {
        counts = ojson::array();
        for (auto r : runs) counts.push_back(r);
    }
    return ojson{{"size", ojson::array({m.height(), m.width()})}, {"counts", counts}};
}

} // namespace

std::string cocoText(const SceneAnnotations& scene, const ojson* base, std::vector<std::string>* warnings) {
    // COCO images carry their size (the reader drops an image without one, as pycocotools needs it):
    // a file written without it would not read back.
    if (scene.imageWidth <= 0 || scene.imageHeight <= 0)
        throw Error("coco", "the image size is unknown: COCO needs the image's 'width' and 'height'");
    IssueLog log("coco", warnings);
    ojson doc;
    if (base && base->is_object()) doc = *base;
    else if (scene.format == AnnotationFormat::Coco && scene.original.is_object()) doc = scene.original;
    else doc = ojson::object();
    if (!doc.contains("info")) doc["info"] = ojson{{"description", "written by LightLens"}};
    if (!doc.contains("categories") || !doc["categories"].is_array()) doc["categories"] = ojson::array();
    if (!doc.contains("images") || !doc["images"].is_array()) doc["images"] = ojson::array();
    if (!doc.contains("annotations") || !doc["annotations"].is_array()) doc["annotations"] = ojson::array();

    // This image: take out its previous entry and annotations.
    ojson& images = doc["images"];
    ojson& anns = doc["annotations"];
    std::optional<long long> imageId = scene.imageId;
    std::size_t imagePosition = images.size();
    std::size_t annotationPosition = std::numeric_limits<std::size_t>::max(); // where this image's annotations were
    if (imageId) {
        for (std::size_t i = 0; i < images.size(); ++i)
            if (wholeNumber(images[i], "id") == imageId) {
                imagePosition = i;
                images.erase(i);
                break;
            }
        ojson kept = ojson::array();
        for (auto& a : anns) {
            if (wholeNumber(a, "image_id") != imageId) kept.push_back(a);
            else if (annotationPosition > kept.size()) annotationPosition = kept.size();
        }
        anns = kept;
    }
    std::set<long long> usedImageIds, usedAnnIds;
    for (const auto& im : images)
        if (auto id = wholeNumber(im, "id")) usedImageIds.insert(*id);
    for (const auto& a : anns)
        if (auto id = wholeNumber(a, "id")) usedAnnIds.insert(*id);
    if (!imageId || usedImageIds.count(*imageId)) imageId = usedImageIds.empty() ? 0 : *usedImageIds.rbegin() + 1;

    // Categories by name; the Roboflow project entry is kept and never used for a shape.
    ojson& cats = doc["categories"];
    std::map<std::string, long long> categoryOf;
    long long nextCategory = 0;
    std::string project;
    std::string classZero; // the name of an id-0 entry that is a class, not a project
    for (std::size_t i = 0; i < cats.size(); ++i) {
        const ojson& c = cats[i];
        const auto id = wholeNumber(c, "id");
        if (!id) continue;
        nextCategory = std::max(nextCategory, *id + 1);
        const std::string name = stringOr(c, "name");
        if (isProjectCategory(cats, i)) project = name;
        else {
            if (*id == 0) classZero = name;
            if (!categoryOf.count(name)) categoryOf[name] = *id;
        }
    }
    const auto categoryFor = [&](const std::string& label) {
        if (auto it = categoryOf.find(label); it != categoryOf.end()) return it->second;
        if (cats.empty() && nextCategory == 0) nextCategory = 1; // id 0 is left for a project entry
        const long long id = nextCategory++;
        // A new class names the project as its supercategory; without a project, "none", unless an
        // id-0 class is itself called "none" (naming it would turn that class into a project entry).
        ojson entry{{"id", id}, {"name", label}};
        if (!project.empty()) entry["supercategory"] = project;
        else if (classZero != "none") entry["supercategory"] = "none";
        cats.push_back(entry);
        categoryOf[label] = id;
        return id;
    };

    // The image entry.
    ojson im = scene.format == AnnotationFormat::Coco && scene.originalImage.is_object() ? scene.originalImage : ojson::object();
    im["id"] = *imageId;
    if (!scene.imagePath.empty() || !im.contains("file_name")) im["file_name"] = scene.imagePath.empty() ? "image.png" : scene.imagePath;
    im["height"] = scene.imageHeight;
    im["width"] = scene.imageWidth;
    images.insert(images.begin() + std::ptrdiff_t(std::min(imagePosition, images.size())), im);

    ojson written = ojson::array();
    long long nextAnn = usedAnnIds.empty() ? 0 : *usedAnnIds.rbegin() + 1;
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        const Shape& s = scene.shapes[i];
        const std::string named = "shape " + std::to_string(i) + " ('" + s.label + "')";
        const bool fromCoco = scene.format == AnnotationFormat::Coco && s.original.is_object();
        ojson a = fromCoco ? s.original : ojson::object();
        long long id;
        if (s.id && !usedAnnIds.count(*s.id)) id = *s.id;
        else id = nextAnn++;
        usedAnnIds.insert(id);
        nextAnn = std::max(nextAnn, id + 1);
        a["id"] = id;
        a["image_id"] = *imageId;
        if (!a.contains("category_id")) a["category_id"] = nullptr; // its place; the id is taken below
        const bool keepMeasures = fromCoco && geometryUnchanged(s);

        ojson seg;
        std::array<double, 4> box{};
        double area = 0;
        std::vector<Ring> rings;
        if (s.kind == ShapeKind::Rectangle && !s.rings.empty() && s.rings[0].size() >= 2) {
            const auto p = s.rings[0][0], q = s.rings[0][1];
            rings = {Ring{{p.x, p.y}, {q.x, p.y}, {q.x, q.y}, {p.x, q.y}}};
        } else if (s.kind == ShapeKind::Polygon) {
            rings = s.rings;
        }
        if (s.kind == ShapeKind::Polygon || s.kind == ShapeKind::Rectangle) {
            if (rings.empty()) continue;
            bool asRle = false;
            if (s.kind == ShapeKind::Polygon && s.ringRule == RingRule::EvenOdd && rings.size() > 1) {
                const Mask eo = evenOddMask(rings, scene.imageWidth, scene.imageHeight);
                if (eo.values() != unionMask(rings, scene.imageWidth, scene.imageHeight).values()) {
                    log.warning(named + ": has holes, which COCO polygons cannot hold: written as an RLE mask");
                    seg = rleJson(eo, true);
                    box = boundsOf(eo);
                    area = double(countSet(eo));
                    asRle = true;
                }
            }
            if (!asRle) {
                seg = ojson::array();
                for (const auto& r : rings) seg.push_back(flatRing(r));
                box = boundsOf(rings);
                for (const auto& r : rings) area += ringArea(r);
            }
        } else if (s.kind == ShapeKind::Mask) {
            seg = rleJson(s.mask, s.maskCompressed);
            box = boundsOf(s.mask);
            area = double(countSet(s.mask));
        } else if (s.kind == ShapeKind::Box) {
            if (!s.box) continue;
            seg = ojson::array();
            box = *s.box;
            area = box[2] * box[3];
        } else {
            log.error(named + ": shape type '" + s.shapeType + "' cannot be written to COCO; left out");
            continue;
        }
        if (keepMeasures) {
            if (!a.contains("bbox")) a["bbox"] = boxJson(box);
            if (!a.contains("area")) a["area"] = twoDecimals(area);
        } else {
            a["bbox"] = boxJson(box);
            a["area"] = twoDecimals(area);
        }
        if (!(keepMeasures && a.contains("segmentation"))) a["segmentation"] = seg;
        a["category_id"] = categoryFor(s.label); // only for a shape that is written
        a["iscrowd"] = s.crowd ? 1 : 0;
        if (!s.attributes.empty() || a.contains("attributes")) a["attributes"] = s.attributes;
        written.push_back(a);
    }
    const std::size_t at = std::min(annotationPosition, anns.size());
    for (std::size_t i = 0; i < written.size(); ++i) anns.insert(anns.begin() + std::ptrdiff_t(at + i), written[i]);
    return doc.dump() + "\n";
}

void writeCoco(const SceneAnnotations& scene, const std::filesystem::path& path, std::vector<std::string>* warnings) {
    writeFileAtomic(path, cocoText(scene, nullptr, warnings));
}

} // namespace ll
