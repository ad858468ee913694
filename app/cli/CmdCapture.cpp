// lightlens-cli capture: makes a scene's on/off HDR pair from RAW (or linear TIFF/EXR) brackets.
#include "cli/Commands.h"

#include "capture/CaptureScene.h"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace ll::cli {

namespace {

std::vector<double> parseTimes(const std::string& text) {
    std::vector<double> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        double v = 0;
        std::size_t used = 0;
        try {
            v = std::stod(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        // Accept "1/250" as well as seconds.
        if (used != item.size()) {
            const auto slash = item.find('/');
            try {
                if (slash == std::string::npos) throw std::invalid_argument("x");
                std::size_t u1 = 0, u2 = 0;
                const std::string a = item.substr(0, slash), b = item.substr(slash + 1);
                const double num = std::stod(a, &u1), den = std::stod(b, &u2);
                if (u1 != a.size() || u2 != b.size() || !(den > 0)) throw std::invalid_argument("x");
                v = num / den;
            } catch (const std::exception&) {
                throw UsageError("--times expects exposure times in seconds (e.g. 0.004,1/125), got '" + item + "'");
            }
        }
        if (!(v > 0) || !std::isfinite(v)) throw UsageError("--times: exposure times must be positive, got '" + item + "'");
        out.push_back(v);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

} // namespace

Command makeCaptureCommand() {
    CommandSpec spec{
        "capture",
        "SCENE_DIR",
        "make a scene's on/off HDR pair from RAW (or linear TIFF/EXR) exposure brackets",
        {{"on", "FILE...", "frames of the light-on state (one or more brackets)"},
         {"off", "FILE...", "frames of the light-off state"},
         {"lens", "auto|none", "correct distortion and vignetting with lensfun from EXIF (default auto)"},
         {"allow-shift", "PX", "largest on/off misalignment accepted, in pixels (default 0.5)"},
         {"times", "S,S,...", "exposure times in seconds instead of EXIF: one per frame (on frames first), or "
                              "one per frame of a state when both states have the same bracket"},
         {"saturation", "F", "fraction of the format maximum counted as saturated (default 0.98)"},
         {"reject-sigma", "K", "frames further than K noise deviations from the others are left out (default 5)"},
         {"no-report", "", "do not write capture-report.png and capture-flags.png"},
         {"timings", "", "print the seconds each stage took (wall clock and CPU time of all threads)"},
         {"quiet", "", "print nothing but errors"}},
        1,
        1,
        "Writes SCENE_DIR/on.exr and off.exr (float, PIZ) at the base exposure of the on image (the middle of its "
        "bracket), meta.json with the clip level and a \"capture\" block, capture-report.png (a one-page summary) and "
        "capture-flags.png (per pixel: red clipped, green on frames disagreed, blue off frames disagreed). Each state is "
        "merged from all its frames with noise-aware weights; saturated and near-black samples are left out per "
        "channel; channels saturated in every frame are set to the clip level. The pair is refused when the views "
        "moved by more than --allow-shift. Put SCENE_DIR before --on and --off."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                capture::CaptureRequest r;
                r.sceneDir = args.positionals[0];
                for (const auto& f : args.many("on")) r.onFiles.push_back(f);
                for (const auto& f : args.many("off")) r.offFiles.push_back(f);
                if (r.onFiles.empty()) throw UsageError("missing required option --on FILE...");
                if (r.offFiles.empty()) throw UsageError("missing required option --off FILE...");
                const std::string lens = args.string("lens", "auto");
                if (lens == "auto") r.lens = capture::LensMode::Auto;
                else if (lens == "none") r.lens = capture::LensMode::None;
                else throw UsageError("--lens expects auto or none, got '" + lens + "'");
                r.allowShift = args.number("allow-shift", 0.5);
                if (!(r.allowShift >= 0)) throw UsageError("--allow-shift must be a non-negative number of pixels");
                if (auto t = args.value("times")) r.times = parseTimes(*t);
                r.merge.saturation = args.number("saturation", r.merge.saturation);
                if (!(r.merge.saturation > 0 && r.merge.saturation <= 1)) throw UsageError("--saturation must be in (0, 1]");
                r.merge.rejectSigma = args.number("reject-sigma", r.merge.rejectSigma);
                if (!(r.merge.rejectSigma > 0)) throw UsageError("--reject-sigma must be positive");
                r.writeReport = !args.flag("no-report");
                const bool quiet = args.flag("quiet");
                const auto s = capture::captureScene(r);
                if (quiet) return 0;
                char buf[512];
                std::snprintf(buf, sizeof buf,
                              "%s: %dx%d, base exposure %.6g s, clip level %.6g, on/off shift %.3f px\n"
                              "  on:  %zu frames, %zu clipped pixels, %zu with disagreeing frames\n"
                              "  off: %zu frames, %zu clipped pixels, %zu with disagreeing frames\n",
                              r.sceneDir.string().c_str(), s.width, s.height, s.baseExposureTime, s.clipLevel,
                              s.shift.magnitude(), r.onFiles.size(), s.on.clippedPixels, s.on.disagreeingPixels,
                              r.offFiles.size(), s.off.clippedPixels, s.off.disagreeingPixels);
                io.out << buf;
                io.out << "  lens: "
                       << (s.lensApplied ? "corrected with " + s.lens.lens + " on " + s.lens.camera : s.lens.reason)
                       << "\n";
                if (args.flag("timings")) {
                    for (const auto* t : {&s.seconds, &s.cpuSeconds}) {
                        std::snprintf(buf, sizeof buf,
                                      "  %s: read %.2f, noise model %.2f, merge %.2f, shift %.2f, lens %.2f, write %.2f\n",
                                      t == &s.seconds ? "seconds" : "cpu seconds", t->read, t->noise, t->merge,
                                      t->shift, t->lens, t->write);
                        io.out << buf;
                    }
                }
                return 0;
            }};
}

} // namespace ll::cli
