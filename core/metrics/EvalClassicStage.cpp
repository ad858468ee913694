// classicStage (EvalRun.h): PSNR and SSIM (Psnr.h, Ssim.h) between the edit as the model returned it
// (its 8-bit codes / 255 when it has them, else the linear edit encoded) and the real target as the
// model would have seen it (ModelImagePath::encode with k).
#include "metrics/EvalRun.h"

#include "metrics/Psnr.h"
#include "image/Ssim.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace ll {
namespace {

constexpr std::size_t kEncodeBlock = 16384; // pixels: ColourConfig::convert's block (the same splits)

// Pixels [p0, p1) of an image as the model saw it, 3 floats per pixel into out: `seen` itself when
// given, else the 8-bit codes / 255 when given, else `linear` encoded (ModelImagePath::encode with k)
// in the blocks of kEncodeBlock pixels the encoding of the whole image uses, so the same bits.
void seenPixels(const Image* linear, const Image* seen, const Codes8* codes, const ModelImagePath& path, float k,
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
    const std::size_t N = linear->pixelCount();
    for (std::size_t b = p0 / kEncodeBlock; b * kEncodeBlock < p1; ++b) {
        const std::size_t b0 = b * kEncodeBlock, b1 = std::min(N, b0 + kEncodeBlock);
        Image block(int(b1 - b0), 1);
        std::copy(linear->data() + 3 * b0, linear->data() + 3 * b1, block.data());
        const Image encoded = path.encode(block, k);
        const std::size_t from = std::max(p0, b0), to = std::min(p1, b1);
        std::copy(encoded.data() + 3 * (from - b0), encoded.data() + 3 * (to - b0), out + 3 * (from - p0));
    }
}

// Rows per request of the low-memory pass: at least 8 of the encoding's blocks (a request encodes the
// whole blocks its pixels fall in), at least 16 rows.
int rowsPerRequest(int W) {
    const std::size_t blocks = 8 * kEncodeBlock;
    return std::max<int>(16, int((blocks + std::size_t(W) - 1) / std::size_t(std::max(1, W))));
}

// PSNR and SSIM as classicStage computes them, without the two images as the model saw them held
// whole: SSIM asks for them a group of rows at a time (ssimOfRows), and PSNR's row sums are taken from
// the same rows (a row asked for twice, at the edge of a thread's band, is summed once). The same
// bits as psnr() and ssim().
void lowMemoryClassic(EvalRun& run, const Image& target, const Image* targetSeen) {
    const EvalInputs& in = run.in;
    const MetricParams& p = run.params;
    const ModelImagePath& path = run.modelPath();
    const int W = run.W, H = run.H;
    std::vector<double> rows(std::size_t(H), 0.0);
    std::vector<std::atomic<std::uint8_t>> summed(static_cast<std::size_t>(H));
    auto seenRows = [&](int y0, int y1, float* e, float* t) {
        const std::size_t p0 = std::size_t(y0) * std::size_t(W), p1 = std::size_t(y1) * std::size_t(W);
        seenPixels(in.edit, nullptr, in.editCodes, path, in.k, p0, p1, e);
        seenPixels(&target, targetSeen, nullptr, path, in.k, p0, p1, t);
        for (int y = y0; y < y1; ++y)
            if (!summed[std::size_t(y)].exchange(1)) {
                const std::size_t at = 3 * std::size_t(y - y0) * std::size_t(W);
                rows[std::size_t(y)] = psnrRowSum(e + at, t + at, W);
            }
    };
    const int group = std::min(H, rowsPerRequest(W));
    run.scores.ssim = ssimOfRows(W, H, group, seenRows,
                                 SsimParams{p.ssimSigma, p.ssimTruncate, p.ssimK1, p.ssimK2}, &run.ws.ssim);
    if (!run.scores.ssim) { // smaller than SSIM's window: no row was asked for, and PSNR needs them all
        tbb::parallel_for(0, (H + group - 1) / group, [&](int g) {
            const int y0 = g * group, y1 = std::min(H, y0 + group);
            std::vector<float> e(3 * std::size_t(y1 - y0) * std::size_t(W)), t(e.size());
            seenRows(y0, y1, e.data(), t.data());
        });
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
