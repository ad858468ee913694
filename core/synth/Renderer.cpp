#include "synth/Renderer.h"

#include "synth/ProceduralTexture.h"
#include "synth/Random.h"
#include "synth/Tracer.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::synth {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kInvPi = 1.0f / kPi;
constexpr float kGoldenAngle = 2.39996323f;

struct Material {
    Vec3 albedo;
    Vec3 specular;          // Blinn-Phong lobe colour (0: none)
    float shininess = 1;
    bool mirror = false;    // reflect the scene (plus the small diffuse albedo)
    bool window = false;    // shows the sky, not lit
    std::uint8_t bits = 0;
};

Material materialOf(const SceneDesc& sc, const Hit& h) {
    Material m;
    switch (h.surface) {
    case Surface::Floor:
        if (sc.metallic.contains(h.u, h.v)) {
            m.albedo = sc.metalColour * 0.04f;
            m.specular = sc.metalColour;
            m.shininess = sc.metalShininess;
            m.bits = kMetallicBit;
        } else {
            m.albedo = floorAlbedo(sc.floorColour, h.u, h.v, sc.textureSeed);
        }
        break;
    case Surface::RightWall:
        if (sc.mirror.contains(h.u, h.v)) {
            m.albedo = {0.02f, 0.02f, 0.02f};
            m.mirror = true;
            m.bits = kMirrorBit;
        } else {
            m.albedo = wallAlbedo(sc.wallColour, h.u, h.v, sc.textureSeed + 2);
        }
        break;
    case Surface::LeftWall:
        if (sc.window.contains(h.u, h.v)) {
            m.window = true;
            m.bits = kWindowBit;
        } else {
            m.albedo = wallAlbedo(sc.wallColour, h.u, h.v, sc.textureSeed + 1);
        }
        break;
    case Surface::BackWall:
    case Surface::FrontWall: m.albedo = wallAlbedo(sc.wallColour, h.u, h.v, sc.textureSeed + 3); break;
    case Surface::Ceiling: m.albedo = wallAlbedo({0.82f, 0.82f, 0.8f}, h.u, h.v, sc.textureSeed + 4); break;
    case Surface::Box:
        m.albedo = boxAlbedo(sc.boxes[std::size_t(h.boxIndex)].albedo, h.point, sc.textureSeed + 5 + std::uint64_t(h.boxIndex));
        m.specular = {0.04f, 0.04f, 0.04f};
        m.shininess = 40;
        break;
    case Surface::Stand:
        m.albedo = sc.stand.albedo;
        m.specular = {0.5f, 0.5f, 0.5f};
        m.shininess = 60;
        break;
    case Surface::Probe: m.albedo = {0.8f, 0.8f, 0.8f}; break;
    case Surface::None: break;
    }
    return m;
}

// Normalised Blinn-Phong lobe value (without the colour).
float blinnPhong(const Vec3& n, const Vec3& wi, const Vec3& v, float shininess) {
    const Vec3 h = normalize(wi + v);
    const float nh = std::max(0.0f, dot(n, h));
    return (shininess + 8.0f) / (8.0f * kPi) * std::pow(nh, shininess);
}

// Fraction of points on the light's disc (facing p) that p sees. `rotation` turns the sample
// pattern per pixel so that few samples give smooth penumbrae. Points are spread on the disc by
// the golden angle (Vogel's pattern).
float discVisibility(const SceneDesc& sc, const Vec3& p, const Vec3& centre, float radius, int samples,
                     float rotation, bool probeOccludes) {
    const OccluderSet near = occludersNearSegment(sc, p, centre, radius, probeOccludes);
    if (near.empty()) return 1.0f;
    if (radius <= 0 || samples <= 1) return occludedBy(sc, near, p, centre) ? 0.0f : 1.0f;
    const Vec3 w = normalize(centre - p);
    const Vec3 a = std::abs(w.x) < 0.9f ? Vec3(1, 0, 0) : Vec3(0, 1, 0);
    const Vec3 t1 = normalize(cross(w, a)), t2 = cross(w, t1);
    // Rotate the pattern: step by the golden angle with a rotation matrix (one sincos per call).
    const float cg = std::cos(kGoldenAngle), sg = std::sin(kGoldenAngle);
    float c = std::cos(rotation), s = std::sin(rotation);
    int visible = 0;
    for (int k = 0; k < samples; ++k) {
        const float r = radius * std::sqrt((float(k) + 0.5f) / float(samples));
        const Vec3 q = centre + t1 * (r * c) + t2 * (r * s);
        if (!occludedBy(sc, near, p, q)) ++visible;
        const float c2 = c * cg - s * sg;
        s = s * cg + c * sg;
        c = c2;
    }
    return float(visible) / float(samples);
}

// What one surface point sends towards the viewer, per light layer.
struct Radiance {
    Vec3 ambient, emission, fill, direct, directNoShadow, directFlat, directWrong, albedo;
    std::uint8_t bits = 0;
    float specLum = 0, diffLum = 0;
};

struct PixelContext {
    const SceneDesc& sc;
    const SynthParams& params;
    std::uint64_t pixelKey;
};

