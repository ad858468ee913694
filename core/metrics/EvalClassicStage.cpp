// classicStage (EvalRun.h): PSNR and SSIM (Psnr.h, Ssim.h) between the edit as the model returned it
// (its 8-bit codes / 255 when it has them, else the linear edit encoded) and the real target as the
// model would have seen it (ModelImagePath::encode with k).
#include "metrics/EvalRun.h"

#include "metrics/Psnr.h"
#include "image/Ssim.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace ll {
namespace {

constexpr std::size_t kEncodeBlock = 16384; // pixels: ColourConfig::convert's block (the same splits)
constexpr int kGroupRows = 64;              // rows per task of the low-memory passes

// Pixels [p0, p1) of an image as the model saw it, 3 floats per pixel into out: `seen` itself when
// given, else the 8-bit codes / 255 when given, else `linear` encoded (ModelImagePath::encode with k)
// in the blocks of kEncodeBlock pixels the encoding of the whole image uses, so the same bits.
void seenPixels(const Image& linear, const Image* seen, const Codes8* codes, const ModelImagePath& path, float k,
                std::size_t p0, std::size_t p1, float* out) {
    if (seen) {
        std::copy(seen->data() + 3 * p0, seen->data() + 3 * p1, out);
        return;
    }
    if (codes) {
        const std::uint8_t* c = codes->rgb.data();
        for (std::size_t i = 3 * p0; i < 3 * p1; ++i) out[i - 3 * p0] = c[i] / 255.0f;
        return;
    }
    const std::size_t N = linear.pixelCount();
    for (std::size_t b = p0 / kEncodeBlock; b * kEncodeBlock < p1; ++b) {
        const std::size_t b0 = b * kEncodeBlock, b1 = std::min(N, b0 + kEncodeBlock);
        Image block(int(b1 - b0), 1);
        std::copy(linear.data() + 3 * b0, linear.data() + 3 * b1, block.data());
        const Image encoded = path.encode(block, k);
        const std::size_t from = std::max(p0, b0), to = std::min(p1, b1);
        std::copy(encoded.data() + 3 * (from - b0), encoded.data() + 3 * (to - b0), out + 3 * (from - p0));
    }
}

// PSNR and SSIM as classicStage computes them, without the two images as the model saw them held
// whole: a pass per channel over groups of rows fills one plane of each (PSNR's row sums on the
// first), then SSIM takes that channel (ssimByChannel). The same bits as psnr() and ssim().
void lowMemoryClassic(EvalRun& run, const Image& target, const Image* targetSeen) {
    const EvalInputs& in = run.in;
    const MetricParams& p = run.params;
    const ModelImagePath& path = run.modelPath();
    const int W = run.W, H = run.H;
    std::vector<double> rows(std::size_t(H), 0.0);
    const int groups = (H + kGroupRows - 1) / kGroupRows;
    auto pass = [&](int c, FloatPlane& editPlane, FloatPlane& targetPlane) {
        tbb::parallel_for(0, groups, [&](int g) {
            const int y0 = g * kGroupRows, y1 = std::min(H, y0 + kGroupRows);
            const std::size_t p0 = std::size_t(y0) * std::size_t(W), p1 = std::size_t(y1) * std::size_t(W);
            std::vector<float> e(3 * (p1 - p0)), t(3 * (p1 - p0));
            seenPixels(*in.edit, nullptr, in.editCodes, path, in.k, p0, p1, e.data());
            seenPixels(target, targetSeen, nullptr, path, in.k, p0, p1, t.data());
            for (std::size_t i = 0; i < p1 - p0; ++i) {
                editPlane[p0 + i] = e[3 * i + std::size_t(c)];
                targetPlane[p0 + i] = t[3 * i + std::size_t(c)];
            }
            if (c == 0)
                for (int y = y0; y < y1; ++y) {
                    const std::size_t at = 3 * std::size_t(y - y0) * std::size_t(W);
                    rows[std::size_t(y)] = psnrRowSum(e.data() + at, t.data() + at, W);
                }
        });
    };
    bool rowsDone = false;
    auto planes = [&](int c, FloatPlane& editPlane, FloatPlane& targetPlane) {
        pass(c, editPlane, targetPlane);
        rowsDone |= c == 0;
    };
    run.scores.ssim = ssimByChannel(W, H, planes, SsimParams{p.ssimSigma, p.ssimTruncate, p.ssimK1, p.ssimK2}, &run.ws.ssim);
    if (!rowsDone) { // smaller than SSIM's window: no SSIM, but PSNR
        FloatPlane editPlane(W, H), targetPlane(W, H);
        pass(0, editPlane, targetPlane);
    }
    run.scores.psnr = psnrOfRowSums(rows, run.N);
}

} // namespace

void classicStage(EvalRun& run) {
    const EvalInputs& in = run.in;
    const MetricParams& p = run.params;
    const ModelImagePath& path = run.modelPath();
    EvalWorkspace& ws = run.ws;
    EvalScores& s = run.scores;
    const Image& target = in.task == Task::On ? *in.on : *in.off;
    if (in.lowMemory && (!in.editCodes || (in.editCodes->width == run.W && in.editCodes->height == run.H))) {
        lowMemoryClassic(run, target, in.targetSeen);
        return;
    }
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

} // namespace ll
