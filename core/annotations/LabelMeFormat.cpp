#include "annotations/LabelMeFormat.h"

#include "annotations/AnnotationIssues.h"
#include "annotations/ClassNames.h"
#include "annotations/JsonText.h"
#include "annotations/RingChecks.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <set>

namespace ll {

using ojson = nlohmann::ordered_json;

namespace {

// Points [[x,y],...] -> ring; an error message when they are not usable.
std::optional<std::string> readPoints(const ojson& points, Ring& ring) {
    if (!points.is_array()) return "'points' is " + jsonTypeName(points) + ", not a list";
    for (const auto& p : points) {
        if (!p.is_array() || p.size() != 2) return "a point is not a pair [x, y]";
        for (const auto& v : p)
            if (auto problem = coordinateProblem(v)) return problem;
        ring.push_back({p[0].get<double>(), p[1].get<double>()});
    }
    return std::nullopt;
}

ShapeKind kindOf(const std::string& type) {
    if (type == "polygon") return ShapeKind::Polygon;
    if (type == "rectangle") return ShapeKind::Rectangle;
    return ShapeKind::Other;
}

bool readImageSize(const ojson& doc, const char* key, int& out, IssueLog& log) {
    if (!doc.contains(key) || doc[key].is_null()) {
        log.warning(std::string("no '") + key + "': the image size is unknown");
        return false;
    }
    const ojson& v = doc[key];
    if (!v.is_number() || v.get<double>() < 1 || v.get<double>() > 1e6 || v.get<double>() != double(v.get<long long>())) {
        log.error(std::string("'") + key + "' is " + v.dump() + ", not a positive whole number; the image size is unknown");
        return false;
    }
    out = int(v.get<long long>());
    return true;
}

} // namespace

SceneAnnotations parseLabelMe(const ojson& doc, const std::string& subject, std::vector<std::string>* warnings) {
    IssueLog log(subject, warnings);
    if (!doc.is_object()) throw Error(subject, "LabelMe JSON must be an object, found " + jsonTypeName(doc));
    SceneAnnotations scene;
    scene.format = AnnotationFormat::LabelMe;
    scene.original = doc;
    int w = 0, h = 0;
    const bool hasW = readImageSize(doc, "imageWidth", w, log);
    const bool hasH = readImageSize(doc, "imageHeight", h, log);
    if (hasW && hasH) {
        scene.imageWidth = w;
        scene.imageHeight = h;
    }
    if (doc.contains("imagePath") && doc["imagePath"].is_string()) scene.imagePath = doc["imagePath"].get<std::string>();
    if (doc.contains("flags") && doc["flags"].is_object()) scene.flags = doc["flags"];

    if (!doc.contains("shapes")) {
        log.error("no 'shapes' list");
        return scene;
    }
    const ojson& shapes = doc["shapes"];
    if (!shapes.is_array()) {
        log.error("'shapes' is " + jsonTypeName(shapes) + ", not a list");
        return scene;
    }
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const ojson& s = shapes[i];
        const std::string where = "shape " + std::to_string(i);
        if (!s.is_object()) {
            log.error(where + " is " + jsonTypeName(s) + ", not an object; dropped");
            continue;
        }
        Shape shape;
        shape.original = s;
        if (!s.contains("label") || !s["label"].is_string()) {
            log.error(where + ": no 'label' string; dropped");
            continue;
        }
        shape.label = s["label"].get<std::string>();
        const std::string named = where + " ('" + shape.label + "')";
        shape.className = normaliseClassName(shape.label);
        if (s.contains("shape_type") && s["shape_type"].is_string()) shape.shapeType = s["shape_type"].get<std::string>();
        else if (s.contains("shape_type") && !s["shape_type"].is_null()) {
            log.error(named + ": 'shape_type' is " + jsonTypeName(s["shape_type"]) + "; dropped");
            continue;
        }
        shape.kind = kindOf(shape.shapeType);
        if (!s.contains("points")) {
            log.error(named + ": no 'points'; dropped");
            continue;
        }
        Ring ring;
        if (auto problem = readPoints(s["points"], ring)) {
            log.error(named + ": " + *problem + "; dropped");
            continue;
        }
        if (shape.kind == ShapeKind::Polygon && ring.size() < 3) {
            log.error(named + ": a polygon needs at least 3 points, found " + std::to_string(ring.size()) + "; dropped");
            continue;
        }
        if (shape.kind == ShapeKind::Rectangle && ring.size() != 2) {
            log.error(named + ": a rectangle needs 2 points, found " + std::to_string(ring.size()) + "; dropped");
            continue;
        }
        shape.rings.push_back(std::move(ring));
        if (s.contains("lightlens_rings")) {
            bool ok = s["lightlens_rings"].is_array();
            for (std::size_t r = 0; ok && r < s["lightlens_rings"].size(); ++r) {
                Ring extra;
                if (auto problem = readPoints(s["lightlens_rings"][r], extra)) {
                    log.error(named + ": 'lightlens_rings' ring " + std::to_string(r) + ": " + *problem + "; ring dropped");
                    continue;
                }
                if (extra.size() < 3) {
                    log.error(named + ": 'lightlens_rings' ring " + std::to_string(r) + " has fewer than 3 points; ring dropped");
                    continue;
                }
                shape.rings.push_back(std::move(extra));
            }
            if (!ok) log.error(named + ": 'lightlens_rings' is not a list; ignored");
        }
        if (s.contains("group_id") && !s["group_id"].is_null()) {
            if (s["group_id"].is_number_integer()) shape.groupId = s["group_id"].get<long long>();
            else log.warning(named + ": 'group_id' " + s["group_id"].dump() + " is not a whole number; ignored");
        }
        if (s.contains("flags") && s["flags"].is_object()) shape.flags = s["flags"];
        if (s.contains("description") && s["description"].is_string()) shape.description = s["description"].get<std::string>();
        if (shape.kind == ShapeKind::Other)
            log.warning(named + ": shape type '" + shape.shapeType + "' is kept but not rasterised");
        for (const auto& r : shape.rings)
            if (ringLeavesImage(r, scene.imageWidth, scene.imageHeight)) {
                log.warning(named + ": points outside the " + std::to_string(scene.imageWidth) + "x" +
                            std::to_string(scene.imageHeight) + " image (clipped when rasterised)");
                break;
            }
        scene.shapes.push_back(std::move(shape));
    }
    return scene;
}

