#include "capture/CaptureMeta.h"

#include "dataset/JsonFile.h"

#include <nlohmann/json.hpp>

namespace ll::capture {
namespace fs = std::filesystem;

namespace {

nlohmann::json stateJson(const std::vector<fs::path>& files, const StateSummary& s) {
    nlohmann::json j;
    j["frames"] = nlohmann::json::array();
    for (const auto& f : files) j["frames"].push_back(f.filename().string());
    j["exposure_times"] = s.exposureTimes;
    j["relative_exposure"] = s.relativeExposure;
    j["clipped_pixels"] = s.clippedPixels;
    j["disagreeing_pixels"] = s.disagreeingPixels;
    j["noise"] = {{"shot", s.noise.shot}, {"read", s.noise.read}, {"estimated", s.noise.estimated}};
    return j;
}

template <typename T>
nlohmann::json optional(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

} // namespace

std::string captureMetaText(const fs::path& metaPath, const CaptureSummary& s, const CaptureRequest& r,
                            const FrameExif& exif) {
    nlohmann::json meta = nlohmann::json::object();
    std::error_code ec;
    if (fs::exists(metaPath, ec)) meta = readJsonObject(metaPath);
    meta.erase("k");
    meta["clip_level"] = s.clipLevel;
    nlohmann::json c;
    c["on"] = stateJson(r.onFiles, s.on);
    c["off"] = stateJson(r.offFiles, s.off);
    c["size"] = {s.width, s.height};
    c["base_exposure_time"] = s.baseExposureTime;
    c["clip_level"] = s.clipLevel;
    c["exposure_source"] = r.times.empty() ? "exif" : "times";
    c["shift"] = {{"dx", s.shift.dx},
                  {"dy", s.shift.dy},
                  {"magnitude", s.shift.magnitude()},
                  {"allowed", r.allowShift},
                  {"static_fraction", s.shift.staticFraction}};
    c["camera"] = {{"make", exif.make},          {"model", exif.model},
                   {"lens", exif.lens},          {"focal_length", optional(exif.focalLength)},
                   {"f_number", optional(exif.fNumber)}, {"iso", optional(exif.iso)}};
    nlohmann::json lens = {{"applied", s.lensApplied}};
    if (s.lensApplied) {
        lens["camera"] = s.lens.camera;
        lens["lens"] = s.lens.lens;
        lens["focal_length"] = s.lens.focalLength;
        lens["aperture"] = s.lens.aperture;
        lens["distance"] = s.lens.distance;
        lens["distortion"] = s.lens.distortion;
        lens["vignetting"] = s.lens.vignetting;
    } else {
        lens["reason"] = s.lens.reason;
    }
    c["lens_correction"] = lens;
    c["merge"] = {{"saturation", r.merge.saturation},
                  {"dark", r.merge.dark},
                  {"reject_sigma", r.merge.rejectSigma},
                  {"method", "Debevec-Malik, linear response, Granados et al. 2010 noise weights"}};
    meta["capture"] = c;
    return meta.dump(2) + "\n";
}

} // namespace ll::capture