// Point light shading terms shared by the probe's variants: brdf * intensity * cos (no distance).
struct LightTerm {
    Vec3 diffuse, specular;
    float distance = 0;
    bool facing = false;
};

LightTerm pointLightTerm(const Vec3& p, const Vec3& n, const Vec3& v, const Material& m, const Vec3& pos,
                         const Vec3& intensity) {
    LightTerm t;
    Vec3 wi = pos - p;
    t.distance = length(wi);
    wi = wi / t.distance;
    const float cosI = dot(n, wi);
    if (cosI <= 0) return t;
    t.facing = true;
    t.diffuse = m.albedo.mul(intensity) * (kInvPi * cosI);
    if (m.specular.x + m.specular.y + m.specular.z > 0)
        t.specular = m.specular.mul(intensity) * (blinnPhong(n, wi, v, m.shininess) * cosI);
    return t;
}

Radiance shade(const PixelContext& ctx, const Vec3& origin, const Vec3& dir, int depth);

Radiance shadeHit(const PixelContext& ctx, const Hit& h, const Vec3& dir, int depth) {
    const SceneDesc& sc = ctx.sc;
    Radiance out;
    const Material m = materialOf(sc, h);
    out.bits = m.bits;
    out.albedo = m.albedo;
    if (m.window) {
        out.ambient = sc.skyRadiance;
        return out;
    }
    const Vec3 n = h.normal, v = -dir;
    const Vec3 p = h.point + n * 2e-4f;
    const float rot = float(hashUniform(ctx.pixelKey ^ (std::uint64_t(depth) << 60))) * 2.0f * kPi;

    if (h.surface == Surface::Probe) out.emission = sc.probeRadiance;

    // Ambient: window area light, sun through the window, ceiling lamp, uniform fill.
    {
        const PlaneRect& w = sc.window;
        const int nz = std::max(1, (ctx.params.windowSamples + 1) / 2), ny = std::max(1, ctx.params.windowSamples / nz);
        const float cellArea = (w.u1 - w.u0) * (w.v1 - w.v0) / float(nz * ny);
        // Nothing can block the window when no occluder lies in the box spanned by p and the window.
        const OccluderSet near = occludersInBox(sc, Vec3(-sc.halfWidth, std::min(p.y, w.v0), std::min(p.z, w.u0)),
                                                Vec3(p.x, std::max(p.y, w.v1), std::max(p.z, w.u1)), true);
        Vec3 e;
        for (int iz = 0; iz < nz; ++iz)
            for (int iy = 0; iy < ny; ++iy) {
                const std::uint64_t k = hashCombine(ctx.pixelKey, std::uint64_t(depth * 64 + iz * 8 + iy));
                const float jz = float(hashUniform(k)), jy = float(hashUniform(k ^ 0x1234ull));
                const Vec3 s(-sc.halfWidth, w.v0 + (w.v1 - w.v0) * (float(iy) + jy) / float(ny),
                             w.u0 + (w.u1 - w.u0) * (float(iz) + jz) / float(nz));
                Vec3 wi = s - p;
                const float d2 = dot(wi, wi);
                wi = wi / std::sqrt(d2);
                const float cosP = dot(n, wi), cosW = -wi.x;
                if (cosP <= 0 || cosW <= 0) continue;
                if (occludedBy(sc, near, p, s)) continue;
                float f = kInvPi;
                Vec3 spec;
                if (m.specular.x + m.specular.y + m.specular.z > 0) spec = m.specular * blinnPhong(n, wi, v, m.shininess);
                const Vec3 brdf = m.albedo * f + spec;
                e += brdf.mul(sc.skyRadiance) * (cosP * cosW * cellArea / d2);
            }
        out.ambient += e;
        if (sc.sun) {
            const Vec3 wi = -sc.sun->direction;
            const float cosP = dot(n, wi);
            if (cosP > 0 && wi.x < 0) {
                const float t = (-sc.halfWidth - p.x) / wi.x;
                const Vec3 q = p + wi * t;
                if (w.contains(q.z, q.y) && !occluded(sc, p, q, true)) {
                    Vec3 brdf = m.albedo * kInvPi;
                    if (m.specular.x + m.specular.y + m.specular.z > 0)
                        brdf += m.specular * blinnPhong(n, wi, v, m.shininess);
                    out.ambient += brdf.mul(sc.sun->irradiance) * cosP;
                    if (depth == 0) out.bits |= kSunlitBit;
                }
            }
        }
        if (sc.lamp) {
            const LightTerm t = pointLightTerm(p, n, v, m, sc.lamp->position, sc.lamp->intensity);
            if (t.facing) {
                const float vis = discVisibility(sc, p, sc.lamp->position, sc.lamp->radius, 4, rot, true);
                out.ambient += (t.diffuse + t.specular) * (vis / (t.distance * t.distance));
            }
        }
        out.ambient += m.albedo.mul(sc.ambientFill) * kInvPi;
    }

    // The probe: true light, unshadowed, 1/r falloff, wrong position; and its indirect fill.
    if (h.surface != Surface::Probe) {
        out.fill = m.albedo.mul(sc.probeFill) * kInvPi;
        const LightTerm t = pointLightTerm(p, n, v, m, sc.probeLight.position, sc.probeLight.intensity);
        if (t.facing) {
            const float vis = discVisibility(sc, p, sc.probeLight.position, sc.probeLight.radius,
                                             ctx.params.probeShadowSamples, rot, false);
            const float inv2 = 1.0f / (t.distance * t.distance);
            const Vec3 unshadowed = (t.diffuse + t.specular) * inv2;
            out.direct = unshadowed * vis;
            out.directNoShadow = unshadowed;
            out.directFlat = (t.diffuse + t.specular) * (vis / t.distance);
            out.specLum = luminance(t.specular) * inv2 * vis;
            out.diffLum = luminance(t.diffuse) * inv2 * vis;
            if (depth == 0 && vis < 0.5f && !m.mirror && h.surface != Surface::Stand) out.bits |= kProbeShadowBit;
        }
        const LightTerm tw = pointLightTerm(p, n, v, m, sc.wrongProbePosition, sc.probeLight.intensity);
        if (tw.facing) {
            const float vis = discVisibility(sc, p, sc.wrongProbePosition, sc.probeLight.radius,
                                             ctx.params.probeShadowSamples, rot, true);
            out.directWrong = (tw.diffuse + tw.specular) * (vis / (tw.distance * tw.distance));
        }
    }

    if (m.mirror && depth == 0) {
        const Vec3 r = reflect(dir, n);
        const Radiance refl = shade(ctx, p, r, depth + 1);
        const Vec3& R = sc.mirrorReflectance;
        out.ambient += refl.ambient.mul(R);
        out.emission += refl.emission.mul(R);
        out.fill += refl.fill.mul(R);
        out.direct += refl.direct.mul(R);
        out.directNoShadow += refl.directNoShadow.mul(R);
        out.directFlat += refl.directFlat.mul(R);
        out.directWrong += refl.directWrong.mul(R);
        if (refl.emission.x > 0) out.bits |= kBulbReflectionBit;
    }
    return out;
}

