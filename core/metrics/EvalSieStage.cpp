// sieStage (EvalRun.h), spec "SIE" and "Gradient domain": one pass over the ratio rows that computes
// per pixel of Omega D_c = S(E_R,c) - S(E_G,c) and D1_c (SIE1), sums |D_c| per channel, per intensity
// band and per region; in the same pass the gradient magnitudes M_R, M_G (central differences on the
// ratio rows, 0 outside Omega-nabla), Omega-nabla itself, and the brackets of P80 of M_R,c and M_G,c
// (ws.select sets 0-5, from a stratified sample) for lfeStage.
#include "metrics/EvalRun.h"

#include "metrics/EvalRowKernels.h"
#include "metrics/EvalRows.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>


namespace ll {
namespace {

inline bool inDomain(const Mask& omega, int x, int y) {
    const int W = omega.width(), H = omega.height();
    if (x < 1 || y < 1 || x >= W - 1 || y >= H - 1) return false;
    const std::uint8_t* mid = omega.row(y);
    return mid[x] && mid[x - 1] && mid[x + 1] && omega.row(y - 1)[x] && omega.row(y + 1)[x];
}

} // namespace

void sieStage(EvalRun& run) {
    const MetricParams& params = run.params;
    EvalWorkspace& ws = run.ws;
    EvalScores& s = run.scores;
    EvalMaps& maps = run.maps;
    const int W = run.W, H = run.H;
    const std::size_t N = run.N;
    const Image& realNumerator = run.numerator;
    const EditPixels& edit = run.edit;
    const Image& denominator = run.denominator;
    const std::size_t nBands = run.bandKeys.size();
    // KeptMaps::All: finishRun moves M_R and M_G into the maps, and this pass fills E_R, E_G, the SIE
    // map, the means of S(E) and the per-channel maps (compact maps leave them to EvalDerivedMaps and
    // pixelMetrics).
    const bool allMaps = run.perChannelMaps;
    const bool empty = run.empty;
    const std::vector<const Mask*>& regionMasks = run.regionMasks;

    if (ws.regionRuns.size() < regionMasks.size()) ws.regionRuns.resize(regionMasks.size());
    for (std::size_t k = 0; k < regionMasks.size(); ++k) ws.regionRuns[k].assign(*regionMasks[k]);
    const int labelCount = int(nBands + regionMasks.size());
    ws.regions.reset(labelCount, H);
    if (allMaps) {
        maps.ratioReal = Image(W, H);
        maps.ratioEdit = Image(W, H);
        maps.sieMap = FloatPlane(W, H);
        maps.standardisedRealMean = FloatPlane(W, H);
        maps.standardisedEditMean = FloatPlane(W, H);
        maps.siePerChannel = Image(W, H);
        maps.standardisedReal = Image(W, H);
        maps.standardisedEdit = Image(W, H);
    }
    ws.rowSums.assign(std::size_t(H), {});
    {
        sampleStratified(N, run.samples, 6, ws.sampleTuples, [&](std::size_t i, float* out) {
            const int x = int(i % std::size_t(W)), y = int(i / std::size_t(W));
            if (!inDomain(ws.omega, x, y)) return false;
            const std::size_t iu = i - std::size_t(W), id = i + std::size_t(W);
            for (int j = 0; j < 6; ++j) {
                const int c = j % 3;
                const float* nm = realNumerator.data() + c;
                const float* dn = denominator.data() + c;
                auto e = [&](std::size_t q) {
                    return double(j < 3 ? nm[3 * q] : edit.value(q, c)) / double(dn[3 * q]);
                };
                const double gx = (e(i + 1) - e(i - 1)) * 0.5;
                const double gy = (e(id) - e(iu)) * 0.5;
                out[j] = float(std::sqrt(gx * gx + gy * gy));
            }
            return true;
        }, [&](std::size_t i) { // the pixel and its four neighbours in the three images
            if (i < std::size_t(W) || i + std::size_t(W) >= N) return;
            for (const std::size_t q : {i - std::size_t(W), i, i + std::size_t(W)}) {
                __builtin_prefetch(realNumerator.data() + 3 * q);
                edit.prefetch(q);
                __builtin_prefetch(denominator.data() + 3 * q);
            }
        });
        for (int j = 0; j < 6; ++j) tupleColumn(ws.sampleTuples, 6, j, ws.samples[std::size_t(j)]);
    }
    BracketSelect& sel = ws.select;
    sel.reset(6);
    tbb::parallel_for(0, 6, [&](int j) { sel.setTarget(j, params.lfeGradientPercentile, ws.samples[std::size_t(j)]); });
    const ChannelStandardisers z = standardisersOf(s.ratioRealStats, s.ratioEditStats);
    const BandClassifier bandOf(params.bandEdgesPercent, s.bandMaxSignal);
    sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) {
        const double* E = ratioRow(ws, realNumerator, edit, denominator, y);
        const bool inner = y >= 1 && y < H - 1;
        const double* Eu = inner ? ratioRow(ws, realNumerator, edit, denominator, y - 1) : nullptr;
        const double* Ed = inner ? ratioRow(ws, realNumerator, edit, denominator, y + 1) : nullptr;
        const std::uint8_t* om = ws.omega.row(y);
        std::uint8_t* dom = ws.domain.row(y);
        std::uint8_t* band = ws.bands.row(y);
        const float* L = run.light().row(y);
        RegionSums::Cell* cells = ws.regions.row(y);
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();

        // M_R, M_G of the row (into the gradient images, or into the thread's scratch when they are not
        // stored: the later passes compute them again), then Omega-nabla. Only the values on
        // Omega-nabla are read by the later stages; kept gradient maps are 0 outside it.
        const std::size_t n3 = 3 * std::size_t(W);
        float* mr;
        float* mg;
        if (run.gradientsStored) {
            mr = ws.gradReal.pixel(0, y);
            mg = ws.gradEdit.pixel(0, y);
        } else {
            sc.gradR.resize(n3);
            sc.gradE.resize(n3);
            sc.gradientRow = -1; // partly written below
            mr = sc.gradR.data();
            mg = sc.gradE.data();
        }
        if (inner) {
            gradientMagnitudeSpan(Eu, E, Ed, n3, mr);
            gradientMagnitudeSpan(Eu + n3, E + n3, Ed + n3, n3, mg);
            domainSpan(ws.omega.row(y - 1), om, ws.omega.row(y + 1), W, dom);
            if (allMaps)
                for (int x = 0; x < W; ++x)
                    if (!dom[x]) {
                        float* r = mr + 3 * x;
                        float* g = mg + 3 * x;
                        r[0] = r[1] = r[2] = g[0] = g[1] = g[2] = 0.0f;
                    }
            std::array<std::size_t, 3> nd{};
            compactInto(mr, dom, {0, 0, 0}, W, sc, 0, nd);
            compactInto(mg, dom, {0, 0, 0}, W, sc, 3, nd);
            for (int c = 0; c < 3; ++c) {
                emit.span(c, sc.columns[std::size_t(c)].data(), nd[std::size_t(c)]);
                emit.span(3 + c, sc.columns[std::size_t(3 + c)].data(), nd[std::size_t(c)]);
            }
        } else {
            std::fill(dom, dom + W, std::uint8_t(0));
            if (allMaps) {
                std::fill(mr, mr + n3, 0.0f);
                std::fill(mg, mg + n3, 0.0f);
            }
        }

        // Bands, SIE and SIE1 sums, mean_c |D_c| per pixel of Omega (0 elsewhere).
        bandOf.classify(L, std::size_t(W), band);
        if (allMaps)
            for (int x = 0; x < W; ++x)
                for (int c = 0; c < 3; ++c) {
                    maps.ratioReal.at(x, y, c) = float(E[3 * x + c]);
                    maps.ratioEdit.at(x, y, c) = float(E[3 * W + 3 * x + c]);
                }
        sc.sieAbs.assign(std::size_t(W), 0.0f);
        float* sieAbs = sc.sieAbs.data();
        std::array<double, 6> sums{};
        if (!empty) {
            for (auto* v : {&sc.absD, &sc.absD1}) v->resize(n3);
            if (allMaps)
                for (auto* v : {&sc.diff, &sc.zr, &sc.zg}) v->resize(n3);
            sieDifferences(E, E + n3, om, W, z, sc.absD.data(), sc.absD1.data(), sieAbs, sc.diff.data(),
                           allMaps ? sc.zr.data() : nullptr, sc.zg.data());
            const double* absD = sc.absD.data();
            const double* absD1 = sc.absD1.data();
            for (int x = 0; x < W; ++x) {
                if (!om[x]) continue;
                for (std::size_t c = 0; c < 3; ++c) {
                    sums[c] += absD[3 * std::size_t(x) + c];
                    sums[3 + c] += absD1[3 * std::size_t(x) + c];
                }
            }
            if (allMaps)
                for (int x = 0; x < W; ++x) {
                    if (!om[x]) continue;
                    const std::size_t f = 3 * std::size_t(x);
                    for (int c = 0; c < 3; ++c) {
                        maps.siePerChannel.at(x, y, c) = float(sc.diff[f + std::size_t(c)]);
                        maps.standardisedReal.at(x, y, c) = float(sc.zr[f + std::size_t(c)]);
                        maps.standardisedEdit.at(x, y, c) = float(sc.zg[f + std::size_t(c)]);
                    }
                    maps.sieMap(x, y) = channelMean(&sc.diff[f]);
                    maps.standardisedRealMean(x, y) = channelMean(&sc.zr[f]);
                    maps.standardisedEditMean(x, y) = channelMean(&sc.zg[f]);
                }
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
            for (const PixelRun& span : ws.regionRuns[k].row(y))
                for (int x = span.begin; x < span.end; ++x) {
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
        if (run.sieDefined) {
            const double n = double(s.validPixels);
            for (std::size_t c = 0; c < 3; ++c) {
                s.siePerChannel[c] = total[c] / n;
                s.sie1PerChannel[c] = total[3 + c] / n;
            }
            s.sie = (*s.siePerChannel[0] + *s.siePerChannel[1] + *s.siePerChannel[2]) / 3.0;
            s.sie1 = (*s.sie1PerChannel[0] + *s.sie1PerChannel[1] + *s.sie1PerChannel[2]) / 3.0;
        }
    }
}

} // namespace ll
