// lfeStage (EvalRun.h), spec "LFE": Omega80_c = the pixels of Omega-nabla where both M_R,c and M_G,c are
// at most their 80th percentiles (brackets from sieStage; a float tie straddling a percentile decided
// in double, GradientThreshold.h), the median and MAD of M_R,c and M_G,c over Omega80_c, then
// |S(M_R,c) - S(M_G,c)| summed per channel, band and region. A MAD below the floor makes LFE
// degenerate, and on the edit's side a failed edit (which then has no SIE either).
#include "metrics/EvalRun.h"

#include "metrics/EvalRowKernels.h"
#include "metrics/EvalRows.h"
#include "metrics/GradientThreshold.h"

#include <tbb/parallel_for.h>

#include <cmath>

namespace ll {
namespace {

// Omega80_c as bits of ws.omega80Bits, and the medians (sets 0-5) and MADs (6-11) of M over it in
// ws.select; returns the stats of M_R,c (lr) and M_G,c (lg).
void omega80AndStats(EvalRun& run, std::array<ChannelStats, 3>& lr, std::array<ChannelStats, 3>& lg) {
    EvalWorkspace& ws = run.ws;
    BracketSelect& sel = ws.select;
    const MetricParams& params = run.params;
    const int W = run.W, H = run.H;
    const Image& realNumerator = run.numerator;
    const EditPixels& edit = run.edit;
    const Image& denominator = run.denominator;
    std::array<double, 3> pR{}, pG{};
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
        gradientThresholds(sel, ws.domain, [&](int y) {
            const GradientRow g = gradientRow(ws, run.gradientsStored, realNumerator, edit, denominator, y);
            return std::pair<const float*, const float*>(g.real, g.edit);
        }, realNumerator, edit, denominator);
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
        const GradientRow g = gradientRow(ws, run.gradientsStored, realNumerator, edit, denominator, y);
        const float* mr = g.real;
        const float* mg = g.edit;
        std::uint8_t* bits = ws.omega80Bits.row(y);
        omega80BitsSpan(mr, mg, dom, tR, tG, W, bits);
        // Rare: a float tie straddles a threshold; the pixels whose float M equals it are decided in double.
        for (int c = 0; anySplit && c < 3; ++c) {
            const GradientThreshold& r = exactT[std::size_t(c)];
            const GradientThreshold& g = exactT[std::size_t(3 + c)];
            if (!r.split && !g.split) continue;
            const std::uint8_t bit = std::uint8_t(1u << c);
            const bool rs = r.split, gs = g.split; // in registers: the stores to bits[] could alias them
            const float rv = r.value, gv = g.value;
            const int width = W;
            // Most rows hold no tied value at all: a vectorised scan of the whole row (every channel;
            // a match in another channel only costs the exact loop below) skips them.
            const std::size_t n3 = 3 * std::size_t(width);
            if (!(rs && countEqual(mr, n3, rv) > 0) && !(gs && countEqual(mg, n3, gv) > 0)) continue;
            for (int x = 0; x < width; ++x) {
                const float vr = mr[3 * x + c], vg = mg[3 * x + c];
                const bool tie = (rs & (vr == rv)) | (gs & (vg == gv));
                if (!tie || !(bits[x] & bit)) continue;
                if ((rs && vr == rv &&
                     !r.admits(vr, [&] { return gradientMagnitudeAt(realNumerator, denominator, x, y, c); })) ||
                    (gs && vg == gv && !g.admits(vg, [&] { return gradientMagnitudeAt(edit, denominator, x, y, c); })))
                    bits[x] &= std::uint8_t(~bit);
            }
        }
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
        std::array<std::size_t, 3> n{};
        compactInto(mr, bits, {0, 1, 2}, W, sc, 0, n);
        compactInto(mg, bits, {0, 1, 2}, W, sc, 3, n);
        for (int c = 0; c < 3; ++c) {
            emit.pairSpan(c, 6 + c, sc.columns[std::size_t(c)].data(), n[std::size_t(c)]);
            emit.pairSpan(3 + c, 9 + c, sc.columns[std::size_t(3 + c)].data(), n[std::size_t(c)]);
        }
    });
    for (std::size_t c = 0; c < 3; ++c) {
        run.omega80Pixels[c] = sel.count(int(c));
        lr[c] = statsFrom(run.omega80Pixels[c], sel.median(int(c)), sel.median(int(6 + c)), params.madFloor);
        lg[c] = statsFrom(run.omega80Pixels[c], sel.median(int(3 + c)), sel.median(int(9 + c)), params.madFloor);
    }
}

