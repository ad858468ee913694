#include "capture/CaptureScene.h"

#include "capture/CaptureFlags.h"
#include "capture/CaptureMeta.h"
#include "capture/CaptureReport.h"
#include "image/ImageIO.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

namespace ll::capture {
namespace fs = std::filesystem;

double exposureValue(double time, double iso, double fNumber) { return time * iso / (fNumber * fNumber); }

namespace {

void checkCancel(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load()) throw Error("capture", "cancelled");
}

struct FramePlan {
    fs::path path;
    FrameExif exif;
    double time = 0;
};

// Times, ISO and f-numbers of all frames; errors name the file.
std::vector<FramePlan> planFrames(const CaptureRequest& r, std::vector<double>& exposure) {
    std::vector<FramePlan> plan;
    for (const auto& f : r.onFiles) plan.push_back({f, {}, 0});
    for (const auto& f : r.offFiles) plan.push_back({f, {}, 0});
    const std::size_t nOn = r.onFiles.size(), n = plan.size();
    if (!r.times.empty() && r.times.size() != n && !(r.times.size() == nOn && nOn == r.offFiles.size()))
        throw Error("--times", "gives " + std::to_string(r.times.size()) + " times for " + std::to_string(nOn) +
                                   " on and " + std::to_string(r.offFiles.size()) +
                                   " off frames (give one per frame, on frames first, or one per frame of a state)");
    for (double t : r.times)
        if (!(t > 0) || !std::isfinite(t)) throw Error("--times", "exposure times must be positive seconds");
    for (std::size_t i = 0; i < n; ++i) {
        plan[i].exif = readFrameExif(plan[i].path);
        if (!r.times.empty()) plan[i].time = r.times.size() == n ? r.times[i] : r.times[i % nOn];
        else if (plan[i].exif.exposureTime) plan[i].time = *plan[i].exif.exposureTime;
        else throw Error(plan[i].path.string(), "has no EXIF exposure time (give the times with --times)");
        if (plan[i].exif.width != plan[0].exif.width || plan[i].exif.height != plan[0].exif.height)
            throw Error(plan[i].path.string(), "is " + std::to_string(plan[i].exif.width) + "x" +
                                                   std::to_string(plan[i].exif.height) + ", but " +
                                                   plan[0].path.string() + " is " +
                                                   std::to_string(plan[0].exif.width) + "x" +
                                                   std::to_string(plan[0].exif.height));
    }
    bool allIso = true, allF = true;
    for (const auto& p : plan) {
        allIso = allIso && p.exif.iso.has_value();
        allF = allF && p.exif.fNumber.has_value();
    }
    exposure.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        exposure[i] = exposureValue(plan[i].time, allIso ? *plan[i].exif.iso : 1.0, allF ? *plan[i].exif.fNumber : 1.0);
    return plan;
}

} // namespace

