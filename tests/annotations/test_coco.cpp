// COCO instance segmentation as Roboflow exports it, made here: project category 0, ids from 0,
// renamed images with extra.name, resized coordinates, box-only annotations, RLE in both forms.
#include "ReferenceRleFrPoly.h"
#include "annotations/AnnotationIO.h"
#include "annotations/CocoRle.h"
#include "annotations/Rasterise.h"
#include "annotations/RoboflowExport.h"
#include "annotations/SceneMatching.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <cmath>

using namespace ll;
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

// A 6x4 mask with pixels (1,1), (1,2) and (4,0) set, as uncompressed column-major runs.
const std::vector<std::uint64_t> kSmallRuns = {5, 2, 9, 1, 7};

ojson roboflowDocument() {
    return ojson::parse(R"({
  "info": {"year": "2024", "version": "3", "description": "Exported from roboflow.com"},
  "licenses": [{"id": 1, "name": "CC BY 4.0"}],
  "categories": [
    {"id": 0, "name": "light-rooms", "supercategory": "none"},
    {"id": 1, "name": "Probe Shadow", "supercategory": "light-rooms"},
    {"id": 2, "name": "glass", "supercategory": "light-rooms"},
    {"id": 3, "name": "window", "supercategory": "light-rooms"}
  ],
  "images": [
    {"id": 0, "license": 1, "file_name": "kitchen_on_png.rf.0a1b2c3d4e5f.jpg", "height": 416, "width": 624,
     "date_captured": "2024-05-01T10:00:00+00:00", "extra": {"name": "kitchen_on.png"}},
    {"id": 1, "license": 1, "file_name": "Bath_OFF_jpg.rf.99ffaa.jpg", "height": 4, "width": 6,
     "date_captured": "2024-05-01T10:00:00+00:00"},
    {"id": 2, "license": 1, "file_name": "stray_png.rf.123abc.jpg", "height": 10, "width": 10}
  ],
  "annotations": [
    {"id": 0, "image_id": 0, "category_id": 1, "bbox": [10.5, 20, 99.5, 60.25], "area": 5994.875,
     "segmentation": [[10.5, 20, 110, 20, 110, 80.25, 10.5, 80.25]], "iscrowd": 0},
    {"id": 1, "image_id": 0, "category_id": 2, "bbox": [300, 100, 50, 40], "area": 2000, "segmentation": [], "iscrowd": 0},
    {"id": 2, "image_id": 1, "category_id": 3, "bbox": [1, 0, 4, 3], "area": 3,
     "segmentation": {"size": [4, 6], "counts": [5, 2, 9, 1, 7]}, "iscrowd": 1},
    {"id": 3, "image_id": 1, "category_id": 2, "bbox": [1, 0, 4, 3], "area": 3,
     "segmentation": {"size": [4, 6], "counts": "529ON"}, "iscrowd": 1, "custom": {"kept": true}},
    {"id": 4, "image_id": 2, "category_id": 2, "bbox": [0, 0, 5, 5], "area": 25,
     "segmentation": [[0, 0, 5, 0, 5, 5, 0, 5]], "iscrowd": 0}
  ]
})");
}

bool anyContains(const std::vector<std::string>& messages, const std::string& text) {
    for (const auto& m : messages)
        if (m.find(text) != std::string::npos) return true;
    return false;
}

} // namespace

class TestCoco : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path tmp(const std::string& name) { return fs::path(tmp_.path().toStdString()) / name; }