SceneAnnotations parseLabelMeText(std::string_view text, const std::string& subject, std::vector<std::string>* warnings) {
    return parseLabelMe(parseJsonText(text, subject), subject, warnings);
}

SceneAnnotations readLabelMe(const std::filesystem::path& path, std::vector<std::string>* warnings) {
    return parseLabelMeText(readFile(path), path.string(), warnings);
}

namespace {

ojson pointsJson(const Ring& ring) {
    ojson pts = ojson::array();
    for (const auto& p : ring) pts.push_back(ojson::array({p.x, p.y}));
    return pts;
}

// Sets `key` in place (or appends it) unless the base object lacks it and the value is the default.
void update(ojson& obj, bool fromBase, const char* key, ojson value, bool isDefault) {
    if (fromBase && !obj.contains(key) && isDefault) return;
    obj[key] = std::move(value);
}

ojson shapeObject(const Shape& shape, const ojson* base, const std::string& type, const Ring& ring,
                  const std::vector<Ring>& extraRings, std::optional<long long> groupId) {
    ojson s = base ? *base : ojson::object();
    const bool b = base != nullptr;
    s["label"] = shape.label;
    // Keep the points as written (integers stay integers) when they are unchanged.
    Ring asRead;
    const bool same = b && base->contains("points") && !readPoints((*base)["points"], asRead) && asRead == ring;
    if (!same) s["points"] = pointsJson(ring);
    update(s, b, "group_id", groupId ? ojson(*groupId) : ojson(nullptr), !groupId);
    update(s, b, "description", shape.description, shape.description.empty());
    update(s, b, "shape_type", type, type == "polygon");
    const ojson flags = shape.flags.is_object() ? shape.flags : ojson::object();
    update(s, b, "flags", flags, flags.empty());
    if (!extraRings.empty()) {
        std::vector<Ring> ringsAsRead;
        if (b && base->contains("lightlens_rings") && (*base)["lightlens_rings"].is_array())
            for (const auto& r : (*base)["lightlens_rings"]) {
                Ring one;
                if (readPoints(r, one)) break;
                ringsAsRead.push_back(std::move(one));
            }
        if (ringsAsRead != extraRings) {
            ojson rings = ojson::array();
            for (const auto& r : extraRings) rings.push_back(pointsJson(r));
            s["lightlens_rings"] = rings;
        }
    } else if (s.contains("lightlens_rings")) {
        s.erase("lightlens_rings");
    }
    return s;
}

} // namespace

