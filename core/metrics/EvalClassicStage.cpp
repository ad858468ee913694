// classicStage (EvalRun.h): PSNR and SSIM (Psnr.h, Ssim.h) between the edit as the model returned it
// (its 8-bit codes / 255 when it has them, else the linear edit encoded) and the real target as the
// model would have seen it (ModelImagePath::encode with k).
#include "metrics/EvalRun.h"

#include "metrics/Psnr.h"
#include "image/Ssim.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <optional>

namespace ll {

void classicStage(EvalRun& run) {
    const EvalInputs& in = run.in;
    const MetricParams& p = run.params;
    const ModelImagePath& path = run.modelPath();
    EvalWorkspace& ws = run.ws;
    EvalScores& s = run.scores;
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

} // namespace ll