// |S(M_R,c) - S(M_G,c)| over Omega80_c: per row's channel sums into ws.rowSums[y][c], the LFE maps
// when kept, and (when LFE is defined) the band and region sums.
void lfeSums(EvalRun& run, const std::array<ChannelStats, 3>& lr, const std::array<ChannelStats, 3>& lg) {
    EvalWorkspace& ws = run.ws;
    EvalMaps& maps = run.maps;
    const int W = run.W, H = run.H;
    const std::size_t nBands = run.bandKeys.size();
    const bool keepMaps = run.keepMaps;
    const bool perChannelMaps = run.perChannelMaps;
    const bool lfeDefined = run.lfeDefined;
    const std::vector<const Mask*>& regionMasks = run.regionMasks;
    if (perChannelMaps) maps.lfePerChannel = Image(W, H);
    if (keepMaps) maps.lfeMap = FloatPlane(W, H);
    const ChannelStandardisers z = standardisersOf(lr, lg);
    tbb::parallel_for(0, H, [&](int y) {
        const std::uint8_t* bits = ws.omega80Bits.row(y);
        const std::uint8_t* band = ws.bands.row(y);
        const GradientRow g = gradientRow(ws, run.gradientsStored, run.numerator, run.edit, run.denominator, y);
        const float* mr = g.real;
        const float* mg = g.edit;
        RegionSums::Cell* cells = ws.regions.row(y);
        std::array<double, 6>& sums = ws.rowSums[std::size_t(y)];
        sums = {};
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
        sc.lfeAbs.resize(3 * std::size_t(W));
        float* lfeAbs = sc.lfeAbs.data(); // |S(M_R,c) - S(M_G,c)| as float, 0 outside Omega80_c
        const std::size_t n3 = 3 * std::size_t(W);
        sc.diff.resize(n3);
        sc.lfeFloat.resize(n3);
        lfeDifferences(mr, mg, bits, W, z, sc.diff.data(), sc.lfeFloat.data(), lfeAbs);
        const double* absD = sc.diff.data(); // |S(M_R,c) - S(M_G,c)| in double, 0 outside Omega80_c
        const float* df = sc.lfeFloat.data();
        for (int x = 0; x < W; ++x)
            for (std::size_t c = 0; c < 3; ++c) sums[c] += absD[3 * std::size_t(x) + c];
        if (keepMaps)
            for (int x = 0; x < W; ++x) {
                if (!bits[x]) continue;
                const float* v = df + 3 * x;
                if (perChannelMaps)
                    for (int c = 0; c < 3; ++c) maps.lfePerChannel.at(x, y, c) = v[c];
                maps.lfeMap(x, y) = float((double(v[0]) + v[1] + v[2]) / 3.0);
            }
        if (!lfeDefined) return;

        // Band sums over runs of one band, then one sweep per region (as for SIE, EvalSieStage.cpp); the
        // sums in scalars (registers), channel by channel in pixel order.
        struct Acc {
            std::size_t p0 = 0, p1 = 0, p2 = 0;
            double s0 = 0.0, s1 = 0.0, s2 = 0.0;
            void add(std::uint8_t b, const float* v) {
                p0 += b & 1u;
                p1 += (b >> 1) & 1u;
                p2 += (b >> 2) & 1u;
                s0 += double(v[0]); // 0 outside Omega80_c
                s1 += double(v[1]);
                s2 += double(v[2]);
            }
            void into(RegionSums::Cell& cell) const {
                cell.lfePixels[0] += p0;
                cell.lfePixels[1] += p1;
                cell.lfePixels[2] += p2;
                cell.lfe[0] += s0;
                cell.lfe[1] += s1;
                cell.lfe[2] += s2;
            }
        };
        Acc bandRun;
        std::uint8_t runBand = kNoBand;
        for (int x = 0; x < W; ++x) {
            const std::uint8_t b = bits[x];
            if (!b) continue;
            if (band[x] != runBand) {
                if (runBand < nBands) bandRun.into(cells[runBand]);
                bandRun = {};
                runBand = band[x];
            }
            bandRun.add(b, lfeAbs + 3 * x);
        }
        if (runBand < nBands) bandRun.into(cells[runBand]);
        for (std::size_t k = 0; k < regionMasks.size(); ++k) {
            Acc acc;
            for (const PixelRun& span : ws.regionRuns[k].row(y))
                for (int x = span.begin; x < span.end; ++x) acc.add(bits[x], lfeAbs + 3 * x);
            acc.into(cells[nBands + k]);
        }
    });
}

} // namespace