std::string labelMeText(const SceneAnnotations& scene, std::vector<std::string>* warnings) {
    IssueLog log("labelme", warnings);
    const bool fromLabelMe = scene.format == AnnotationFormat::LabelMe && scene.original.is_object();
    ojson doc = fromLabelMe ? scene.original : ojson::object();
    if (!fromLabelMe) {
        doc["version"] = "5.2.1";
        doc["flags"] = ojson::object();
        doc["shapes"] = ojson::array();
        doc["imagePath"] = "";
        doc["imageData"] = nullptr;
        doc["imageHeight"] = nullptr;
        doc["imageWidth"] = nullptr;
    }
    if (!doc.contains("version")) doc["version"] = "5.2.1";
    const ojson flags = scene.flags.is_object() ? scene.flags : ojson::object();
    update(doc, fromLabelMe, "flags", flags, flags.empty());

    std::set<long long> usedGroups;
    for (const auto& s : scene.shapes)
        if (s.groupId) usedGroups.insert(*s.groupId);
    long long nextGroup = usedGroups.empty() ? 0 : *usedGroups.rbegin() + 1;

    ojson shapes = ojson::array();
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        const Shape& s = scene.shapes[i];
        const std::string named = "shape " + std::to_string(i) + " ('" + s.label + "')";
        const ojson* base = fromLabelMe && s.original.is_object() ? &s.original : nullptr;
        switch (s.kind) {
        case ShapeKind::Polygon: {
            if (s.rings.empty()) break;
            if (s.ringRule == RingRule::Union && s.rings.size() > 1) {
                const long long group = s.groupId ? *s.groupId : nextGroup++;
                for (const auto& r : s.rings) shapes.push_back(shapeObject(s, nullptr, "polygon", r, {}, group));
            } else {
                std::vector<Ring> extra(s.rings.begin() + 1, s.rings.end());
                shapes.push_back(shapeObject(s, base, "polygon", s.rings[0], extra, s.groupId));
            }
            break;
        }
        case ShapeKind::Rectangle:
            if (!s.rings.empty()) shapes.push_back(shapeObject(s, base, "rectangle", s.rings[0], {}, s.groupId));
            break;
        case ShapeKind::Box: {
            if (!s.box) break;
            const auto& b = *s.box;
            log.warning(named + ": COCO box without segmentation written as a rectangle (it will be rasterised)");
            shapes.push_back(shapeObject(s, nullptr, "rectangle", Ring{{b[0], b[1]}, {b[0] + b[2], b[1] + b[3]}}, {}, s.groupId));
            break;
        }
        case ShapeKind::Mask:
            log.error(named + ": an RLE mask cannot be written as a LabelMe polygon; left out");
            break;
        case ShapeKind::Other:
            if (base) shapes.push_back(*base);
            else if (!s.rings.empty()) shapes.push_back(shapeObject(s, nullptr, s.shapeType, s.rings[0], {}, s.groupId));
            break;
        }
    }
    doc["shapes"] = shapes;
    update(doc, fromLabelMe, "imagePath", scene.imagePath, scene.imagePath.empty());
    update(doc, fromLabelMe, "imageHeight", scene.imageHeight > 0 ? ojson(scene.imageHeight) : ojson(nullptr),
           scene.imageHeight <= 0);
    update(doc, fromLabelMe, "imageWidth", scene.imageWidth > 0 ? ojson(scene.imageWidth) : ojson(nullptr),
           scene.imageWidth <= 0);
    return doc.dump(2) + "\n";
}

void writeLabelMe(const SceneAnnotations& scene, const std::filesystem::path& path, std::vector<std::string>* warnings) {
    writeFileAtomic(path, labelMeText(scene, warnings));
}

} // namespace ll
