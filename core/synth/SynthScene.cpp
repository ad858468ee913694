#include "synth/SynthScene.h"

#include "colour/ModelImagePath.h"
#include "synth/MaskOutline.h"
#include "synth/Random.h"
#include "synth/Renderer.h"
#include "util/Error.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ll {

using namespace synth;

const std::vector<std::string>& synthModelNames() {
    static const std::vector<std::string> names = {"oracle",       "dim_light",      "no_shadow",
                                                   "flat_falloff", "wrong_position", "do_nothing"};
    return names;
}

std::string synthSceneName(int index) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "scene_%03d", index);
    return buf;
}

const SynthRegion* SynthScene::region(const std::string& className) const {
    for (const auto& r : regions)
        if (r.className == className) return &r;
    return nullptr;
}

namespace {

// The sum of several images of one size (one pass, parallel).
Image sum(std::initializer_list<const Image*> parts) {
    const Image& first = **parts.begin();
    Image out(first.width(), first.height());
    float* d = out.data();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, out.floatCount(), 1 << 15), [&](const tbb::blocked_range<std::size_t>& r) {
        for (const Image* p : parts) {
            const float* s = p->data();
            for (std::size_t i = r.begin(); i < r.end(); ++i) d[i] += s[i];
        }
    });
    return out;
}

// Sensor noise: Gaussian with variance shot * (k * x) + read^2 in exposed units, drawn from a
// counter-based hash of (seed, image, pixel, channel); negative results are clipped to 0.
void addSensorNoise(Image& img, double k, const SynthParams& p, std::uint64_t key) {
    float* d = img.data();
    const std::size_t pairs = (img.floatCount() + 1) / 2;
    const float kf = float(k), shot = float(p.shotNoise), read2 = float(p.readNoise * p.readNoise);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, pairs, 1 << 13), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t j = r.begin(); j < r.end(); ++j) {
            // Box-Muller: two independent normals per draw.
            const std::uint64_t h = hashCombine(key, j);
            const float u1 = 1.0f - float(h >> 40) * 0x1.0p-24f; // (0, 1]
            const float u2 = float(h & 0xFFFFFFull) * 0x1.0p-24f;
            const float radius = std::sqrt(-2.0f * std::log(u1));
            const float n[2] = {radius * std::cos(6.2831853f * u2), radius * std::sin(6.2831853f * u2)};
            for (int t = 0; t < 2; ++t) {
                const std::size_t i = 2 * j + std::size_t(t);
                if (i >= img.floatCount()) break;
                const float x = d[i];
                const float sigma = std::sqrt(shot * std::max(0.0f, kf * x) + read2) / kf;
                d[i] = std::max(0.0f, x + sigma * n[t]);
            }
        }
    });
}

// Exposure for the 8-bit inputs: the 99.5th luminance percentile of the (clean) lit image maps to
// 0.9, over pixels that are neither window nor the bulb (seen directly or in the mirror): what an
// photographer exposing for the room would do.
double sceneExposure(const Image& on, const Plane<std::uint8_t>& bits, const Image& emission) {
    std::vector<float> kept;
    for (std::size_t i = 0; i < on.pixelCount(); ++i) {
        if (bits[i] & kWindowBit) continue;
        const float* e = emission.data() + i * 3;
        if (e[0] + e[1] + e[2] > 0) continue;
        const float* p = on.data() + i * 3;
        kept.insert(kept.end(), p, p + 3);
    }
    if (kept.empty()) return exposureForPercentile(on);
    Image sample(int(kept.size() / 3), 1);
    std::copy(kept.begin(), kept.end(), sample.data());
    return exposureForPercentile(sample, 99.5, 0.9);
}

Mask maskOf(const Plane<std::uint8_t>& bits, std::uint8_t bit) {
    Mask m(bits.width(), bits.height());
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = (bits[i] & bit) ? 1 : 0;
    return m;
}

std::vector<SynthRegion> makeRegions(const RenderOutput& r) {
    const int W = r.regionBits.width(), H = r.regionBits.height();
    const int minPixels = std::max(12, W * H / 20000);
    std::vector<SynthRegion> out;
    auto add = [&](const char* name, Mask m) {
        SynthRegion reg{name, std::move(m), {}};
        reg.polygons = maskOutlines(reg.mask, minPixels, 0.75);
        if (!reg.polygons.empty()) out.push_back(std::move(reg));
    };
    add("probe_shadow", maskOf(r.regionBits, kProbeShadowBit));
    // Highlights: where the probe's specular term is at least 15% of its maximum and outshines its
    // diffuse term, plus the bulb's image in the mirror.
    {
        float maxSpec = 0;
        for (float v : r.probeSpecular.values()) maxSpec = std::max(maxSpec, v);
        Mask m = maskOf(r.regionBits, kBulbReflectionBit);
        if (maxSpec > 0)
            for (std::size_t i = 0; i < m.size(); ++i)
                if (r.probeSpecular[i] >= 0.15f * maxSpec && r.probeSpecular[i] >= r.probeDiffuse[i]) m[i] = 1;
        add("probe_highlight", std::move(m));
    }
    add("metallic", maskOf(r.regionBits, kMetallicBit));
    add("mirror", maskOf(r.regionBits, kMirrorBit));
    add("window", maskOf(r.regionBits, kWindowBit));
    add("ambient_highlight", maskOf(r.regionBits, kSunlitBit));
    return out;
}

