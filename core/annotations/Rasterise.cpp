#include "annotations/Rasterise.h"

#include "annotations/CocoPolygonRule.h"
#include "annotations/LabelMePolygonRule.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>

namespace ll {

RasterRule parseRasterRule(const std::string& name) {
    if (name == "coco") return RasterRule::Coco;
    if (name == "labelme") return RasterRule::LabelMe;
    throw Error("raster rule", "'" + name + "' is not one of coco, labelme");
}

std::vector<Ring> shapeRings(const Shape& shape, bool includeBoxes) {
    const auto corners = [](double x0, double y0, double x1, double y1) {
        return Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    };
    switch (shape.kind) {
    case ShapeKind::Polygon: return shape.rings;
    case ShapeKind::Rectangle:
        if (shape.rings.empty() || shape.rings[0].size() < 2) return {};
        return {corners(shape.rings[0][0].x, shape.rings[0][0].y, shape.rings[0][1].x, shape.rings[0][1].y)};
    case ShapeKind::Box:
        if (!includeBoxes || !shape.box) return {};
        {
            const auto& b = *shape.box;
            return {corners(b[0], b[1], b[0] + b[2], b[1] + b[3])};
        }
    default: return {};
    }
}

namespace {

Ring scaled(const Ring& ring, double sx, double sy) {
    Ring out;
    out.reserve(ring.size());
    for (const auto& p : ring) out.push_back({p.x * sx, p.y * sy});
    return out;
}

// Nearest sample of a mask at the centres of a width x height grid.
void orResampledMask(const Mask& src, Mask& dst) {
    if (src.empty()) return;
    const int w = dst.width(), h = dst.height();
    for (int y = 0; y < h; ++y) {
        const int sy = std::min(src.height() - 1, int((y + 0.5) * src.height() / h));
        for (int x = 0; x < w; ++x) {
            const int sx = std::min(src.width() - 1, int((x + 0.5) * src.width() / w));
            if (src(sx, sy)) dst(x, y) = 1;
        }
    }
}

void orInto(Mask& dst, const Mask& src) {
    for (std::size_t i = 0; i < dst.size(); ++i) dst[i] |= src[i];
}

void xorInto(Mask& dst, const Mask& src) {
    for (std::size_t i = 0; i < dst.size(); ++i) dst[i] ^= src[i];
}

// Draws `rings` (target frame) into `mask` (union with what is there).
void drawRings(const std::vector<Ring>& rings, RingRule ringRule, RasterRule rule, Mask& mask) {
    const int w = mask.width(), h = mask.height();
    if (rule == RasterRule::Coco) {
        std::vector<std::uint64_t> toggles;
        if (ringRule == RingRule::EvenOdd) {
            // The toggles of all rings in one pass: the parity of the per-ring masks.
            for (const auto& r : rings) appendCocoRingToggles(r, w, h, toggles);
            fillToggles(toggles, mask);
        } else {
            for (const auto& r : rings) {
                toggles.clear();
                appendCocoRingToggles(r, w, h, toggles);
                fillToggles(toggles, mask);
            }
        }
        return;
    }
    if (rings.size() == 1) return orInto(mask, rasteriseRingLabelMe(rings[0], w, h));
    Mask combined(w, h, 0);
    for (const auto& r : rings) {
        const Mask one = rasteriseRingLabelMe(r, w, h);
        if (ringRule == RingRule::EvenOdd) xorInto(combined, one);
        else orInto(combined, one);
    }
    orInto(mask, combined);
}

std::string describe(const Shape& s, std::size_t index) {
    return "shape " + std::to_string(index) + " ('" + s.label + "', " + s.shapeType + ")";
}

void drawShape(const SceneAnnotations* scene, const Shape& shape, std::size_t index, double sx, double sy,
               const RasterOptions& options, Mask& mask) {
    const auto warn = [&](const std::string& what) {
        if (options.warnings) options.warnings->push_back("rasterise: warning: " + describe(shape, index) + ": " + what);
    };
    if (shape.kind == ShapeKind::Mask) {
        if (shape.mask.empty()) return;
        if (shape.mask.width() == mask.width() && shape.mask.height() == mask.height()) orInto(mask, shape.mask);
        else {
            warn("RLE mask " + std::to_string(shape.mask.width()) + "x" + std::to_string(shape.mask.height()) +
                 " sampled (nearest) to " + std::to_string(mask.width()) + "x" + std::to_string(mask.height()));
            orResampledMask(shape.mask, mask);
        }
        return;
    }
    if (shape.kind == ShapeKind::Box && !options.includeBoxes) {
        warn("box only (no segmentation): not rasterised");
        return;
    }
    if (shape.kind == ShapeKind::Other) {
        warn("shape type not rasterised");
        return;
    }
    std::vector<Ring> rings = shapeRings(shape, options.includeBoxes);
    bool outside = false;
    for (auto& r : rings) {
        r = scaled(r, sx, sy);
        for (const auto& p : r)
            if (p.x < 0 || p.y < 0 || p.x > mask.width() || p.y > mask.height()) outside = true;
    }
    if (outside && scene) warn("coordinates outside the image, clipped");
    drawRings(rings, shape.kind == ShapeKind::Polygon ? shape.ringRule : RingRule::EvenOdd, options.rule, mask);
}

} // namespace

Mask rasteriseShape(const Shape& shape, int width, int height, RasterRule rule) {
    Mask mask(std::max(width, 0), std::max(height, 0), 0);
    RasterOptions options;
    options.rule = rule;
    drawShape(nullptr, shape, 0, 1.0, 1.0, options, mask);
    return mask;
}

namespace {
std::pair<double, double> scaleOf(const SceneAnnotations& scene, int width, int height) {
    const double sx = scene.imageWidth > 0 ? double(width) / scene.imageWidth : 1.0;
    const double sy = scene.imageHeight > 0 ? double(height) / scene.imageHeight : 1.0;
    return {sx, sy};
}
} // namespace

Mask rasteriseShape(const SceneAnnotations& scene, const Shape& shape, int width, int height,
                    const RasterOptions& options) {
    Mask mask(std::max(width, 0), std::max(height, 0), 0);
    const auto [sx, sy] = scaleOf(scene, width, height);
    std::size_t index = 0;
    for (; index < scene.shapes.size(); ++index)
        if (&scene.shapes[index] == &shape) break;
    drawShape(&scene, shape, index, sx, sy, options, mask);
    return mask;
}

std::map<std::string, Mask> rasteriseByClass(const SceneAnnotations& scene, int width, int height, RasterRule rule) {
    RasterOptions options;
    options.rule = rule;
    return rasteriseByClass(scene, width, height, options);
}

std::map<std::string, Mask> rasteriseByClass(const SceneAnnotations& scene, int width, int height,
                                             const RasterOptions& options) {
    if (width <= 0 || height <= 0)
        throw Error("rasterise", "target size " + std::to_string(width) + "x" + std::to_string(height) + " is empty");
    std::map<std::string, Mask> masks;
    const auto [sx, sy] = scaleOf(scene, width, height);
    if (options.warnings && (scene.imageWidth <= 0 || scene.imageHeight <= 0))
        options.warnings->push_back("rasterise: warning: the annotations give no image size; coordinates taken as " +
                                    std::to_string(width) + "x" + std::to_string(height));
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        const Shape& shape = scene.shapes[i];
        const bool drawn = shape.kind == ShapeKind::Polygon || shape.kind == ShapeKind::Rectangle ||
                           shape.kind == ShapeKind::Mask || (shape.kind == ShapeKind::Box && options.includeBoxes);
        if (!drawn) {
            Mask none; // not drawn into: drawShape only reports why the shape is skipped
            drawShape(&scene, shape, i, sx, sy, options, none);
            continue;
        }
        auto [it, inserted] = masks.try_emplace(shape.className, width, height, std::uint8_t(0));
        drawShape(&scene, shape, i, sx, sy, options, it->second);
    }
    return masks;
}

} // namespace ll
