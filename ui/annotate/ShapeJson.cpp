#include "annotate/ShapeJson.h"

#include "annotations/CocoRle.h"
#include "util/Error.h"

namespace ll::ui {

using ojson = nlohmann::ordered_json;

namespace {

const char* kindName(ShapeKind k) {
    switch (k) {
    case ShapeKind::Polygon: return "polygon";
    case ShapeKind::Rectangle: return "rectangle";
    case ShapeKind::Box: return "box";
    case ShapeKind::Mask: return "mask";
    case ShapeKind::Other: return "other";
    }
    return "other";
}

ShapeKind kindFrom(const std::string& s, const std::string& subject) {
    if (s == "polygon") return ShapeKind::Polygon;
    if (s == "rectangle") return ShapeKind::Rectangle;
    if (s == "box") return ShapeKind::Box;
    if (s == "mask") return ShapeKind::Mask;
    if (s == "other") return ShapeKind::Other;
    throw Error(subject, "unknown shape kind '" + s + "'");
}

} // namespace

ojson shapeToJson(const Shape& s) {
    ojson j;
    j["label"] = s.label;
    j["class"] = s.className;
    j["type"] = s.shapeType;
    j["kind"] = kindName(s.kind);
    j["rule"] = s.ringRule == RingRule::EvenOdd ? "evenodd" : "union";
    ojson rings = ojson::array();
    for (const auto& r : s.rings) {
        ojson flat = ojson::array();
        for (const auto& p : r) {
            flat.push_back(p.x);
            flat.push_back(p.y);
        }
        rings.push_back(std::move(flat));
    }
    j["rings"] = std::move(rings);
    if (s.groupId) j["group_id"] = *s.groupId;
    if (s.id) j["id"] = *s.id;
    if (s.box) j["box"] = ojson::array({(*s.box)[0], (*s.box)[1], (*s.box)[2], (*s.box)[3]});
    if (s.crowd) j["crowd"] = true;
    if (s.kind == ShapeKind::Mask)
        j["mask"] = ojson{{"width", s.mask.width()}, {"height", s.mask.height()},
                          {"counts", rleCountsToString(encodeRleCounts(s.mask))}, {"compressed", s.maskCompressed}};
    j["flags"] = s.flags;
    j["attributes"] = s.attributes;
    if (!s.description.empty()) j["description"] = s.description;
    if (!s.original.is_null()) j["original"] = s.original;
    return j;
}

Shape shapeFromJson(const ojson& j, const std::string& subject) {
    try {
        Shape s;
        s.label = j.at("label").get<std::string>();
        s.className = j.at("class").get<std::string>();
        s.shapeType = j.at("type").get<std::string>();
        s.kind = kindFrom(j.at("kind").get<std::string>(), subject);
        s.ringRule = j.at("rule").get<std::string>() == "union" ? RingRule::Union : RingRule::EvenOdd;
        for (const auto& flat : j.at("rings")) {
            if (flat.size() % 2) throw Error(subject, "a ring has an odd number of coordinates");
            Ring r;
            for (std::size_t i = 0; i < flat.size(); i += 2) r.push_back({flat[i].get<double>(), flat[i + 1].get<double>()});
            s.rings.push_back(std::move(r));
        }
        if (j.contains("group_id")) s.groupId = j["group_id"].get<long long>();
        if (j.contains("id")) s.id = j["id"].get<long long>();
        if (j.contains("box")) {
            const auto& b = j["box"];
            s.box = std::array<double, 4>{b.at(0).get<double>(), b.at(1).get<double>(), b.at(2).get<double>(), b.at(3).get<double>()};
        }
        s.crowd = j.value("crowd", false);
        if (j.contains("mask")) {
            const auto& m = j["mask"];
            s.mask = decodeRleCounts(rleCountsFromString(m.at("counts").get<std::string>()), m.at("width").get<int>(),
                                     m.at("height").get<int>());
            s.maskCompressed = m.value("compressed", true);
        }
        s.flags = j.value("flags", ojson::object());
        s.attributes = j.value("attributes", ojson::object());
        s.description = j.value("description", std::string());
        if (j.contains("original")) s.original = j["original"];
        return s;
    } catch (const nlohmann::json::exception& e) {
        throw Error(subject, std::string("malformed shape: ") + e.what());
    }
}

ojson changesToJson(const ShapeChanges& changes) {
    ojson out = ojson::array();
    for (const auto& c : changes) {
        ojson j;
        j["op"] = c.type == ShapeChange::Replace ? "replace" : c.type == ShapeChange::Insert ? "insert" : "remove";
        j["index"] = c.index;
        if (c.type != ShapeChange::Remove) j["shape"] = shapeToJson(c.shape);
        out.push_back(std::move(j));
    }
    return out;
}

ShapeChanges changesFromJson(const ojson& j, const std::string& subject) {
    ShapeChanges out;
    try {
        for (const auto& c : j) {
            ShapeChange ch;
            const std::string op = c.at("op").get<std::string>();
            if (op == "replace") ch.type = ShapeChange::Replace;
            else if (op == "insert") ch.type = ShapeChange::Insert;
            else if (op == "remove") ch.type = ShapeChange::Remove;
            else throw Error(subject, "unknown change '" + op + "'");
            ch.index = c.at("index").get<int>();
            if (ch.type != ShapeChange::Remove) ch.shape = shapeFromJson(c.at("shape"), subject);
            out.push_back(std::move(ch));
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(subject, std::string("malformed change list: ") + e.what());
    }
    return out;
}

} // namespace ll::ui