private Q_SLOTS:
    void compressedCountsFollowPycocotools() {
        // "5d03]O" by hand: 5; 20 (sign bit set, so continued: 'd','0'); 3; 1-20 = -19 ( ']','O').
        QCOMPARE(rleCountsFromString("5d03]O"), (std::vector<std::uint64_t>{5, 20, 3, 1}));
        QCOMPARE(rleCountsToString({5, 20, 3, 1}), std::string("5d03]O"));
        QCOMPARE(rleCountsFromString("529ON"), kSmallRuns);
        for (const char* bad : {"5~", "d", "5 2"}) {
            bool threw = false;
            try {
                rleCountsFromString(bad);
            } catch (const Error&) {
                threw = true;
            }
            QVERIFY2(threw, bad);
        }
        const Mask m = decodeRleCounts(kSmallRuns, 6, 4);
        QCOMPARE(countSet(m), std::size_t(3));
        QVERIFY(m(1, 1) && m(1, 2) && m(4, 0));
        QCOMPARE(encodeRleCounts(m), kSmallRuns);
    }

    void readsEveryImageAndSkipsTheProjectCategory() {
        std::vector<std::string> warnings;
        const auto scenes = parseCocoImages(roboflowDocument(), "export.json", &warnings);
        QCOMPARE(scenes.size(), std::size_t(3));
        const SceneAnnotations& kitchen = scenes[0];
        QCOMPARE(kitchen.imageWidth, 624);
        QCOMPARE(kitchen.imageHeight, 416);
        QCOMPARE(kitchen.originalName, std::string("kitchen_on.png"));
        QCOMPARE(scenes[1].originalName, std::string("Bath_OFF.jpg")); // rename undone without extra.name
        QCOMPARE(kitchen.shapes.size(), std::size_t(2));
        QCOMPARE(kitchen.shapes[0].label, std::string("Probe Shadow"));
        QCOMPARE(kitchen.shapes[0].className, std::string("probe_shadow"));
        QCOMPARE(kitchen.shapes[0].ringRule, RingRule::Union);
        QCOMPARE(kitchen.shapes[1].kind, ShapeKind::Box);
        QCOMPARE(kitchen.shapes[1].className, std::string("transparent"));
        QVERIFY(anyContains(warnings, "box only"));
        for (const auto& s : scenes)
            for (const auto& shape : s.shapes) QVERIFY(shape.label != "light-rooms");

        const SceneAnnotations& bath = scenes[1];
        QCOMPARE(bath.shapes.size(), std::size_t(2));
        QCOMPARE(bath.shapes[0].kind, ShapeKind::Mask);
        QVERIFY(!bath.shapes[0].maskCompressed);
        QVERIFY(bath.shapes[1].maskCompressed);
        QCOMPARE(bath.shapes[0].mask.values(), bath.shapes[1].mask.values());
        QVERIFY(bath.shapes[0].mask(1, 1) && bath.shapes[0].mask(4, 0));
    }

    void resizedCoordinatesAreScaledToTheEvaluationSize() {
        const auto scenes = parseCocoImages(roboflowDocument(), "export.json");
        const auto masks = rasteriseByClass(scenes[0], 1248, 832);
        QVERIFY(!masks.count("transparent")); // box only
        const Mask expected = test::referenceRasterise({21, 40, 220, 40, 220, 160.5, 21, 160.5}, 1248, 832);
        QCOMPARE(masks.at("probe_shadow").values(), expected.values());
        QCOMPARE(countSet(rasteriseByClass(scenes[0], 624, 416).at("probe_shadow")), std::size_t(5940));
        RasterOptions withBoxes;
        withBoxes.includeBoxes = true;
        QCOMPARE(countSet(rasteriseByClass(scenes[0], 624, 416, withBoxes).at("transparent")), std::size_t(2000));
        const auto bath = rasteriseByClass(scenes[1], 6, 4);
        QCOMPARE(countSet(bath.at("window")), std::size_t(3));
    }

    void matchesExportFoldersToScenes() {
        const fs::path exportDir = tmp("roboflow");
        fs::create_directories(exportDir / "train");
        fs::create_directories(exportDir / "valid");
        ojson train = roboflowDocument();
        ojson valid = roboflowDocument();
        valid["images"] = ojson::array({valid["images"][2]});
        valid["images"][0]["file_name"] = "garage_input_png.rf.77.jpg";
        valid["annotations"] = ojson::array({valid["annotations"][4]});
        train["images"].erase(2);
        train["annotations"].erase(4);
        test::writeBytes(exportDir / "train" / "_annotations.coco.json", train.dump());
        test::writeBytes(exportDir / "valid" / "_annotations.coco.json", valid.dump());
        test::writeBytes(exportDir / "valid" / "stray_png.rf.123abc.jpg", "not read");
        const auto files = cocoExportFiles(exportDir);
        QCOMPARE(files.size(), std::size_t(2));

        std::vector<std::string> warnings;
        auto matched = matchCocoExport(files, {"kitchen", "bath", "garage", "attic"}, &warnings);
        QCOMPARE(matched.scenes.size(), std::size_t(3));
        QCOMPARE(matched.scenes.at("kitchen").imageId, std::optional<long long>(0));
        QCOMPARE(matched.scenes.at("bath").shapes.size(), std::size_t(2));
        QCOMPARE(matched.scenes.at("garage").shapes.size(), std::size_t(1));
        QVERIFY(matched.unmatchedImages.empty());

        matched = matchCocoExport({exportDir / "valid" / "_annotations.coco.json"}, {"kitchen"}, &warnings);
        QCOMPARE(matched.unmatchedImages.size(), std::size_t(1));
        QVERIFY(anyContains(warnings, "garage_input_png.rf.77.jpg") && anyContains(warnings, "matches no scene"));
    }

    void sceneMatchingRule() {
        QCOMPARE(undoRoboflowRename("room_1_png.rf.3f2a9c.jpg"), std::string("room_1.png"));
        QCOMPARE(undoRoboflowRename("plain.jpg"), std::string("plain.jpg"));
        QCOMPARE(originalImageName("x_png.rf.1.jpg", "Orig.PNG"), std::string("Orig.PNG"));
        const std::vector<std::string> scenes = {"desk", "desk_lamp", "Hall"};
        QCOMPARE(matchScene("desk.png", scenes), std::optional<std::string>("desk"));
        QCOMPARE(matchScene("DESK_on.jpg", scenes), std::optional<std::string>("desk"));
        QCOMPARE(matchScene("desk_lamp_off.png", scenes), std::optional<std::string>("desk_lamp"));
        QCOMPARE(matchScene("desk_lamp.png", scenes), std::optional<std::string>("desk_lamp"));
        QCOMPARE(matchScene("hall-input.exr", scenes), std::optional<std::string>("Hall"));
        QCOMPARE(matchScene("desk_blue.png", scenes), std::optional<std::string>());
        QCOMPARE(matchScene("kitchen.png", scenes), std::optional<std::string>());
    }

    void loadPicksTheSceneOfTheFolder() {
        const fs::path dir = tmp("scenes/bath");
        fs::create_directories(dir);
        test::writeBytes(dir / "labels.json", roboflowDocument().dump(1));
        std::vector<std::string> warnings;
        const SceneAnnotations bath = loadAnnotations(dir / "labels.json", &warnings);
        QCOMPARE(bath.imageId, std::optional<long long>(1));
        QCOMPARE(loadAnnotations(dir / "labels.json", std::string("kitchen")).imageId, std::optional<long long>(0));
        bool threw = false;
        try {
            loadAnnotations(dir / "labels.json", std::string("attic"));
        } catch (const Error& e) {
            threw = QString(e.what()).contains("attic") && QString(e.what()).contains("labels.json");
        }
        QVERIFY(threw);
    }

    void saveKeepsOtherImagesAndABackup() {
        const fs::path file = tmp("multi.json");
        const std::string before = roboflowDocument().dump();
        test::writeBytes(file, before);
        SceneAnnotations kitchen = loadAnnotations(file, std::string("kitchen"));
        kitchen.shapes[0].rings[0][0].x = 12;
        saveAnnotations(kitchen, file);
        QCOMPARE(test::readBytes(fs::path(file.string() + ".bak")), before);
        const ojson after = ojson::parse(test::readBytes(file));
        QCOMPARE(after["images"].size(), std::size_t(3));
        QCOMPARE(after["annotations"].size(), std::size_t(5));
        QCOMPARE(after["categories"].size(), std::size_t(4));
        QCOMPARE(after["info"]["description"].get<std::string>(), std::string("Exported from roboflow.com"));
        QCOMPARE(after["images"][0]["extra"]["name"].get<std::string>(), std::string("kitchen_on.png"));
        const SceneAnnotations again = loadAnnotations(file, std::string("kitchen"));
        QCOMPARE(again.shapes.size(), std::size_t(2));
        QCOMPARE(again.shapes[0].rings[0][0].x, 12.0);
        QCOMPARE(again.shapes[1].kind, ShapeKind::Box);
        const SceneAnnotations bath = loadAnnotations(file, std::string("bath"));
        QCOMPARE(bath.shapes.size(), std::size_t(2));
        QCOMPARE(bath.shapes[1].original["custom"]["kept"].get<bool>(), true);
        QVERIFY(bath.shapes[1].maskCompressed && !bath.shapes[0].maskCompressed);
    }

    void savedCoordinatesHaveTwoDecimals() {
        const fs::path file = tmp("rounded.json");
        test::writeBytes(file, roboflowDocument().dump());
        SceneAnnotations kitchen = loadAnnotations(file, std::string("kitchen"));
        kitchen.shapes[0].rings[0][0] = {12.3456789, 7.0049999};
        kitchen.shapes[0].rings[0][1].x += 1.0 / 3.0;
        saveAnnotations(kitchen, file);
        const std::string text = test::readBytes(file);
        QVERIFY(text.find("12.345") == std::string::npos);
        QVERIFY(text.find("3333") == std::string::npos);
        const ojson after = ojson::parse(text);
        bool found = false;
        for (const auto& a : after["annotations"]) {
            if (!a["segmentation"].is_array()) continue;
            for (const auto& part : a["segmentation"]) {
                for (const auto& v : part) {
                    const double x = v.get<double>();
                    QVERIFY2(std::abs(x * 100 - std::round(x * 100)) < 1e-6, std::to_string(x).c_str());
                }
                if (part.size() >= 2 && part[0].get<double>() == 12.35 && part[1].get<double>() == 7.0) found = true;
            }
            for (const auto& v : a["bbox"]) QVERIFY(std::abs(v.get<double>() * 100 - std::round(v.get<double>() * 100)) < 1e-6);
        }
        QVERIFY(found);
    }

    void unchangedRoundTripKeepsTheDocument() {
        const ojson doc = roboflowDocument();
        auto scenes = parseCocoImages(doc, "x");
        ojson rebuilt = doc;
        for (const auto& s : scenes) rebuilt = ojson::parse(cocoText(s, &rebuilt));
        QCOMPARE(rebuilt.dump(), doc.dump());
    }

    void holesAreWrittenAsRle() {
        SceneAnnotations scene;
        scene.imageWidth = 64;
        scene.imageHeight = 64;
        Shape s;
        s.label = s.className = "mirror";
        s.rings = {{{10, 10}, {50, 10}, {50, 50}, {10, 50}}, {{20, 20}, {30, 20}, {30, 30}, {20, 30}}};
        scene.shapes = {s};
        std::vector<std::string> warnings;
        const std::string text = cocoText(scene, nullptr, &warnings);
        QVERIFY(anyContains(warnings, "holes"));
        const auto back = parseCocoText(text, "holes.json");
        QCOMPARE(back.size(), std::size_t(1));
        QCOMPARE(back[0].shapes[0].kind, ShapeKind::Mask);
        QCOMPARE(rasteriseByClass(back[0], 64, 64).at("mirror").values(), rasteriseByClass(scene, 64, 64).at("mirror").values());
        // disjoint rings stay polygons
        scene.shapes[0].rings[1] = {{55, 55}, {60, 55}, {60, 60}};
        const auto parts = parseCocoText(cocoText(scene), "parts.json");
        QCOMPARE(parts[0].shapes[0].kind, ShapeKind::Polygon);
        QCOMPARE(parts[0].shapes[0].rings.size(), std::size_t(2));
        // a new file gets a category list with the label and no project entry used
        const ojson written = ojson::parse(text);
        QCOMPARE(written["categories"][0]["name"].get<std::string>(), std::string("mirror"));
    }
};

QTEST_GUILESS_MAIN(TestCoco)
#include "test_coco.moc"
