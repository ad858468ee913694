#include "metrics/Evaluate.h"

#include "metrics/BandPairMask.h"
#include "metrics/EvalStages.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/ExclusionMasks.h"
#include "image/GaussianBlur.h"
#include "metrics/GradientThreshold.h"
#include "metrics/Gradient.h"
#include "metrics/Lfe.h"
#include "metrics/LightSignal.h"
#include "metrics/LowSignalMask.h"
#include "metrics/MaskedGather.h"
#include "metrics/Psnr.h"
#include "metrics/QuantisationUncertainty.h"
#include "metrics/RatioImage.h"
#include "image/RecursiveGaussian.h"
#include "metrics/Sie.h"
#include "metrics/Ssim.h"
#include "util/Error.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    if (in.targetSeen) same(in.targetSeen->width(), in.targetSeen->height(), "encoded target");
    if (in.blurredLight) same(in.blurredLight->width(), in.blurredLight->height(), "blurred light signal");
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

void classicScores(const EvalInputs& in, const MetricParams& p, const ModelImagePath& path, EvalScores& s,
                   EvalWorkspace& ws) {
    const Image& target = in.task == Task::On ? *in.on : *in.off;
    std::optional<Image> ownTarget;
    if (!in.targetSeen) ownTarget = path.encode(target, in.k);
    const Image& targetSeen = in.targetSeen ? *in.targetSeen : *ownTarget;
    std::optional<Image> encoded;
    if (in.editCodes) { // the edit exactly as the model returned it
        Image& e = ws.editSeen;
        if (e.width() != in.editCodes->width || e.height() != in.editCodes->height)
            e = Image(in.editCodes->width, in.editCodes->height);
        const std::uint8_t* c = in.editCodes->rgb.data();
        float* d = e.data();
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, e.floatCount(), 1 << 16), [&](const auto& r) {
            for (std::size_t i = r.begin(); i < r.end(); ++i) d[i] = c[i] / 255.0f;
        });
    } else {
        encoded = path.encode(*in.edit, in.k);
    }
    const Image& editSeen = in.editCodes ? ws.editSeen : *encoded;
    s.psnr = psnr(editSeen, targetSeen);
    s.ssim = ssim(editSeen, targetSeen, SsimParams{p.ssimSigma, p.ssimTruncate, p.ssimK1, p.ssimK2}, &ws.ssim);
}

bool anyNonFinite(const float* p) { return !std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2]); }

// The light signal L (LightSignal.h) and the first failing reason among those that do not need the
// blur (non_finite, non_positive_denominator, clipped_real, clipped_edit; else window or valid), in one
// pass over the images.
void lightAndReasons(const EvalInputs& in, const Image& den, const MetricParams& p, EvalWorkspace& ws) {
    const Image& on = *in.on;
    const Image& off = *in.off;
    const Image& edit = *in.edit;
    const int W = on.width(), H = on.height();
    const Mask* winA = in.window;
    const auto wr = in.regions.find("window");
    const Mask* winB = wr != in.regions.end() ? &wr->second : nullptr;
    const std::optional<float> clip = in.clipLevel;
    const std::optional<float> editLevel = p.editClipLevel;
    const int clipCode = p.editClipCode;
    const float k = in.k;
    ws.rowPairMax.assign(std::size_t(H), 0.0);
    tbb::parallel_for(0, H, [&](int y) {
        const float* a = on.pixel(0, y);
        const float* b = off.pixel(0, y);
        const float* g = edit.pixel(0, y);
        const float* d = den.pixel(0, y);
        float* L = ws.light.row(y);
        std::uint8_t* r = ws.reason.row(y);
        const std::size_t i0 = std::size_t(y) * std::size_t(W);
        double pairMax = 0.0;
        for (int x = 0; x < W; ++x, a += 3, b += 3, g += 3, d += 3) {
            double s = 0.0;
            for (int c = 0; c < 3; ++c) s += std::max(double(a[c]) - double(b[c]), 0.0);
            const float v = float(s / 3.0);
            L[x] = std::isfinite(v) ? v : 0.0f;
            const std::size_t i = i0 + std::size_t(x);
            const bool window = (winA && (*winA)[i]) || (winB && (*winB)[i]);
            if (std::isfinite(v) && double(v) > pairMax && inBandPairMask(a, b, k, clip, window)) pairMax = v;
            std::uint8_t reason = 0;
            if (anyNonFinite(a) || anyNonFinite(b) || anyNonFinite(g))
                reason = std::uint8_t(ExclusionReason::NonFinite);
            else if (!(d[0] > 0.0f) || !(d[1] > 0.0f) || !(d[2] > 0.0f))
                reason = std::uint8_t(ExclusionReason::NonPositiveDenominator);
            else if (clip && (a[0] >= *clip || a[1] >= *clip || a[2] >= *clip || b[0] >= *clip || b[1] >= *clip ||
                              b[2] >= *clip))
                reason = std::uint8_t(ExclusionReason::ClippedReal);
            else {
                bool clipped = false;
                if (in.editClipped)
                    clipped = (*in.editClipped)[i] != 0;
                else if (in.editCodes) {
                    const std::uint8_t* q = in.editCodes->rgb.data() + i * 3;
                    clipped = q[0] == clipCode || q[1] == clipCode || q[2] == clipCode;
                } else if (editLevel)
                    clipped = k * g[0] >= *editLevel || k * g[1] >= *editLevel || k * g[2] >= *editLevel;
                if (clipped)
                    reason = std::uint8_t(ExclusionReason::ClippedEdit);
                else if (window)
                    reason = std::uint8_t(ExclusionReason::Window);
            }
            r[x] = reason;
        }
        ws.rowPairMax[std::size_t(y)] = pairMax;
    });
}

