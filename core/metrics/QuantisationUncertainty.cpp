#include "metrics/QuantisationUncertainty.h"

#include "image/Resample.h"

#include "util/DrawRng.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll {
namespace {

std::optional<double> sampleStd(const std::vector<std::optional<double>>& v) {
    std::vector<double> x;
    for (const auto& o : v)
        if (o && std::isfinite(*o)) x.push_back(*o);
    if (x.size() < 2 || x.size() != v.size()) return std::nullopt;
    double mean = 0.0;
    for (double a : x) mean += a;
    mean /= double(x.size());
    double ss = 0.0;
    for (double a : x) ss += (a - mean) * (a - mean);
    return std::sqrt(ss / double(x.size() - 1));
}

} // namespace

Image perturbedEdit(const Codes8& codes, const ModelImagePath& path, float k, std::uint64_t seed, int draw) {
    Image enc(codes.width, codes.height);
    tbb::parallel_for(0, codes.height, [&](int y) {
        // Row y of draw `draw` has its own generator (util/DrawRng.h).
        auto rng = drawRng(seed, RngStream::Quantisation, std::uint64_t(draw) * std::uint64_t(codes.height) + std::uint64_t(y));
        const std::size_t i0 = std::size_t(y) * codes.width * 3;
        float* o = enc.pixel(0, y);
        for (std::size_t i = 0; i < std::size_t(codes.width) * 3; ++i) {
            const double v = (double(codes.rgb[i0 + i]) - 0.5 + uniform01(rng)) / 255.0;
            o[i] = float(std::clamp(v, 0.0, 1.0));
        }
    });
    enc.info.isFloat = true; // continuous values: linearised through OCIO, not the code table
    enc.info.bitsPerSample = 32;
    return path.decode(enc, k);
}

McScores scoreDraw(const McFixed& f, const Image& edit, const MetricParams& params, EvalWorkspace& workspace) {
    EvalInputs in;
    const EvalInputs& fixed = *f.inputs;
    in.on = fixed.on;
    in.off = fixed.off;
    in.edit = &edit;
    in.editClipped = f.clippedEdit;
    in.task = fixed.task;
    in.k = fixed.k;
    in.window = fixed.window;
    if (auto w = fixed.regionMasks().find("window"); w != fixed.regionMasks().end()) in.regions.insert(*w);
    in.clipLevel = fixed.clipLevel;
    in.blurredLight = f.blurredLight;
    in.light = f.light;
    in.blurredPercentile = f.blurredPercentile;
    MetricParams p = params;
    p.computeClassic = false;
    p.computeUncertainty = false;
    const EvalScores s = evaluate(in, p, KeptMaps::None, workspace).scores;
    return McScores{s.sie, s.lfe, s.sie1};
}

McSummary quantisationUncertainty(const McFixed& f, const MetricParams& params) {
    McSummary out;
    out.draws = std::max(0, params.uncertaintyDraws);
    if (!f.inputs || !f.codes || !f.path || out.draws < 2) return out;
    std::vector<McScores> draws(std::size_t(out.draws));
    EvalWorkspacePool workspaces;
    tbb::parallel_for(0, out.draws, [&](int d) {
        Image edit = perturbedEdit(*f.codes, *f.path, f.inputs->k, params.uncertaintySeed, d);
        if (f.resizeTo) edit = resampleLinear(edit, f.resizeTo->first, f.resizeTo->second);
        EvalWorkspacePool::Lease ws(workspaces);
        draws[std::size_t(d)] = scoreDraw(f, edit, params, **ws);
    });
    std::vector<std::optional<double>> sie, lfe, sie1;
    for (const auto& d : draws) {
        sie.push_back(d.sie);
        lfe.push_back(d.lfe);
        sie1.push_back(d.sie1);
    }
    out.sieStd = sampleStd(sie);
    out.lfeStd = sampleStd(lfe);
    out.sie1Std = sampleStd(sie1);
    return out;
}

} // namespace ll
