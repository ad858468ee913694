#include "capture/LensCorrection.h"

#include <lensfun/lensfun.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::capture {

struct LensCorrector::State {
    lfDatabase* db = nullptr;
    const lfCamera** cameras = nullptr;
    const lfLens** lenses = nullptr;
    const lfLens* lens = nullptr;
    float crop = 1.0f;
    ~State() {
        if (lenses) lf_free(lenses);
        if (cameras) lf_free(cameras);
        if (db) lf_db_destroy(db);
    }
};

namespace {

std::string mlstr(const lfMLstr s) { return s ? std::string(lf_mlstr_get(s)) : std::string(); }

} // namespace

LensCorrector::LensCorrector(const FrameExif& exif, int width, int height)
    : state_(std::make_unique<State>()), width_(width), height_(height) {
    LensProfile& p = profile_;
    if (exif.make.empty() || exif.model.empty()) {
        p.reason = "the EXIF names no camera make and model";
        return;
    }
    if (exif.lens.empty()) {
        p.reason = "the EXIF names no lens";
        return;
    }
    if (!exif.focalLength || !exif.fNumber) {
        p.reason = "the EXIF has no focal length or f-number";
        return;
    }
    state_->db = lf_db_new();
    if (!state_->db || state_->db->Load() != LF_NO_ERROR) {
        p.reason = "the lensfun database could not be loaded (install liblensfun-data-v1)";
        return;
    }
    // LibRaw names the model without the maker ("EOS 5D Mark II"), lensfun with it: the fuzzy
    // search matches either.
    state_->cameras = state_->db->FindCamerasExt(exif.make.c_str(), exif.model.c_str());
    if (!state_->cameras || !state_->cameras[0]) {
        p.reason = "lensfun does not know the camera '" + exif.make + " " + exif.model + "'";
        return;
    }
    const lfCamera* cam = state_->cameras[0];
    state_->lenses = state_->db->FindLenses(cam, nullptr, exif.lens.c_str());
    if (!state_->lenses || !state_->lenses[0]) {
        p.reason = "lensfun does not know the lens '" + exif.lens + "' on the " + mlstr(cam->Model);
        return;
    }
    state_->lens = state_->lenses[0];
    state_->crop = cam->CropFactor > 0 ? cam->CropFactor : 1.0f;
    p.found = true;
    p.camera = mlstr(cam->Maker) + " " + mlstr(cam->Model);
    p.lens = mlstr(state_->lens->Maker) + " " + mlstr(state_->lens->Model);
    p.focalLength = *exif.focalLength;
    p.aperture = *exif.fNumber;
    p.distance = exif.focusDistance.value_or(1000.0);
    p.cropFactor = state_->crop;
    p.distortion = state_->lens->CalibDistortion && state_->lens->CalibDistortion[0];
    p.vignetting = state_->lens->CalibVignetting && state_->lens->CalibVignetting[0];
    if (!p.distortion && !p.vignetting) {
        p.found = false;
        p.reason = "lensfun has no distortion or vignetting data for '" + p.lens + "'";
    }
}

LensCorrector::~LensCorrector() = default;

void LensCorrector::apply(Image& image, Plane<std::uint8_t>& clipped, Mask& mask) const {
    if (!found()) return;
    const int w = width_, h = height_;
    lfModifier mod(state_->lens, state_->crop, w, h);
    const int flags = mod.Initialize(state_->lens, LF_PF_F32, float(profile_.focalLength), float(profile_.aperture),
                                     float(profile_.distance), 1.0f, state_->lens->Type,
                                     LF_MODIFY_VIGNETTING | LF_MODIFY_DISTORTION, false);
    if (flags & LF_MODIFY_VIGNETTING) {
        tbb::parallel_for(0, h, [&](int y) {
            mod.ApplyColorModification(image.pixel(0, y), 0.0f, float(y), w, 1, LF_CR_3(RED, GREEN, BLUE),
                                       int(w * 3 * sizeof(float)));
        });
    }
    if (!(flags & LF_MODIFY_DISTORTION)) return;
    Image out(w, h);
    out.info = image.info;
    Plane<std::uint8_t> outClipped(w, h, 0);
    Mask outMask(w, h, 0);
    tbb::parallel_for(0, h, [&](int y) {
        std::vector<float> coords(std::size_t(w) * 2);
        mod.ApplyGeometryDistortion(0.0f, float(y), w, 1, coords.data());
        for (int x = 0; x < w; ++x) {
            const float sx = coords[2 * x], sy = coords[2 * x + 1];
            if (!(sx >= 0 && sy >= 0 && sx <= w - 1 && sy <= h - 1)) {
                // Outside the captured raster: nothing was seen there; mark it clipped so it is excluded.
                outClipped(x, y) = 7;
                continue;
            }
            const int x0 = std::min(int(sx), w - 2 < 0 ? 0 : w - 2), y0 = std::min(int(sy), h - 2 < 0 ? 0 : h - 2);
            const int x1 = std::min(x0 + 1, w - 1), y1 = std::min(y0 + 1, h - 1);
            const float fx = sx - x0, fy = sy - y0;
            float* o = out.pixel(x, y);
            for (int c = 0; c < 3; ++c)
                o[c] = (1 - fy) * ((1 - fx) * image.at(x0, y0, c) + fx * image.at(x1, y0, c)) +
                       fy * ((1 - fx) * image.at(x0, y1, c) + fx * image.at(x1, y1, c));
            outClipped(x, y) = clipped(x0, y0) | clipped(x1, y0) | clipped(x0, y1) | clipped(x1, y1);
            outMask(x, y) = mask(x0, y0) | mask(x1, y0) | mask(x0, y1) | mask(x1, y1);
        }
    });
    image = std::move(out);
    clipped = std::move(outClipped);
    mask = std::move(outMask);
}

} // namespace ll::capture