// The final reason: the blur-free reasons 1-4 first, then low signal, then window.
inline std::uint8_t finalReason(std::uint8_t prelim, bool low) {
    if (prelim != 0 && prelim != std::uint8_t(ExclusionReason::Window)) return prelim;
    return low ? std::uint8_t(ExclusionReason::LowSignal) : prelim;
}

// E_R and E_G of row y in double (0 outside Omega): E_R,c of pixel x at [3x + c], E_G,c at
// [3W + 3x + c]; from the thread's cache of its last three rows. Double, so that the gradient
// magnitudes keep the order of the exact ones (GradientThreshold.h).
const double* ratioRow(EvalWorkspace& ws, const Image& num, const Image& edit, const Image& den, int y) {
    EvalWorkspace::RowScratch& rr = ws.rowScratch.local();
    const std::size_t slot = std::size_t(y % 3);
    std::vector<double>& row = rr.rows[slot];
    if (rr.rowOf[slot] == y) return row.data();
    const int W = num.width();
    const std::size_t n = 3 * std::size_t(W);
    row.resize(2 * n);
    const float* a = num.pixel(0, y);
    const float* g = edit.pixel(0, y);
    const float* d = den.pixel(0, y);
    const std::uint8_t* m = ws.omega.row(y);
    double* er = row.data();
    double* eg = row.data() + n;
    for (std::size_t f = 0; f < n; ++f) { // vectorisable; invalid pixels are zeroed below
        er[f] = double(a[f]) / double(d[f]);
        eg[f] = double(g[f]) / double(d[f]);
    }
    for (int x = 0; x < W; ++x)
        if (!m[x])
            for (int c = 0; c < 3; ++c) er[3 * x + c] = eg[3 * x + c] = 0.0;
    rr.rowOf[slot] = y;
    return row.data();
}

void forgetRatioRows(EvalWorkspace& ws) {
    for (auto& rr : ws.rowScratch) rr.rowOf = {-1, -1, -1};
}

// M = sqrt(gx^2 + gy^2) at values f in [3, n - 3) of one half (E_R or E_G) of ratio rows up, mid, dn
// (3 values per pixel), gx = (mid[f + 3] - mid[f - 3]) / 2, gy = (dn[f] - up[f]) / 2 in double, the
// result rounded to float (gradientMagnitudeAt's arithmetic, GradientThreshold.h); four at a time
// where SSE2 is available (the same operations on pairs of doubles).
void gradientMagnitudeSpan(const double* up, const double* mid, const double* dn, std::size_t n, float* out) {
    std::size_t f = 3;
#if defined(__SSE2__)
    const __m128d half = _mm_set1_pd(0.5);
    auto magnitude = [&](std::size_t i) {
        const __m128d gx = _mm_mul_pd(_mm_sub_pd(_mm_loadu_pd(mid + i + 3), _mm_loadu_pd(mid + i - 3)), half);
        const __m128d gy = _mm_mul_pd(_mm_sub_pd(_mm_loadu_pd(dn + i), _mm_loadu_pd(up + i)), half);
        return _mm_cvtpd_ps(_mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(gx, gx), _mm_mul_pd(gy, gy))));
    };
    for (; f + 7 <= n; f += 4) _mm_storeu_ps(out + f, _mm_movelh_ps(magnitude(f), magnitude(f + 2)));
#endif
    for (; f + 3 < n; ++f) {
        const double gx = (mid[f + 3] - mid[f - 3]) * 0.5;
        const double gy = (dn[f] - up[f]) * 0.5;
        out[f] = float(std::sqrt(gx * gx + gy * gy));
    }
}

// Channel c's values a[3x + c] (into column c) and b[3x + c] (column 3 + c) of the pixels x < W whose
// keep[x] has bit `bit`, as float, each column contiguous (for BracketSelect::Emit::span); returns
// their number.
template <typename T>
std::size_t gatherChannel(const T* a, const T* b, int c, const std::uint8_t* keep, int bit, int W,
                          EvalWorkspace::RowScratch& sc) {
    std::vector<float>& colA = sc.columns[std::size_t(c)];
    std::vector<float>& colB = sc.columns[std::size_t(3 + c)];
    colA.resize(std::size_t(W));
    colB.resize(std::size_t(W));
    float* ca = colA.data();
    float* cb = colB.data();
    std::size_t n = 0;
    for (int x = 0; x < W; ++x) { // branch-free: always written, kept by advancing n
        ca[n] = float(a[3 * x + c]);
        cb[n] = float(b[3 * x + c]);
        n += (keep[x] >> bit) & 1u;
    }
    return n;
}

// Sets 0-5: the medians of the six sampled quantities; sets 6-11: their MADs. The brackets of the six
// are found in parallel (each set's own sample, its own slots in sel).
void setMedianAndMadTargets(BracketSelect& sel, std::array<std::vector<float>, 6>& samples) {
    tbb::parallel_for(0, 6, [&](int j) {
        sel.setTarget(j, 50.0, samples[std::size_t(j)]);
        sel.setDeviationTarget(6 + j, j, samples[std::size_t(j)]);
    });
}