void checkSize(const SynthParams& p) {
    if (p.width < 16 || p.height < 16 || p.width > 16384 || p.height > 16384)
        throw Error("synth", "image size " + std::to_string(p.width) + "x" + std::to_string(p.height) +
                                 " out of range (16 to 16384 per side)");
    if (p.probeShadowSamples < 1 || p.windowSamples < 1) throw Error("synth", "sample counts must be at least 1");
}

} // namespace

Image SynthScene::probeContribution() const { return sum({&layers.emission, &layers.probeFill, &layers.direct}); }

SynthScene renderScene(const SynthParams& params, int sceneIndex) {
    checkSize(params);
    SynthScene s;
    s.index = sceneIndex;
    s.name = synthSceneName(sceneIndex);
    s.seed = hashCombine(params.seed, 0x5CE4Eull, std::uint64_t(sceneIndex));
    s.desc = makeSceneDesc(params, sceneIndex);
    RenderOutput r = renderLayers(s.desc, params, s.seed);
    s.layers = std::move(r.layers);
    s.off = s.layers.ambient;
    s.on = sum({&s.layers.ambient, &s.layers.emission, &s.layers.probeFill, &s.layers.direct});
    const double k = sceneExposure(s.on, r.regionBits, s.layers.emission);
    if (params.noise) {
        addSensorNoise(s.off, k, params, hashCombine(s.seed, 0x0FFull));
        addSensorNoise(s.on, k, params, hashCombine(s.seed, 0x0A1ull));
    }
    s.meta.k = k;
    s.meta.kRecorded = true;
    s.meta.regime = s.desc.regime;
    s.regions = makeRegions(r);
    return s;
}

namespace {

// Per-channel gains with mean `level` and a random white balance tilt of up to +-`spread`.
std::array<float, 3> randomGains(std::uint64_t key, double lo, double hi, double spread) {
    const double level = lo + (hi - lo) * hashUniform(key);
    std::array<float, 3> g{};
    double mean = 0;
    for (int c = 0; c < 3; ++c) {
        g[c] = float(1.0 + spread * (2.0 * hashUniform(hashCombine(key, std::uint64_t(c + 1))) - 1.0));
        mean += g[c] / 3.0;
    }
    for (auto& v : g) v = float(v / mean * level);
    return g;
}

// out = base + sign * gains * (layers...), clipped at 0 (parallel over pixels).
Image combine(const Image& base, float sign, const std::array<float, 3>& gains, std::initializer_list<const Image*> add) {
    Image out(base.width(), base.height());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, base.pixelCount(), 1 << 13), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i < r.end(); ++i)
            for (int c = 0; c < 3; ++c) {
                float v = 0;
                for (const Image* a : add) v += a->data()[i * 3 + c];
                out.data()[i * 3 + c] = std::max(0.0f, base.data()[i * 3 + c] + sign * gains[c] * v);
            }
    });
    return out;
}

} // namespace

Image renderEdit(const SynthScene& s, const std::string& model, Task task, std::uint64_t seed) {
    const SynthLayers& L = s.layers;
    const bool on = task == Task::On;
    const std::uint64_t key = hashCombine(seed, hashName(model.c_str()), on ? 1u : 2u, std::uint64_t(s.index));
    const std::array<float, 3> one{1, 1, 1};
    if (model == "oracle") {
        // The true result under a random exposure (0.6x to 1.5x) and white balance (+-15%).
        const auto g = randomGains(key, 0.6, 1.5, 0.15);
        return combine(on ? s.on : s.off, 1.0f, {g[0] - 1, g[1] - 1, g[2] - 1}, {on ? &s.on : &s.off});
    }
    if (model == "do_nothing") return on ? s.off : s.on;
    if (model == "dim_light") {
        // Turn-on: the right light at half intensity and another colour. Turn-off: half of the
        // light (in another colour) is left behind.
        const auto g = randomGains(key, 0.5, 0.5, 0.35);
        return combine(s.off, 1.0f, g, {&L.emission, &L.probeFill, &L.direct});
    }
    const Image* direct = nullptr;
    if (model == "no_shadow") direct = &L.directNoShadow;
    else if (model == "flat_falloff") direct = &L.directFlat;
    else if (model == "wrong_position") direct = &L.directWrong;
    else throw Error("synth", "unknown simulated model '" + model + "'");
    // Turn-on adds the faulty light to the input; turn-off subtracts it from the input (so the true
    // light's shadows, falloff or position are left behind as residue).
    return on ? combine(s.off, 1.0f, one, {&L.emission, &L.probeFill, direct})
              : combine(s.on, -1.0f, one, {&L.emission, &L.probeFill, direct});
}

SceneAnnotations synthAnnotations(const SynthScene& s) {
    SceneAnnotations a;
    a.imageWidth = s.on.width();
    a.imageHeight = s.on.height();
    a.format = AnnotationFormat::Coco;
    a.imagePath = s.name + ".png";
    a.imageId = 0;
    long long id = 0;
    for (const auto& r : s.regions)
        for (const auto& ring : r.polygons) {
            Shape sh;
            sh.label = r.className;
            sh.className = r.className;
            sh.shapeType = "polygon";
            sh.kind = ShapeKind::Polygon;
            sh.ringRule = RingRule::Union;
            sh.rings = {ring};
            sh.id = id++;
            a.shapes.push_back(std::move(sh));
        }
    return a;
}

} // namespace ll