CaptureSummary captureScene(const CaptureRequest& r, const std::function<void(double, const std::string&)>& progress,
                            const std::atomic<bool>* cancel) {
    auto report = [&](double f, const std::string& what) {
        if (progress) progress(f, what);
    };
    if (r.onFiles.empty()) throw Error("--on", "no light-on frames given");
    if (r.offFiles.empty()) throw Error("--off", "no light-off frames given");
    if (!(r.allowShift >= 0)) throw Error("--allow-shift", "must be a non-negative number of pixels");
    std::error_code ec;
    if (fs::exists(r.sceneDir, ec) && !fs::is_directory(r.sceneDir, ec))
        throw Error(r.sceneDir.string(), "exists and is not a folder");

    report(0.0, "reading EXIF");
    std::vector<double> exposure;
    const std::vector<FramePlan> plan = planFrames(r, exposure);
    const std::size_t nOn = r.onFiles.size();
    CaptureSummary s;
    s.width = plan[0].exif.width;
    s.height = plan[0].exif.height;
    // Base exposure: the middle of the on bracket (its 0 EV frame).
    std::vector<std::size_t> order(nOn);
    for (std::size_t i = 0; i < nOn; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return exposure[a] < exposure[b]; });
    const std::size_t baseIndex = order[(nOn - 1) / 2];
    const double base = exposure[baseIndex];
    s.baseExposureTime = plan[baseIndex].time;
    std::vector<double> relative(exposure.size());
    for (std::size_t i = 0; i < exposure.size(); ++i) relative[i] = exposure[i] / base;

    // A stage's start: wall clock and process CPU time.
    struct Stamp {
        std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
        std::clock_t cpu = std::clock();
    };
    auto since = [](const Stamp& t, double& wall, double& cpu) {
        wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t.wall).count();
        cpu += double(std::clock() - t.cpu) / CLOCKS_PER_SEC;
    };
    auto mergeState = [&](std::size_t first, std::size_t count, double p0, double p1, const char* name,
                          StateSummary& st) {
        auto t = Stamp{};
        // Frames are decoded a few at a time in parallel (LibRaw's demosaicing is single-threaded);
        // progress is reported between groups, on this thread.
        std::vector<BracketFrame> frames(count);
        std::vector<double> rel;
        const std::size_t group = std::size_t(std::max(1, tbb::this_task_arena::max_concurrency()));
        for (std::size_t g = 0; g < count; g += group) {
            checkCancel(cancel);
            report(p0 + (p1 - p0) * 0.5 * double(g) / double(count),
                   std::string("reading ") + name + " frame " + plan[first + g].path.filename().string());
            const std::size_t end = std::min(count, g + group);
            tbb::parallel_for(g, end, [&](std::size_t k) { frames[k] = readBracketFrame(plan[first + k].path); });
        }
        for (std::size_t i = first; i < first + count; ++i) {
            rel.push_back(relative[i]);
            st.exposureTimes.push_back(plan[i].time);
            st.relativeExposure.push_back(relative[i]);
        }
        since(t, s.seconds.read, s.cpuSeconds.read);
        t = Stamp{};
        std::vector<const BracketFrame*> ptrs;
        for (const auto& f : frames) ptrs.push_back(&f);
        const NoiseModel noise = estimateNoise(ptrs, rel, r.merge.saturation);
        since(t, s.seconds.noise, s.cpuSeconds.noise);
        t = Stamp{};
        MergedState m = mergeBracket(
            ptrs, rel, noise, r.merge,
            [&](double f) { report(p0 + (p1 - p0) * (0.5 + 0.5 * f), std::string("merging ") + name); }, cancel);
        since(t, s.seconds.merge, s.cpuSeconds.merge);
        checkCancel(cancel);
        st.clippedPixels = m.clippedPixels;
        st.disagreeingPixels = m.disagreeingPixels;
        st.noise = m.noise;
        return m;
    };
    MergedState on = mergeState(0, nOn, 0.0, 0.45, "on", s.on);
    MergedState off = mergeState(nOn, r.offFiles.size(), 0.45, 0.9, "off", s.off);

    report(0.9, "checking the on/off alignment");
    auto t = Stamp{};
    s.shift = measurePairShift(on.radiance, off.radiance, std::min(on.clipLevel, off.clipLevel));
    since(t, s.seconds.shift, s.cpuSeconds.shift);
    if (!(s.shift.magnitude() <= r.allowShift)) {
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "the off view moved by %.2f px against the on view (dx %.2f, dy %.2f), more than --allow-shift "
                      "%.2f px: the camera or scene moved between the states",
                      s.shift.magnitude(), s.shift.dx, s.shift.dy, r.allowShift);
        throw Error(r.offFiles.front().string(), buf);
    }
    checkCancel(cancel);

    t = Stamp{};
    if (r.lens == LensMode::Auto) {
        report(0.92, "correcting the lens");
        LensCorrector lens(plan[baseIndex].exif, s.width, s.height);
        s.lens = lens.profile();
        if (lens.found()) {
            lens.apply(on.radiance, on.clippedChannels, on.disagreeing);
            lens.apply(off.radiance, off.clippedChannels, off.disagreeing);
            s.lensApplied = true;
        }
    } else {
        s.lens.reason = "lens correction switched off (--lens none)";
    }
    since(t, s.seconds.lens, s.cpuSeconds.lens);
    checkCancel(cancel);

    // One clip level for the pair: above every unclipped value of either image.
    double clip = std::max(on.clipLevel, off.clipLevel);
    for (const MergedState* m : {&on, &off})
        for (std::size_t i = 0; i < m->clippedChannels.size(); ++i)
            for (int c = 0; c < 3; ++c)
                if (!(m->clippedChannels[i] & (1u << c)))
                    clip = std::max(clip, double(m->radiance.data()[3 * i + c]) * 1.0001);
    s.clipLevel = double(float(clip));
    for (MergedState* m : {&on, &off}) {
        m->clippedPixels = 0;
        m->disagreeingPixels = countSet(m->disagreeing);
        for (std::size_t i = 0; i < m->clippedChannels.size(); ++i) {
            if (!m->clippedChannels[i]) continue;
            ++m->clippedPixels;
            for (int c = 0; c < 3; ++c)
                if (m->clippedChannels[i] & (1u << c)) m->radiance.data()[3 * i + c] = float(s.clipLevel);
        }
    }
    s.on.clippedPixels = on.clippedPixels;
    s.off.clippedPixels = off.clippedPixels;
    s.on.disagreeingPixels = on.disagreeingPixels;
    s.off.disagreeingPixels = off.disagreeingPixels;
    checkCancel(cancel);

    report(0.95, "writing the scene");
    t = Stamp{};
    fs::create_directories(r.sceneDir, ec);
    if (ec) throw Error(r.sceneDir.string(), "cannot create the folder: " + ec.message());
    s.onExr = r.sceneDir / "on.exr";
    s.offExr = r.sceneDir / "off.exr";
    s.metaJson = r.sceneDir / "meta.json";
    // The meta is made first: an existing meta.json that is not a JSON object refuses the capture
    // before any image is written.
    const std::string metaText = captureMetaText(s.metaJson, s, r, plan.front().exif);
    saveExr(on.radiance, s.onExr, ExrPixelType::Float, "piz");
    saveExr(off.radiance, s.offExr, ExrPixelType::Float, "piz");
    writeFileAtomic(s.metaJson, metaText);
    if (r.writeReport) {
        s.report = r.sceneDir / "capture-report.png";
        writeCaptureReport(s.report, on, off, s);
        s.flags = r.sceneDir / "capture-flags.png";
        writeCaptureFlags(s.flags, on, off);
    }
    since(t, s.seconds.write, s.cpuSeconds.write);
    report(1.0, "done");
    return s;
}

} // namespace ll::capture
