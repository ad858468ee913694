#include "metrics/EvalRows.h"

#include "metrics/EvalRowKernels.h"
#include "metrics/SpanKernels.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdio>

namespace ll {

const double* ratioRow(EvalWorkspace& ws, const Image& num, const EditPixels& edit, const Image& den, int y) {
    EvalWorkspace::RowScratch& rr = ws.rowScratch.local();
    const std::size_t slot = std::size_t(y % 3);
    std::vector<double>& row = rr.rows[slot];
    if (rr.rowOf[slot] == y) return row.data();
    const int W = num.width();
    const std::size_t n = 3 * std::size_t(W);
    row.resize(2 * n);
    ratioSpanInOmega(num.pixel(0, y), edit.row(y, rr.editRow), den.pixel(0, y), ws.omega.row(y), W, row.data(), row.data() + n);
    rr.rowOf[slot] = y;
    return row.data();
}

void ratioSpanInOmega(const float* a, const float* g, const float* d, const std::uint8_t* keep, int W, double* er,
                      double* eg) {
    ratioSpan(a, g, d, 3 * std::size_t(W), er, eg); // invalid pixels are zeroed below
    for (int x = 0; x < W; ++x)
        if (!keep[x])
            for (int c = 0; c < 3; ++c) er[3 * x + c] = eg[3 * x + c] = 0.0;
}

void compactInto(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int W,
                 EvalWorkspace::RowScratch& sc, int first, std::array<std::size_t, 3>& n) {
    std::array<float*, 3> out;
    for (std::size_t c = 0; c < 3; ++c) {
        std::vector<float>& col = sc.columns[std::size_t(first) + c];
        col.resize(std::size_t(W));
        out[c] = col.data();
    }
    compactChannels(v, keep, bits, W, out, n);
}

void forgetRatioRows(EvalWorkspace& ws) {
    for (auto& rr : ws.rowScratch) {
        rr.rowOf = {-1, -1, -1};
        rr.gradientRow = -1;
    }
}

GradientRow computeGradientRow(EvalWorkspace& ws, const Image& num, const EditPixels& edit, const Image& den, int y) {
    EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
    if (sc.gradientRow != y) {
        const int W = num.width(), H = num.height();
        const std::size_t n3 = 3 * std::size_t(W);
        sc.gradR.resize(n3);
        sc.gradE.resize(n3);
        float* mr = sc.gradR.data();
        float* mg = sc.gradE.data();
        std::fill(mr, mr + n3, 0.0f);
        std::fill(mg, mg + n3, 0.0f);
        if (y >= 1 && y < H - 1) {
            const double* E = ratioRow(ws, num, edit, den, y);
            const double* Eu = ratioRow(ws, num, edit, den, y - 1);
            const double* Ed = ratioRow(ws, num, edit, den, y + 1);
            gradientMagnitudeSpan(Eu, E, Ed, n3, mr);
            gradientMagnitudeSpan(Eu + n3, E + n3, Ed + n3, n3, mg);
        }
        sc.gradientRow = y;
    }
    return {sc.gradR.data(), sc.gradE.data()};
}

GradientRow gradientRow(EvalWorkspace& ws, bool stored, const Image& num, const EditPixels& edit, const Image& den, int y) {
    if (stored) return {ws.gradReal.pixel(0, y), ws.gradEdit.pixel(0, y)};
    return computeGradientRow(ws, num, edit, den, y);
}

void setMedianAndMadTargets(BracketSelect& sel, std::array<std::vector<float>, 6>& samples) {
    tbb::parallel_for(0, 6, [&](int j) {
        sel.setTarget(j, 50.0, samples[std::size_t(j)]);
        sel.setDeviationTarget(6 + j, j, samples[std::size_t(j)]);
    });
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

ChannelStandardisers standardisersOf(const RgbStats& r, const RgbStats& g) {
    ChannelStandardisers z;
    for (std::size_t c = 0; c < 3; ++c) {
        const Standardiser sr(r[c]), sg(g[c]);
        z.medianR[c] = sr.median;
        z.invR[c] = sr.inv;
        z.medianG[c] = sg.median;
        z.invG[c] = sg.inv;
    }
    return z;
}

bool anyFloored(const RgbStats& s) { return s[0].floored || s[1].floored || s[2].floored; }

std::string madReason(const char* what, const RgbStats& s, double floor) {
    static const char* const channelNames[3] = {"R", "G", "B"};
    std::string chans;
    for (int c = 0; c < 3; ++c)
        if (s[std::size_t(c)].floored) chans += channelNames[c];
    char buf[160];
    std::snprintf(buf, sizeof buf, "MAD of %s below %g in channel %s", what, floor, chans.c_str());
    return buf;
}

} // namespace ll
