#pragma once
// Lens distortion and vignetting correction with lensfun, from the EXIF camera, lens, focal length,
// aperture and focus distance. Vignetting is divided out of the linear radiance on the original
// (distorted) raster, then the image is resampled onto the rectilinear raster (bilinear). Masks are
// carried through the same warp: a pixel is set when any of its bilinear taps was.
#include "capture/BracketFrame.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <memory>
#include <string>

namespace ll::capture {

struct LensProfile {
    bool found = false;
    std::string reason;          // why no profile is used (when !found)
    std::string camera, lens;    // as named by the lensfun database
    double focalLength = 0, aperture = 0, distance = 0, cropFactor = 0;
    bool distortion = false, vignetting = false; // which corrections the profile has data for
};

class LensCorrector {
public:
    // Looks the camera and lens up in the lensfun database; found() is false, with a reason, when
    // the EXIF lacks a field or the database does not know the camera or lens.
    LensCorrector(const FrameExif& exif, int width, int height);
    ~LensCorrector();
    LensCorrector(const LensCorrector&) = delete;
    LensCorrector& operator=(const LensCorrector&) = delete;

    const LensProfile& profile() const { return profile_; }
    bool found() const { return profile_.found; }

    // Corrects vignetting then distortion of `image` and warps `clippedChannels` and `mask` alike.
    void apply(Image& image, Plane<std::uint8_t>& clippedChannels, Mask& mask) const;

private:
    struct State;
    std::unique_ptr<State> state_;
    LensProfile profile_;
    int width_, height_;
};

} // namespace ll::capture