void lfeStage(EvalRun& run) {
    EvalWorkspace& ws = run.ws;
    EvalScores& s = run.scores;
    const MetricParams& params = run.params;
    const int W = run.W, H = run.H;
    const std::size_t domainPixels = ws.select.count(0); // sieStage's selection counts Omega-nabla
    run.omega80Pixels = {};
    std::array<ChannelStats, 3> lr, lg;
    if (domainPixels > 0) {
        omega80AndStats(run, lr, lg);
    } else {
        for (std::size_t c = 0; c < 3; ++c) lr[c] = lg[c] = statsFrom(0, 0.0, 0.0, params.madFloor);
        tbb::parallel_for(0, H, [&](int y) { std::fill(ws.omega80Bits.row(y), ws.omega80Bits.row(y) + W, 0); });
    }
    const std::array<std::size_t, 3>& n80 = run.omega80Pixels;
    bool omega80Empty = false;
    for (std::size_t c = 0; c < 3; ++c) omega80Empty |= n80[c] == 0;
    run.lfeDefined = false;
    if (!run.empty) {
        if (domainPixels == 0)
            run.reasons.add("empty gradient domain (no valid pixel with 4 valid neighbours)");
        else if (omega80Empty)
            run.reasons.add("empty Omega80 in some channel");
        const bool realDegenerate = !omega80Empty && anyFloored(lr);
        if (realDegenerate) run.reasons.add(madReason("M_R over Omega80", lr, params.madFloor));
        if (!omega80Empty && anyFloored(lg)) {
            const std::string r = madReason("M_G over Omega80", lg, params.madFloor);
            run.reasons.add(r);
            if (!realDegenerate) run.editReasons.add(r + " (an edit without gradients)");
        }
        run.lfeDefined = !omega80Empty && domainPixels > 0 &&
                         !(realDegenerate && params.nullWhenRealDegenerate) && run.editReasons.empty();
    }
    if (!run.editReasons.empty()) run.sieDefined = false; // a failed edit has no score at all
    s.gradientRealStats = lr;
    s.gradientEditStats = lg;
    lfeSums(run, lr, lg);
    if (!run.sieDefined) {
        s.sie = s.sie1 = std::nullopt;
        s.siePerChannel = s.sie1PerChannel = {};
    }
    if (run.lfeDefined) {
        double lfeSum = 0.0;
        for (std::size_t c = 0; c < 3; ++c) {
            double sum = 0.0;
            for (int y = 0; y < H; ++y) sum += ws.rowSums[std::size_t(y)][c];
            s.lfePerChannel[c] = sum / double(n80[c]);
            lfeSum += *s.lfePerChannel[c];
        }
        s.lfe = lfeSum / 3.0;
    }
}

} // namespace ll
