#include "metrics/Evaluate.h"

#include "metrics/ExclusionMasks.h"
#include "metrics/Gradient.h"
#include "metrics/Lfe.h"
#include "metrics/LightSignal.h"
#include "metrics/LowSignalMask.h"
#include "metrics/MaskedGather.h"
#include "metrics/Psnr.h"
#include "metrics/QuantisationUncertainty.h"
#include "metrics/RatioImage.h"
#include "metrics/Sie.h"
#include "metrics/Ssim.h"
#include "util/Error.h"

#include <tbb/parallel_for.h>

#include <cstdio>

namespace ll {
namespace {

const char* kChannelNames[3] = {"R", "G", "B"};

void checkInputs(const EvalInputs& in) {
    if (!in.on || !in.off || !in.edit) throw Error("evaluation", "the on, off and edit images are all required");
    const int W = in.on->width(), H = in.on->height();
    if (W <= 0 || H <= 0) throw Error("evaluation", "empty image");
    auto same = [&](int w, int h, const std::string& what) {
        if (w != W || h != H)
            throw Error(what, "size " + std::to_string(w) + "x" + std::to_string(h) + " differs from " +
                                  std::to_string(W) + "x" + std::to_string(H));
    };
    same(in.off->width(), in.off->height(), in.off->info.path.empty() ? "off image" : in.off->info.path);
    same(in.edit->width(), in.edit->height(), in.edit->info.path.empty() ? "edit" : in.edit->info.path);
    if (in.editCodes) {
        same(in.editCodes->width, in.editCodes->height, "edit codes");
        if (in.editCodes->rgb.size() != in.on->floatCount()) throw Error("edit codes", "wrong number of values");
    }
    if (in.window) same(in.window->width(), in.window->height(), "window mask");
    if (in.editClipped) same(in.editClipped->width(), in.editClipped->height(), "clipped-edit mask");
    for (const auto& [name, m] : in.regions) same(m.width(), m.height(), "region '" + name + "'");
    if (!(in.k > 0.0f) || !std::isfinite(in.k)) throw Error("evaluation", "k must be a positive finite number");
}

// The union of the explicit window mask and a "window" region.
Mask windowMask(const EvalInputs& in) {
    Mask w(in.on->width(), in.on->height(), 0);
    auto add = [&](const Mask& m) {
        for (std::size_t i = 0; i < w.size(); ++i) w[i] |= m[i] ? 1 : 0;
    };
    if (in.window) add(*in.window);
    if (auto it = in.regions.find("window"); it != in.regions.end()) add(it->second);
    return w;
}

struct Reasons {
    std::string text;
    void add(const std::string& r) { text += (text.empty() ? "" : "; ") + r; }
};

std::string madReason(const char* what, const RgbStats& s, double floor) {
    std::string chans;
    for (int c = 0; c < 3; ++c)
        if (s[std::size_t(c)].floored) chans += kChannelNames[c];
    char buf[160];
    std::snprintf(buf, sizeof buf, "MAD of %s below %g in channel %s", what, floor, chans.c_str());
    return buf;
}

bool anyFloored(const RgbStats& s) { return s[0].floored || s[1].floored || s[2].floored; }

void classicScores(const EvalInputs& in, const MetricParams& p, const ModelImagePath& path, EvalScores& s) {
    const Image& target = in.task == Task::On ? *in.on : *in.off;
    const Image targetSeen = path.encode(target, in.k);
    Image editSeen;
    if (in.editCodes) { // the edit exactly as the model returned it
        editSeen = Image(in.editCodes->width, in.editCodes->height);
        for (std::size_t i = 0; i < editSeen.floatCount(); ++i) editSeen.data()[i] = in.editCodes->rgb[i] / 255.0f;
    } else {
        editSeen = path.encode(*in.edit, in.k);
    }
    s.psnr = psnr(editSeen, targetSeen);
    s.ssim = ssim(editSeen, targetSeen, SsimParams{p.ssimSigma, p.ssimTruncate, p.ssimK1, p.ssimK2});
}

} // namespace

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, bool keepMaps) {
    checkInputs(in);
    const Image& on = *in.on;
    const Image& off = *in.off;
    const Image& edit = *in.edit;
    const Image& denominator = in.task == Task::On ? off : on;
    const Image& realNumerator = in.task == Task::On ? on : off;
    const int W = on.width(), H = on.height();

    EvalResult result;
    EvalScores& s = result.scores;
    s.width = W;
    s.height = H;
    s.task = in.task;
    Reasons reasons;
    std::optional<ModelImagePath> ownPath;
    if (!in.modelPath) ownPath.emplace(ColourConfig::builtin());
    const ModelImagePath& path = in.modelPath ? *in.modelPath : *ownPath;

    // --- validity mask -------------------------------------------------------------------------
    FloatPlane L = lightSignal(on, off);
    ValidityMasks vm;
    vm.nonFinite = nonFiniteMask(on, off, edit);
    vm.nonPositiveDenominator = nonPositiveDenominatorMask(denominator);
    vm.clippedReal = clippedRealMask(on, off, in.clipLevel);
    vm.clippedEdit = in.editClipped ? *in.editClipped
                                    : clippedEditMask(edit, in.editCodes, in.k, params.editClipCode,
                                                      params.editClipLevel);
    LowSignal low = lowSignalMask(L, params);
    vm.lowSignal = std::move(low.excluded);
    vm.window = windowMask(in);
    combineExclusions(vm);
    s.validPixels = vm.validPixels;
    s.validFraction = double(vm.validPixels) / double(on.pixelCount());
    s.excludedByFirstReason = vm.firstReasonCounts;
    s.lowSignalThreshold = low.threshold;
    if (!keepMaps) low.blurred = FloatPlane();
    if (!(low.percentile > 0.0)) reasons.add("the real pair shows no added light (P99 of the blurred light map is 0)");

    IntensityBands bands = intensityBands(L, vm.omega, params.bandEdgesPercent);
    s.bandMaxSignal = bands.maxSignal;
    if (params.computeClassic) classicScores(in, params, path, s);

    EvalMaps maps;
    const bool empty = vm.validPixels == 0;
    if (empty) reasons.add("empty validity mask (no valid pixel)");

    // --- SIE and SIE1 --------------------------------------------------------------------------
    const std::vector<std::size_t> omegaOffsets = maskRowOffsets(vm.omega);
    Image ER = ratioImage(realNumerator, denominator, vm.omega);
    Image EG = ratioImage(edit, denominator, vm.omega);
    FloatPlane sieAbs;
    bool sieDefined = false;
    if (!empty) {
        s.ratioRealStats = channelStats(ER, vm.omega, omegaOffsets, params.madFloor);
        s.ratioEditStats = channelStats(EG, vm.omega, omegaOffsets, params.madFloor);
        const bool realDeg = anyFloored(s.ratioRealStats), editDeg = anyFloored(s.ratioEditStats);
        if (realDeg) reasons.add(madReason("E_R", s.ratioRealStats, params.madFloor));
        if (editDeg) reasons.add(madReason("E_G", s.ratioEditStats, params.madFloor));
        SieMaps sm;
        sm.absMean = &sieAbs;
        if (keepMaps) {
            sm.signedPerChannel = &maps.siePerChannel;
            sm.signedMean = &maps.sieMap;
            sm.standardisedReal = &maps.standardisedReal;
            sm.standardisedEdit = &maps.standardisedEdit;
        }
        const SieResult sie = computeSie(ER, EG, vm.omega, s.ratioRealStats, s.ratioEditStats, sm);
        sieDefined = !(realDeg && params.nullWhenRealDegenerate);
        if (sieDefined) {
            s.sie = sie.sie;
            s.sie1 = sie.sie1;
            for (std::size_t c = 0; c < 3; ++c) {
                s.siePerChannel[c] = sie.perChannel[c];
                s.sie1PerChannel[c] = sie.sie1PerChannel[c];
            }
        }
    }

    // --- LFE -----------------------------------------------------------------------------------
    Mask domain = gradientDomain(vm.omega);
    Image MR = gradientMagnitude(ER, domain);
    Image MG = gradientMagnitude(EG, domain);
    if (keepMaps) {
        maps.ratioReal = std::move(ER);
        maps.ratioEdit = std::move(EG);
    } else if (!params.computeUncertainty) {
        ER = Image();
    }
    EG = Image();
    LfeResult lfe = computeLfe(MR, MG, domain, params.lfeGradientPercentile, params.madFloor);
    if (!keepMaps) MG = Image();
    bool lfeDefined = false;
    if (!empty) {
        RgbStats lr, lg;
        for (std::size_t c = 0; c < 3; ++c) {
            lr[c] = lfe.channels[c].real;
            lg[c] = lfe.channels[c].edit;
        }
        bool omega80Empty = false;
        for (const auto& ch : lfe.channels) omega80Empty |= ch.pixels == 0;
        if (lfe.domainPixels == 0)
            reasons.add("empty gradient domain (no valid pixel with 4 valid neighbours)");
        else if (omega80Empty)
            reasons.add("empty Omega80 in some channel");
        const bool realDeg = !omega80Empty && anyFloored(lr);
        if (realDeg) reasons.add(madReason("M_R over Omega80", lr, params.madFloor));
        if (!omega80Empty && anyFloored(lg)) reasons.add(madReason("M_G over Omega80", lg, params.madFloor));
        lfeDefined = !omega80Empty && lfe.domainPixels > 0 && !(realDeg && params.nullWhenRealDegenerate);
        if (lfeDefined) {
            s.lfe = lfeOf(lfe);
            for (std::size_t c = 0; c < 3; ++c) s.lfePerChannel[c] = lfe.channels[c].value;
        }
    }

    // --- regions and bands ---------------------------------------------------------------------
    ErrorPlanes ep;
    ep.omega = &vm.omega;
    ep.sieAbs = sieDefined ? &sieAbs : nullptr;
    ep.lfeSigned = lfeDefined ? &lfe.signedDiff : nullptr;
    ep.omega80 = &lfe.omega80;
    for (const auto& [name, mask] : in.regions)
        if (name != "window") s.regions[name] = scoreRegion(ep, mask, params.minRegionPixels);
    const std::vector<RegionScore> bandScores =
        scoreLabels(ep, bands.labels, int(bands.keys.size()), params.minRegionPixels);
    for (std::size_t i = 0; i < bands.keys.size(); ++i) s.bands[bands.keys[i]] = bandScores[i];

    // --- 8-bit quantisation uncertainty ----------------------------------------------------------
    if (params.computeUncertainty && in.editCodes && !empty) {
        McFixed f;
        f.ratioReal = keepMaps ? &maps.ratioReal : &ER;
        f.gradientReal = &MR;
        f.realStats = &s.ratioRealStats;
        f.omega = &vm.omega;
        f.omegaRowOffsets = &omegaOffsets;
        f.gradientDomain = &domain;
        f.denominator = &denominator;
        f.codes = in.editCodes;
        f.k = in.k;
        f.path = &path;
        f.nullWhenRealDegenerate = params.nullWhenRealDegenerate;
        const McSummary mc = quantisationUncertainty(f, params);
        s.uncertainty = QuantisationUncertainty{mc.draws, mc.sieStd, mc.lfeStd, mc.sie1Std};
    }

    s.degenerate = !reasons.text.empty();
    s.degenerateReason = reasons.text;

    if (keepMaps) {
        if (maps.sieMap.empty()) { // empty Omega: zero maps of the right size
            maps.siePerChannel = Image(W, H);
            maps.sieMap = FloatPlane(W, H);
            maps.standardisedReal = Image(W, H);
            maps.standardisedEdit = Image(W, H);
        }
        maps.gradientReal = std::move(MR);
        maps.gradientEdit = std::move(MG);
        maps.lfePerChannel = std::move(lfe.signedDiff);
        maps.lfeMap = FloatPlane(W, H);
        tbb::parallel_for(0, H, [&](int y) {
            for (int x = 0; x < W; ++x) {
                const float* d = maps.lfePerChannel.pixel(x, y);
                maps.lfeMap(x, y) = float((double(d[0]) + d[1] + d[2]) / 3.0);
            }
        });
        maps.masks = std::move(vm);
        maps.gradientDomain = std::move(domain);
        maps.omega80 = std::move(lfe.omega80);
        maps.bandLabels = std::move(bands.labels);
        maps.bandKeys = bands.keys;
        maps.lightSignal = std::move(L);
        maps.blurredSignal = std::move(low.blurred);
        maps.lowSignalThreshold = low.threshold;
        result.maps = std::move(maps);
    }
    return result;
}

} // namespace ll
