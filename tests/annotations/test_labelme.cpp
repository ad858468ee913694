// LabelMe JSON: reading every field, round trips that keep unknown keys and key order, conversion.
#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "support/TestSupport.h"

using namespace ll;
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

const char* kLabelMe = R"({
  "version": "5.4.1",
  "flags": {"reviewed": true},
  "shapes": [
    {
      "label": "Probe Shadow",
      "points": [[10.0, 20.0], [110.0, 20.0], [110.0, 80.25], [10.5, 80.25]],
      "group_id": 3,
      "description": "under the lamp",
      "shape_type": "polygon",
      "flags": {"occluded": false},
      "mask": null,
      "annotator": "jb"
    },
    {
      "label": "glass",
      "points": [[5, 5], [15, 12]],
      "group_id": null,
      "description": "",
      "shape_type": "rectangle",
      "flags": {}
    },
    {
      "label": "metal",
      "points": [[50.0, 50.0], [55.0, 50.0]],
      "group_id": null,
      "description": "",
      "shape_type": "circle",
      "flags": {}
    },
    {
      "label": "Window",
      "points": [[150, 10], [190, 10], [190, 60], [150, 60]],
      "group_id": null,
      "shape_type": "polygon",
      "flags": {},
      "lightlens_rings": [[[160, 20], [170, 20], [170, 30], [160, 30]]]
    }
  ],
  "imagePath": "../images/desk_on.png",
  "imageData": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "imageHeight": 100,
  "imageWidth": 200,
  "lineColor": [0, 255, 0, 128],
  "customTool": {"name": "x", "nested": [1, 2, {"a": null}]}
})";

bool anyContains(const std::vector<std::string>& messages, const std::string& text) {
    for (const auto& m : messages)
        if (m.find(text) != std::string::npos) return true;
    return false;
}

} // namespace

class TestLabelMe : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path tmp(const std::string& name) { return fs::path(tmp_.path().toStdString()) / name; }