inline bool inDomain(const Mask& omega, int x, int y) {
    const int W = omega.width(), H = omega.height();
    if (x < 1 || y < 1 || x >= W - 1 || y >= H - 1) return false;
    const std::uint8_t* mid = omega.row(y);
    return mid[x] && mid[x - 1] && mid[x + 1] && omega.row(y - 1)[x] && omega.row(y + 1)[x];
}

ChannelStats statsFrom(std::size_t n, double median, double mad, double madFloor) {
    ChannelStats s;
    s.count = n;
    if (n == 0) {
        s.floored = true;
        s.scale = madFloor;
        return s;
    }
    s.median = median;
    s.mad = mad;
    s.floored = !(mad >= madFloor);
    s.scale = s.floored ? madFloor : mad;
    return s;
}

} // namespace

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, bool keepMaps) {
    return evaluate(in, params, keepMaps ? KeptMaps::All : KeptMaps::None);
}

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, KeptMaps kept) {
    EvalWorkspace ws;
    return evaluate(in, params, kept, ws);
}

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, bool keepMaps, EvalWorkspace& ws) {
    return evaluate(in, params, keepMaps ? KeptMaps::All : KeptMaps::None, ws);
}

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, KeptMaps kept, EvalWorkspace& ws) {
    checkInputs(in);
    const bool keepMaps = kept != KeptMaps::None;
    const bool perChannelMaps = kept == KeptMaps::All;
    const Image& on = *in.on;
    const Image& off = *in.off;
    const Image& edit = *in.edit;
    const Image& denominator = in.task == Task::On ? off : on;
    const Image& realNumerator = in.task == Task::On ? on : off;
    const int W = on.width(), H = on.height();
    const std::size_t N = on.pixelCount();
    const std::vector<std::string> bandKeyList = bandKeys(params.bandEdgesPercent);
    const std::size_t nBands = bandKeyList.size();

    EvalResult result;
    EvalScores& s = result.scores;
    s.width = W;
    s.height = H;
    s.task = in.task;
    Reasons reasons;
    std::optional<ModelImagePath> ownPath;
    if (!in.modelPath) ownPath.emplace(ColourConfig::builtin());
    const ModelImagePath& path = in.modelPath ? *in.modelPath : *ownPath;
    ws.ensureSize(W, H);
    forgetRatioRows(ws);
    const std::size_t samples = sampleCount(N);
    EvalMaps maps;
    maps.compact = kept == KeptMaps::Compact;

    const std::vector<const char*> stages = evalStages(params);
    int stageNumber = 0;
    auto stage = [&](const char* name) {
        if (in.onStage) in.onStage(stageNumber, int(stages.size()), name);
        ++stageNumber;
    };

    // --- validity mask -------------------------------------------------------------------------
    stage(kStageValidity);
    lightAndReasons(in, denominator, params, ws);
    const double sigma = params.lowSignalSigmaFraction * double(std::max(W, H));
    if (in.blurredLight)
        ; // the caller's, for this pair
    else if (params.blurMethod == BlurMethod::ExactKernel)
        ws.blurred = gaussianBlurExact(ws.light, sigma, params.lowSignalTruncate);
    else
        gaussianBlurRecursive(ws.light, sigma, ws.blurred);
    const FloatPlane& blurred = in.blurredLight ? *in.blurredLight : ws.blurred;
    BracketSelect& sel = ws.select;
    {
        std::vector<float>& smp = ws.samples[0];
        sampleStratified(N, samples, 1, smp, [&](std::size_t i, float* out) {
            out[0] = blurred[i];
            return true;
        });
        sel.reset(1);
        sel.setTarget(0, params.lowSignalPercentile, smp);
        sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) { emit.span(0, blurred.row(y), std::size_t(W)); });
    }
    const double p99 = sel.percentile(0);
    const double threshold = params.lowSignalFraction * p99;
    const bool noLight = !(p99 > 0.0);
    auto isLow = [&](std::size_t i) { return noLight || !(double(blurred[i]) >= threshold); };
    s.lowSignalThreshold = threshold;
    if (noLight) reasons.add("the real pair shows no added light (P99 of the blurred light map is 0)");

    // Final reasons, Omega and the counts; in the same pass the medians of E_R and E_G.
    const std::uint8_t clippedEdit = std::uint8_t(ExclusionReason::ClippedEdit);
    const auto windowRegion = in.regions.find("window");
    auto inWindow = [&, winB = windowRegion != in.regions.end() ? &windowRegion->second : nullptr](std::size_t i) {
        return (in.window && (*in.window)[i]) || (winB && (*winB)[i]);
    };
    if (perChannelMaps) maps.masks.lowSignal = Mask(W, H);
    ws.rowReasonCounts.assign(std::size_t(H), {});
    ws.rowPairOnly.assign(std::size_t(H), 0);
    sampleStratified(N, samples, 6, ws.sampleTuples, [&](std::size_t i, float* out) {
        if (finalReason(ws.reason[i], isLow(i)) != 0) return false;
        const float* a = realNumerator.data() + 3 * i;
        const float* g = edit.data() + 3 * i;
        const float* d = denominator.data() + 3 * i;
        for (int c = 0; c < 3; ++c) {
            out[c] = a[c] / d[c];
            out[3 + c] = g[c] / d[c];
        }
        return true;
    });
    for (int j = 0; j < 6; ++j) tupleColumn(ws.sampleTuples, 6, j, ws.samples[std::size_t(j)]);
    sel.reset(12); // medians of E_R,c and E_G,c (sets 0-5) and their MADs (sets 6-11)
    setMedianAndMadTargets(sel, ws.samples);
    sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) {
        std::array<std::size_t, 8> counts{};
        std::size_t pairOnly = 0;
        const std::size_t i0 = std::size_t(y) * std::size_t(W);
        std::uint8_t* r = ws.reason.row(y);
        std::uint8_t* om = ws.omega.row(y);
        for (int x = 0; x < W; ++x) {
            const bool low = isLow(i0 + std::size_t(x));
            if (perChannelMaps) maps.masks.lowSignal[i0 + std::size_t(x)] = low ? 1 : 0;
            // r[x] holds the blur-free reason on the first run and the final one on a repeat run;
            // finalReason gives the same for both.
            const std::uint8_t reason = finalReason(r[x], low);
            r[x] = reason;
            om[x] = reason == 0 ? 1 : 0;
            if (reason != 0) ++counts[reason]; // rare: valid pixels are counted below
            // A pixel that only the edit's clipping excludes (the pair alone would keep it).
            if (reason == clippedEdit && !low && !inWindow(i0 + std::size_t(x))) ++pairOnly;
        }
        counts[0] = std::size_t(W);
        for (std::size_t k = 1; k < counts.size(); ++k) counts[0] -= counts[k];
        const double* E = ratioRow(ws, realNumerator, edit, denominator, y);
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
        for (int c = 0; c < 3; ++c) {
            const std::size_t n = gatherChannel(E, E + 3 * std::size_t(W), c, om, 0, W, sc);
            emit.pairSpan(c, 6 + c, sc.columns[std::size_t(c)].data(), n);
            emit.pairSpan(3 + c, 9 + c, sc.columns[std::size_t(3 + c)].data(), n);
        }
        ws.rowReasonCounts[std::size_t(y)] = counts;
        ws.rowPairOnly[std::size_t(y)] = pairOnly;
    });
    s.excludedByFirstReason.fill(0);
    double maxSignal = 0.0; // max_P(L): the band partition is a property of the real pair alone
    std::size_t pairOnlyPixels = 0;
    for (int y = 0; y < H; ++y) {
        for (int k = 0; k < kExclusionReasonCount; ++k)
            s.excludedByFirstReason[std::size_t(k)] += ws.rowReasonCounts[std::size_t(y)][std::size_t(k)];
        maxSignal = std::max(maxSignal, ws.rowPairMax[std::size_t(y)]);
        pairOnlyPixels += ws.rowPairOnly[std::size_t(y)];
    }
    s.validPixels = s.excludedByFirstReason[0];
    s.validFraction = double(s.validPixels) / double(N);
    s.bandMaxSignal = maxSignal;
    const bool empty = s.validPixels == 0;
    Reasons editReasons; // what makes the edit itself a failure (spec "Standardisation")
    if (empty) {
        reasons.add("empty validity mask (no valid pixel)");
        if (pairOnlyPixels > 0)
            editReasons.add("the edit is clipped (code " + std::to_string(params.editClipCode) +
                            ") wherever the real pair is valid");
    }
    if (params.computeClassic) {
        stage(kStageClassic);
        classicScores(in, params, path, s, ws);
    }

    if (!empty)
        for (std::size_t c = 0; c < 3; ++c) {
            s.ratioRealStats[c] = statsFrom(s.validPixels, sel.median(int(c)), sel.median(int(6 + c)), params.madFloor);
            s.ratioEditStats[c] = statsFrom(s.validPixels, sel.median(int(3 + c)), sel.median(int(9 + c)), params.madFloor);
        }
    const bool realDegE = !empty && anyFloored(s.ratioRealStats);
    if (!empty) {
        if (realDegE) reasons.add(madReason("E_R", s.ratioRealStats, params.madFloor));
        if (anyFloored(s.ratioEditStats)) {
            const std::string r = madReason("E_G", s.ratioEditStats, params.madFloor);
            reasons.add(r);
            // The edit's fault only where the real side has structure to compare with.
            if (!realDegE) editReasons.add(r + " (a blank, constant or flat edit)");
        }
    }
    // An edit whose own standardisation is undefined has no score (paper 3.3 divides by the MAD).
    bool sieDefined = !empty && !(realDegE && params.nullWhenRealDegenerate) && editReasons.text.empty();

    // --- SIE, SIE1, Omega-nabla, M_R, M_G, bands, region sums; P80 of M_R, M_G ----------------------
    stage(kStageSie);
    std::vector<const Mask*> regionMasks;
    std::vector<std::string> regionNames;
    for (const auto& [name, mask] : in.regions)
        if (name != "window") {
            regionMasks.push_back(&mask);
            regionNames.push_back(name);
        }
    if (ws.regionRuns.size() < regionMasks.size()) ws.regionRuns.resize(regionMasks.size());
    for (std::size_t k = 0; k < regionMasks.size(); ++k) ws.regionRuns[k].assign(*regionMasks[k]);
    const int labelCount = int(nBands + regionMasks.size());
    ws.regions.reset(labelCount, H);
    const bool ratioMaps = keepMaps;
    if (keepMaps) {
        maps.ratioReal = Image(W, H);
        maps.ratioEdit = Image(W, H);
        maps.sieMap = FloatPlane(W, H);
        maps.standardisedRealMean = FloatPlane(W, H);
        maps.standardisedEditMean = FloatPlane(W, H);
        if (perChannelMaps) {
            maps.siePerChannel = Image(W, H);
            maps.standardisedReal = Image(W, H);
            maps.standardisedEdit = Image(W, H);
        }
    }
    ws.rowSums.assign(std::size_t(H), {});
    {
        sampleStratified(N, samples, 6, ws.sampleTuples, [&](std::size_t i, float* out) {
            const int x = int(i % std::size_t(W)), y = int(i / std::size_t(W));
            if (!inDomain(ws.omega, x, y)) return false;
            const std::size_t iu = i - std::size_t(W), id = i + std::size_t(W);
            for (int j = 0; j < 6; ++j) {
                const float* nm = (j < 3 ? realNumerator : edit).data() + j % 3;
                const float* dn = denominator.data() + j % 3;
                auto e = [&](std::size_t q) { return double(nm[3 * q]) / double(dn[3 * q]); };
                const double gx = (e(i + 1) - e(i - 1)) * 0.5;
                const double gy = (e(id) - e(iu)) * 0.5;
                out[j] = float(std::sqrt(gx * gx + gy * gy));
            }
            return true;
        });
        for (int j = 0; j < 6; ++j) tupleColumn(ws.sampleTuples, 6, j, ws.samples[std::size_t(j)]);
    }
    sel.reset(6);
    tbb::parallel_for(0, 6, [&](int j) { sel.setTarget(j, params.lfeGradientPercentile, ws.samples[std::size_t(j)]); });
    std::array<Standardiser, 3> sr, sg;
    for (std::size_t c = 0; c < 3; ++c) {
        sr[c] = Standardiser(s.ratioRealStats[c]);
        sg[c] = Standardiser(s.ratioEditStats[c]);
    }
    const BandClassifier bandOf(params.bandEdgesPercent, maxSignal);
    sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) {
        const double* E = ratioRow(ws, realNumerator, edit, denominator, y);
        const bool inner = y >= 1 && y < H - 1;
        const double* Eu = inner ? ratioRow(ws, realNumerator, edit, denominator, y - 1) : nullptr;
        const double* Ed = inner ? ratioRow(ws, realNumerator, edit, denominator, y + 1) : nullptr;
        const std::uint8_t* om = ws.omega.row(y);
        std::uint8_t* dom = ws.domain.row(y);
        std::uint8_t* band = ws.bands.row(y);
        float* mr = ws.gradReal.pixel(0, y);
        float* mg = ws.gradEdit.pixel(0, y);
        const float* L = ws.light.row(y);
        RegionSums::Cell* cells = ws.regions.row(y);
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();

        // M_R, M_G of the row, then Omega-nabla; M is 0 outside Omega-nabla.
        std::fill(dom, dom + W, std::uint8_t(0));
        const std::size_t n3 = 3 * std::size_t(W);
        if (inner) {
            gradientMagnitudeSpan(Eu, E, Ed, n3, mr);
            gradientMagnitudeSpan(Eu + n3, E + n3, Ed + n3, n3, mg);
            const std::uint8_t* omU = ws.omega.row(y - 1);
            const std::uint8_t* omD = ws.omega.row(y + 1);
            for (int x = 1; x < W - 1; ++x) {
                if (om[x] && om[x - 1] && om[x + 1] && omU[x] && omD[x]) {
                    dom[x] = 1;
                } else {
                    float* r = mr + 3 * x;
                    float* g = mg + 3 * x;
                    r[0] = r[1] = r[2] = g[0] = g[1] = g[2] = 0.0f;
                }
            }
            for (std::size_t f : {std::size_t(0), n3 - 3})
                for (std::size_t c = 0; c < 3; ++c) mr[f + c] = mg[f + c] = 0.0f;
            for (int c = 0; c < 3; ++c) {
                const std::size_t nd = gatherChannel(mr, mg, c, dom, 0, W, sc);
                emit.span(c, sc.columns[std::size_t(c)].data(), nd);
                emit.span(3 + c, sc.columns[std::size_t(3 + c)].data(), nd);
            }
        } else {
            std::fill(mr, mr + n3, 0.0f);
            std::fill(mg, mg + n3, 0.0f);
        }

        // Bands, SIE and SIE1 sums, mean_c |D_c| per pixel of Omega (0 elsewhere).
        for (int x = 0; x < W; ++x) band[x] = bandOf(L[x]);
        if (ratioMaps)
            for (int x = 0; x < W; ++x)
                for (int c = 0; c < 3; ++c) {
                    maps.ratioReal.at(x, y, c) = float(E[3 * x + c]);
                    maps.ratioEdit.at(x, y, c) = float(E[3 * W + 3 * x + c]);
                }
        sc.sieAbs.assign(std::size_t(W), 0.0f);
        float* sieAbs = sc.sieAbs.data();
        std::array<double, 6> sums{};
        if (!empty)
            for (int x = 0; x < W; ++x) {
                if (!om[x]) continue;
                double sumSigned = 0.0, sumAbs = 0.0, sumR = 0.0, sumG = 0.0;
                for (int c = 0; c < 3; ++c) {
                    const double r = E[3 * x + c], g = E[3 * W + 3 * x + c];
                    const Standardiser& fr = sr[std::size_t(c)];
                    const Standardiser& fg = sg[std::size_t(c)];
                    const double zr = fr(r), zg = fg(g);
                    const double dd = zr - zg;
                    const double d1 = fr.aroundOne(r) - fg.aroundOne(g);
                    sums[std::size_t(c)] += std::abs(dd);
                    sums[std::size_t(3 + c)] += std::abs(d1);
                    sumSigned += dd;
                    sumAbs += std::abs(dd);
                    sumR += zr;
                    sumG += zg;
                    if (perChannelMaps) {
                        maps.siePerChannel.at(x, y, c) = float(dd);
                        maps.standardisedReal.at(x, y, c) = float(zr);
                        maps.standardisedEdit.at(x, y, c) = float(zg);
                    }
                }
                if (keepMaps) {
                    maps.sieMap(x, y) = float(sumSigned / 3.0);
                    maps.standardisedRealMean(x, y) = float(sumR / 3.0);
                    maps.standardisedEditMean(x, y) = float(sumG / 3.0);
                }
                sieAbs[x] = float(sumAbs / 3.0);
            }

        // Band sums over runs of one band (no dependency through memory from pixel to pixel), then
        // one sweep per region.
        std::size_t runPixels = 0;
        double runSie = 0.0;
        std::uint8_t runBand = kNoBand;
        auto flush = [&] {
            if (runBand < nBands) {
                cells[runBand].pixels += runPixels;
                cells[runBand].sie += runSie;
            }
            runPixels = 0;
            runSie = 0.0;
        };
        for (int x = 0; x < W; ++x) {
            if (!om[x]) continue;
            if (band[x] != runBand) {
                flush();
                runBand = band[x];
            }
            ++runPixels;
            runSie += sieAbs[x];
        }
        flush();
        for (std::size_t k = 0; k < regionMasks.size(); ++k) {
            std::size_t pixels = 0;
            double sum = 0.0;
            for (const PixelRun& run : ws.regionRuns[k].row(y))
                for (int x = run.begin; x < run.end; ++x) {
                    pixels += om[x];
                    sum += sieAbs[x]; // 0 outside Omega
                }
            cells[nBands + k].pixels += pixels;
            cells[nBands + k].sie += sum;
        }
        ws.rowSums[std::size_t(y)] = sums;
    });
    if (!empty) {
        std::array<double, 6> total{};
        for (int y = 0; y < H; ++y)
            for (std::size_t j = 0; j < 6; ++j) total[j] += ws.rowSums[std::size_t(y)][j];
        if (sieDefined) {
            const double n = double(s.validPixels);
            for (std::size_t c = 0; c < 3; ++c) {
                s.siePerChannel[c] = total[c] / n;
                s.sie1PerChannel[c] = total[3 + c] / n;
            }
            s.sie = (*s.siePerChannel[0] + *s.siePerChannel[1] + *s.siePerChannel[2]) / 3.0;
            s.sie1 = (*s.sie1PerChannel[0] + *s.sie1PerChannel[1] + *s.sie1PerChannel[2]) / 3.0;
        }
    }

    // --- LFE: Omega80 and the medians of M over it, then the MADs, then the sums -------------------
    stage(kStageLfe);
    const std::size_t domainPixels = sel.count(0);
    std::array<double, 3> pR{}, pG{};
    std::array<ChannelStats, 3> lr, lg;
    std::array<std::size_t, 3> n80{};
    if (domainPixels > 0) {
        for (std::size_t c = 0; c < 3; ++c) {
            pR[c] = sel.percentile(int(c));
            pG[c] = sel.percentile(int(3 + c));
        }
        // M <= P (float against double) as a float comparison: the largest float not above P.
        std::array<float, 3> tR{}, tG{};
        auto floorFloat = [](double p) {
            float f = float(p);
            if (double(f) > p) f = std::nextafter(f, -INFINITY);
            return f;
        };
        for (std::size_t c = 0; c < 3; ++c) {
            tR[c] = floorFloat(pR[c]);
            tG[c] = floorFloat(pG[c]);
        }
        // Pixels whose float M equals the threshold's order statistic are decided in double.
        const std::array<GradientThreshold, 6> exactT =
            gradientThresholds(sel, ws.domain, ws.gradReal, ws.gradEdit, realNumerator, edit, denominator);
        bool anySplit = false;
        for (const GradientThreshold& g : exactT) anySplit |= g.split;
        const std::vector<float>& t = ws.sampleTuples;
        for (auto& v : ws.samples) v.clear();
        for (std::size_t q = 0; q < t.size(); q += 6)
            for (std::size_t c = 0; c < 3; ++c)
                if (double(t[q + c]) <= pR[c] && double(t[q + 3 + c]) <= pG[c]) {
                    ws.samples[c].push_back(t[q + c]);
                    ws.samples[3 + c].push_back(t[q + 3 + c]);
                }
        sel.reset(12); // medians of M_R,c and M_G,c over Omega80_c (sets 0-5) and their MADs (6-11)
        setMedianAndMadTargets(sel, ws.samples);
        sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) {
            const std::uint8_t* dom = ws.domain.row(y);
            const float* mr = ws.gradReal.pixel(0, y);
            const float* mg = ws.gradEdit.pixel(0, y);
            std::uint8_t* bits = ws.omega80Bits.row(y);
            for (int x = 0; x < W; ++x) {
                std::uint8_t b = 0;
                for (int c = 0; c < 3; ++c)
                    b |= std::uint8_t((mr[3 * x + c] <= tR[std::size_t(c)] && mg[3 * x + c] <= tG[std::size_t(c)]) << c);
                b = dom[x] ? b : 0;
                for (int c = 0; anySplit && b && c < 3; ++c) { // rare: a float tie straddles the threshold
                    const GradientThreshold& r = exactT[std::size_t(c)];
                    const GradientThreshold& g = exactT[std::size_t(3 + c)];
                    if (((b >> c) & 1u) &&
                        ((r.split && mr[3 * x + c] == r.value &&
                          !r.admits(mr[3 * x + c], [&] { return gradientMagnitudeAt(realNumerator, denominator, x, y, c); })) ||
                         (g.split && mg[3 * x + c] == g.value &&
                          !g.admits(mg[3 * x + c], [&] { return gradientMagnitudeAt(edit, denominator, x, y, c); }))))
                        b &= std::uint8_t(~(1u << c));
                }
                bits[x] = b;
            }
            EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
            for (int c = 0; c < 3; ++c) {
                const std::size_t n = gatherChannel(mr, mg, c, bits, c, W, sc);
                emit.pairSpan(c, 6 + c, sc.columns[std::size_t(c)].data(), n);
                emit.pairSpan(3 + c, 9 + c, sc.columns[std::size_t(3 + c)].data(), n);
            }
        });
        for (std::size_t c = 0; c < 3; ++c) {
            n80[c] = sel.count(int(c));
            lr[c] = statsFrom(n80[c], sel.median(int(c)), sel.median(int(6 + c)), params.madFloor);
            lg[c] = statsFrom(n80[c], sel.median(int(3 + c)), sel.median(int(9 + c)), params.madFloor);
        }
    } else {
        for (std::size_t c = 0; c < 3; ++c) lr[c] = lg[c] = statsFrom(0, 0.0, 0.0, params.madFloor);
        tbb::parallel_for(0, H, [&](int y) { std::fill(ws.omega80Bits.row(y), ws.omega80Bits.row(y) + W, 0); });
    }
    bool lfeDefined = false;
    bool omega80Empty = false;
    for (std::size_t c = 0; c < 3; ++c) omega80Empty |= n80[c] == 0;
    if (!empty) {
        if (domainPixels == 0)
            reasons.add("empty gradient domain (no valid pixel with 4 valid neighbours)");
        else if (omega80Empty)
            reasons.add("empty Omega80 in some channel");
        const bool realDeg = !omega80Empty && anyFloored(lr);
        if (realDeg) reasons.add(madReason("M_R over Omega80", lr, params.madFloor));
        if (!omega80Empty && anyFloored(lg)) {
            const std::string r = madReason("M_G over Omega80", lg, params.madFloor);
            reasons.add(r);
            if (!realDeg) editReasons.add(r + " (an edit without gradients)");
        }
        lfeDefined = !omega80Empty && domainPixels > 0 && !(realDeg && params.nullWhenRealDegenerate) &&
                     editReasons.text.empty();
    }
    if (!editReasons.text.empty()) sieDefined = false; // a failed edit has no score at all
    if (perChannelMaps) maps.lfePerChannel = Image(W, H);
    if (keepMaps) maps.lfeMap = FloatPlane(W, H);
    s.gradientRealStats = lr;
    s.gradientEditStats = lg;
    std::array<Standardiser, 3> zr, zg;
    for (std::size_t c = 0; c < 3; ++c) {
        zr[c] = Standardiser(lr[c]);
        zg[c] = Standardiser(lg[c]);
    }
    tbb::parallel_for(0, H, [&](int y) {
        const std::uint8_t* bits = ws.omega80Bits.row(y);
        const std::uint8_t* band = ws.bands.row(y);
        const float* mr = ws.gradReal.pixel(0, y);
        const float* mg = ws.gradEdit.pixel(0, y);
        RegionSums::Cell* cells = ws.regions.row(y);
        std::array<double, 6>& sums = ws.rowSums[std::size_t(y)];
        sums = {};
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
        sc.lfeAbs.resize(3 * std::size_t(W));
        float* lfeAbs = sc.lfeAbs.data(); // |S(M_R,c) - S(M_G,c)| as float, 0 outside Omega80_c
        for (int x = 0; x < W; ++x) { // branch-free: computed everywhere, kept on Omega80_c
            float df[3];
            for (int c = 0; c < 3; ++c) {
                const double d = zr[std::size_t(c)](mr[3 * x + c]) - zg[std::size_t(c)](mg[3 * x + c]);
                const bool in = (bits[x] >> c) & 1u;
                sums[std::size_t(c)] += in ? std::abs(d) : 0.0;
                df[c] = in ? float(d) : 0.0f;
            }
            if (keepMaps && bits[x]) {
                if (perChannelMaps)
                    for (int c = 0; c < 3; ++c) maps.lfePerChannel.at(x, y, c) = df[c];
                maps.lfeMap(x, y) = float((double(df[0]) + df[1] + df[2]) / 3.0);
            }
            for (int c = 0; c < 3; ++c) lfeAbs[3 * x + c] = std::abs(df[c]);
        }
        if (!lfeDefined) return;

        // Band sums over runs of one band, then one sweep per region (as for SIE above).
        struct Acc {
            std::array<std::size_t, 3> pixels{};
            std::array<double, 3> sum{};
            void add(std::uint8_t b, const float* v) {
                for (int c = 0; c < 3; ++c) {
                    pixels[std::size_t(c)] += (b >> c) & 1u;
                    sum[std::size_t(c)] += double(v[c]); // 0 outside Omega80_c
                }
            }
            void into(RegionSums::Cell& cell) {
                for (std::size_t c = 0; c < 3; ++c) {
                    cell.lfePixels[c] += pixels[c];
                    cell.lfe[c] += sum[c];
                }
                *this = {};
            }
        };
        Acc run;
        std::uint8_t runBand = kNoBand;
        for (int x = 0; x < W; ++x) {
            if (!bits[x]) continue;
            if (band[x] != runBand) {
                if (runBand < nBands) run.into(cells[runBand]);
                run = {};
                runBand = band[x];
            }
            run.add(bits[x], lfeAbs + 3 * x);
        }
        if (runBand < nBands) run.into(cells[runBand]);
        for (std::size_t k = 0; k < regionMasks.size(); ++k) {
            Acc acc;
            for (const PixelRun& run : ws.regionRuns[k].row(y))
                for (int x = run.begin; x < run.end; ++x) acc.add(bits[x], lfeAbs + 3 * x);
            acc.into(cells[nBands + k]);
        }
    });
    if (!sieDefined) {
        s.sie = s.sie1 = std::nullopt;
        s.siePerChannel = s.sie1PerChannel = {};
    }
    if (lfeDefined) {
        double lfeSum = 0.0;
        for (std::size_t c = 0; c < 3; ++c) {
            double sum = 0.0;
            for (int y = 0; y < H; ++y) sum += ws.rowSums[std::size_t(y)][c];
            s.lfePerChannel[c] = sum / double(n80[c]);
            lfeSum += *s.lfePerChannel[c];
        }
        s.lfe = lfeSum / 3.0;
    }

    // --- regions and bands ---------------------------------------------------------------------
    stage(kStageRegions);
    const std::vector<RegionScore> regionScores = ws.regions.scores(sieDefined, lfeDefined, params.minRegionPixels);
    for (std::size_t b = 0; b < nBands; ++b) s.bands[bandKeyList[b]] = regionScores[b];
    for (std::size_t k = 0; k < regionNames.size(); ++k) s.regions[regionNames[k]] = regionScores[nBands + k];

    // --- 8-bit quantisation uncertainty ----------------------------------------------------------
    const Codes8* mcCodes = in.editCodes ? in.editCodes : in.editSourceCodes;
    if (params.computeUncertainty && mcCodes && !empty && sieDefined) {
        stage(kStageUncertainty);
        const Image ER = ratioImage(realNumerator, denominator, ws.omega);
        const std::vector<std::size_t> omegaOffsets = maskRowOffsets(ws.omega);
        McFixed f;
        f.ratioReal = &ER;
        f.gradientReal = &ws.gradReal;
        f.realStats = &s.ratioRealStats;
        f.omega = &ws.omega;
        f.omegaRowOffsets = &omegaOffsets;
        f.gradientDomain = &ws.domain;
        f.denominator = &denominator;
        f.codes = mcCodes;
        if (!in.editCodes) f.resizeTo = std::make_pair(W, H);
        f.k = in.k;
        f.path = &path;
        f.nullWhenRealDegenerate = params.nullWhenRealDegenerate;
        const McSummary mc = quantisationUncertainty(f, params);
        s.uncertainty = QuantisationUncertainty{mc.draws, mc.sieStd, mc.lfeStd, mc.sie1Std};
    }

    s.degenerate = !reasons.text.empty();
    s.degenerateReason = reasons.text;
    s.editFailure = !editReasons.text.empty();
    s.editFailureReason = editReasons.text;

    if (keepMaps) {
        ValidityMasks& vm = maps.masks;
        if (perChannelMaps) {
            vm.nonFinite = nonFiniteMask(on, off, edit);
            vm.nonPositiveDenominator = nonPositiveDenominatorMask(denominator);
            vm.clippedReal = clippedRealMask(on, off, in.clipLevel);
            vm.clippedEdit = in.editClipped ? *in.editClipped
                                            : clippedEditMask(edit, in.editCodes, in.k, params.editClipCode,
                                                              params.editClipLevel);
            vm.window = windowMask(in);
        }
        vm.reason = std::move(ws.reason);
        vm.omega = std::move(ws.omega);
        vm.validPixels = s.validPixels;
        vm.firstReasonCounts = s.excludedByFirstReason;
        maps.gradientReal = std::move(ws.gradReal);
        maps.gradientEdit = std::move(ws.gradEdit);
        if (perChannelMaps) maps.gradientDomain = std::move(ws.domain);
        for (int c = 0; c < 3; ++c) {
            Mask m(W, H);
            for (std::size_t i = 0; i < N; ++i) m[i] = (ws.omega80Bits[i] >> c) & 1u;
            maps.omega80[std::size_t(c)] = std::move(m);
        }
        maps.bandLabels = std::move(ws.bands);
        maps.bandKeys = bandKeyList;
        maps.lightSignal = std::move(ws.light);
        if (perChannelMaps) maps.blurredSignal = in.blurredLight ? *in.blurredLight : std::move(ws.blurred);
        maps.lowSignalThreshold = threshold;
        result.maps = std::move(maps);
    }
    return result;
}

} // namespace ll