Radiance shade(const PixelContext& ctx, const Vec3& origin, const Vec3& dir, int depth) {
    return shadeHit(ctx, trace(ctx.sc, origin, dir), dir, depth);
}

void put(Image& img, std::size_t i, const Vec3& v) {
    float* p = img.data() + i * 3;
    p[0] = v.x;
    p[1] = v.y;
    p[2] = v.z;
}

} // namespace

RenderOutput renderLayers(const SceneDesc& sc, const SynthParams& params, std::uint64_t sceneSeed) {
    const int W = params.width, H = params.height;
    RenderOutput o;
    SynthLayers& L = o.layers;
    for (Image* img : {&L.ambient, &L.emission, &L.probeFill, &L.direct, &L.directNoShadow, &L.directFlat,
                       &L.directWrong, &L.albedo})
        *img = Image(W, H);
    o.regionBits = Plane<std::uint8_t>(W, H);
    o.probeSpecular = FloatPlane(W, H);
    o.probeDiffuse = FloatPlane(W, H);
    std::vector<double> rowDirect(std::size_t(H), 0.0), rowFlat(std::size_t(H), 0.0);

    tbb::parallel_for(tbb::blocked_range<int>(0, H, 4), [&](const tbb::blocked_range<int>& rows) {
        for (int y = rows.begin(); y < rows.end(); ++y) {
            double sumDirect = 0, sumFlat = 0;
            for (int x = 0; x < W; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(W) + std::size_t(x);
                const PixelContext ctx{sc, params, hashCombine(sceneSeed, 0x9E1ull, i)};
                const Vec3 dir = sc.camera.direction(float(x) + 0.5f, float(y) + 0.5f);
                const Radiance r = shade(ctx, sc.camera.position, dir, 0);
                put(L.ambient, i, r.ambient);
                put(L.emission, i, r.emission);
                put(L.probeFill, i, r.fill);
                put(L.direct, i, r.direct);
                put(L.directNoShadow, i, r.directNoShadow);
                put(L.directFlat, i, r.directFlat);
                put(L.directWrong, i, r.directWrong);
                put(L.albedo, i, r.albedo);
                o.regionBits[i] = r.bits;
                o.probeSpecular[i] = r.specLum;
                o.probeDiffuse[i] = r.diffLum;
                sumDirect += double(luminance(r.direct));
                sumFlat += double(luminance(r.directFlat));
            }
            rowDirect[std::size_t(y)] = sumDirect;
            rowFlat[std::size_t(y)] = sumFlat;
        }
    });

    // Scale the 1/r layer to the same total as the true light (summed in row order: deterministic).
    double sd = 0, sf = 0;
    for (int y = 0; y < H; ++y) {
        sd += rowDirect[std::size_t(y)];
        sf += rowFlat[std::size_t(y)];
    }
    const float scale = sf > 0 ? float(sd / sf) : 1.0f;
    float* f = L.directFlat.data();
    for (std::size_t i = 0; i < L.directFlat.floatCount(); ++i) f[i] *= scale;
    return o;
}

} // namespace ll::synth