private Q_SLOTS:
    void readsEveryField() {
        std::vector<std::string> warnings;
        const SceneAnnotations s = parseLabelMeText(kLabelMe, "desk.json", &warnings);
        QCOMPARE(s.format, AnnotationFormat::LabelMe);
        QCOMPARE(s.imageWidth, 200);
        QCOMPARE(s.imageHeight, 100);
        QCOMPARE(s.imagePath, std::string("../images/desk_on.png"));
        QCOMPARE(s.flags["reviewed"].get<bool>(), true);
        QCOMPARE(s.shapes.size(), std::size_t(4));
        QCOMPARE(s.shapes[0].className, std::string("probe_shadow"));
        QCOMPARE(s.shapes[0].groupId, std::optional<long long>(3));
        QCOMPARE(s.shapes[0].description, std::string("under the lamp"));
        QCOMPARE(s.shapes[0].flags["occluded"].get<bool>(), false);
        QCOMPARE(s.shapes[1].kind, ShapeKind::Rectangle);
        QCOMPARE(s.shapes[1].className, std::string("transparent"));
        QCOMPARE(s.shapes[2].kind, ShapeKind::Other);
        QCOMPARE(s.shapes[2].className, std::string("metallic"));
        QVERIFY(anyContains(warnings, "'circle' is kept but not rasterised"));
        QCOMPARE(s.shapes[3].rings.size(), std::size_t(2));
        QCOMPARE(s.shapes[3].ringRule, RingRule::EvenOdd);

        const auto masks = rasteriseByClass(s, 200, 100);
        QVERIFY(!masks.count("metallic"));
        QCOMPARE(countSet(masks.at("transparent")), std::size_t(10 * 7));
        QCOMPARE(countSet(masks.at("window")), std::size_t(40 * 50 - 10 * 10));
        const auto pillow = rasteriseByClass(s, 200, 100, RasterRule::LabelMe);
        QCOMPARE(countSet(pillow.at("transparent")), std::size_t(11 * 8));
    }

    void roundTripKeepsUnknownKeysAndOrder() {
        const SceneAnnotations s = parseLabelMeText(kLabelMe, "desk.json");
        const std::string written = labelMeText(s);
        const ojson original = ojson::parse(kLabelMe), back = ojson::parse(written);
        QCOMPARE(back.dump(2), original.dump(2));
        // and through a file with saveAnnotations
        const fs::path file = tmp("desk.json");
        test::writeBytes(file, kLabelMe);
        saveAnnotations(loadAnnotations(file), file);
        QCOMPARE(test::readBytes(fs::path(file.string() + ".bak")), std::string(kLabelMe));
        QCOMPARE(ojson::parse(test::readBytes(file)).dump(), original.dump());
    }

    void editsUpdateKnownKeysInPlace() {
        SceneAnnotations s = parseLabelMeText(kLabelMe, "desk.json");
        s.shapes[0].label = "probe_highlight";
        s.shapes[0].rings[0].push_back({12, 70});
        s.shapes[0].groupId.reset();
        s.shapes.erase(s.shapes.begin() + 2);
        const ojson back = ojson::parse(labelMeText(s));
        QCOMPARE(back["shapes"].size(), std::size_t(3));
        const ojson& first = back["shapes"][0];
        std::vector<std::string> keys;
        for (auto it = first.begin(); it != first.end(); ++it) keys.push_back(it.key());
        QCOMPARE(keys, (std::vector<std::string>{"label", "points", "group_id", "description", "shape_type", "flags", "mask",
                                                 "annotator"}));
        QCOMPARE(first["points"].size(), std::size_t(5));
        QVERIFY(first["group_id"].is_null());
        QCOMPARE(back["customTool"]["name"].get<std::string>(), std::string("x"));
        QCOMPARE(back["imageData"].get<std::string>().substr(0, 8), std::string("iVBORw0K"));
    }

    void convertsToCocoAndBack() {
        const SceneAnnotations s = parseLabelMeText(kLabelMe, "desk.json");
        std::vector<std::string> warnings;
        const auto coco = parseCocoText(cocoText(s, nullptr, &warnings), "desk.coco.json");
        QVERIFY(anyContains(warnings, "circle")); // left out of COCO
        QVERIFY(anyContains(warnings, "holes"));  // the window ring pair becomes RLE
        QCOMPARE(coco.size(), std::size_t(1));
        QCOMPARE(coco[0].shapes.size(), std::size_t(3));
        for (const char* cls : {"probe_shadow", "transparent", "window"})
            QCOMPARE(rasteriseByClass(coco[0], 200, 100).at(cls).values(), rasteriseByClass(s, 200, 100).at(cls).values());
        // back to LabelMe: polygons survive; the RLE window cannot and is reported
        warnings.clear();
        const SceneAnnotations again = parseLabelMeText(labelMeText(coco[0], &warnings), "again.json");
        QVERIFY(anyContains(warnings, "RLE mask"));
        QCOMPARE(again.shapes.size(), std::size_t(2));
        QCOMPARE(again.shapes[0].rings, s.shapes[0].rings);
        QCOMPARE(again.shapes[1].kind, ShapeKind::Polygon); // the rectangle as a COCO 4-point polygon
    }

    void cocoPartsBecomeGroupedLabelMeShapes() {
        const char* coco = R"({"images": [{"id": 0, "file_name": "a.png", "width": 30, "height": 30}],
          "categories": [{"id": 1, "name": "mirror"}],
          "annotations": [{"id": 0, "image_id": 0, "category_id": 1, "iscrowd": 0,
            "segmentation": [[1, 1, 5, 1, 5, 5], [10, 10, 20, 10, 20, 20, 10, 20]]}]})";
        const auto scenes = parseCocoText(coco, "a.json");
        const SceneAnnotations lm = parseLabelMeText(labelMeText(scenes[0]), "a.labelme.json");
        QCOMPARE(lm.shapes.size(), std::size_t(2));
        QVERIFY(lm.shapes[0].groupId && lm.shapes[0].groupId == lm.shapes[1].groupId);
        QCOMPARE(rasteriseByClass(lm, 30, 30).at("mirror").values(), rasteriseByClass(scenes[0], 30, 30).at("mirror").values());
    }
};

QTEST_GUILESS_MAIN(TestLabelMe)
#include "test_labelme.moc"
