#include "bench/ViewBenchmark.h"

#include "view/PaneGrid.h"
#include "view/TileCache.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QScreen>

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::ui {
namespace {

// A smooth HDR test image with fine detail: a lit room-like gradient, a bright spot, stripes.
Image makeImage(int w, int h, float phase) {
    Image im(w, h);
    tbb::parallel_for(0, h, [&](int y) {
        for (int x = 0; x < w; ++x) {
            const float u = float(x) / float(w), v = float(y) / float(h);
            const float dx = u - 0.62f, dy = v - 0.35f;
            const float spot = 4.0f / (1.0f + 400.0f * (dx * dx + dy * dy));
            const float stripes = 0.5f + 0.5f * std::sin(float(x) * 0.21f + phase) * std::sin(float(y) * 0.17f);
            float* p = im.pixel(x, y);
            p[0] = 0.05f + 0.3f * u * stripes + spot;
            p[1] = 0.05f + 0.25f * v * stripes + 0.9f * spot;
            p[2] = 0.08f + 0.2f * (1 - u) * stripes + 0.7f * spot;
        }
    });
    return im;
}

struct Stats {
    double median = 0, p95 = 0, max = 0;
};

Stats stats(std::vector<double> v) {
    Stats s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.median = v[v.size() / 2];
    s.p95 = v[std::min(v.size() - 1, std::size_t(std::ceil(0.95 * double(v.size()))) - 1)];
    s.max = v.back();
    return s;
}

} // namespace

QString runViewBenchmark(const ViewBenchOptions& o) {
    QElapsedTimer t;
    t.start();
    const Image a = makeImage(o.width, o.height, 0.0f), b = makeImage(o.width, o.height, 1.0f);
    const double genMs = double(t.nsecsElapsed()) / 1e6;
    t.restart();
    SourcePtr sa = ImageSource::colour(a, "A"), sb = ImageSource::colour(b, "B");
    const double pyramidMs = double(t.nsecsElapsed()) / 1e6 / 2;

    ViewState state;
    TileCache tiles;
    PaneGrid grid(&state, &tiles);
    grid.setGridLayout(GridLayout::OneByTwo);
    grid.resize(o.windowWidth, o.windowHeight);
    grid.show();
    QApplication::processEvents();
    grid.pane(0)->setContent(PaneContent::Input);
    grid.pane(1)->setContent(PaneContent::Target);
    grid.setCase([&](PaneContent c) { return c == PaneContent::Input ? sa : sb; }, nullptr, sa->size(), {});
    QApplication::processEvents();
    ImageCanvas* c0 = grid.pane(0)->canvas();
    ImageCanvas* c1 = grid.pane(1)->canvas();
    const QSizeF ws = c0->size();

    auto frame = [&]() {
        QElapsedTimer f;
        f.start();
        c0->repaint();
        c1->repaint();
        return double(f.nsecsElapsed()) / 1e6;
    };
    auto run = [&](auto&& step) {
        std::vector<double> times;
        for (int i = 0; i < o.frames; ++i) {
            step(i);
            times.push_back(frame());
        }
        return stats(times);
    };

    c0->fit();
    const ViewTransform fitT = state.transform();
    frame(); // warm the fit-level tiles
    const Stats panFit = run([&](int i) {
        state.setTransform(fitT.panned(QPointF(std::sin(i * 0.1) * 40.0, std::cos(i * 0.1) * 30.0)));
    });
    state.setTransform(fitT.oneToOne(ws));
    const ViewTransform one = state.transform();
    const Stats pan11 = run([&](int i) { state.setTransform(one.panned(QPointF(-i * 12.0, -i * 7.0))); });
    // Zoom in from fit to 64x and back around a point off-centre, one wheel notch (2^(1/4)) per frame.
    state.setTransform(fitT);
    const QPointF cursor(ws.width() * 0.62, ws.height() * 0.4);
    const Stats zoom = run([&](int i) {
        const double f = (i / 40) % 2 == 0 ? std::pow(2.0, 0.25) : std::pow(2.0, -0.25);
        state.setTransform(state.transform().zoomedAround(cursor, ws, f, minimumScale(sa->size(), ws)));
    });
    // Exposure change at fit: every visible tile is re-encoded.
    state.setTransform(fitT);
    frame();
    const Stats exposure = run([&](int i) { state.setExposure(0.1 * (i % 20)); });

    auto row = [](const QString& name, const Stats& s) {
        return QString("| %1 | %2 | %3 | %4 |\n").arg(name).arg(s.median, 0, 'f', 2).arg(s.p95, 0, 'f', 2).arg(s.max, 0, 'f', 2);
    };
    QString out;
    out += QString("View benchmark: two locked panes of %1x%2 HDR images (float RGB), panes %3x%4 px each, "
                   "platform %5, %6 frames per scenario; a frame = synchronous repaint of both panes.\n\n")
               .arg(o.width).arg(o.height).arg(int(ws.width())).arg(int(ws.height()))
               .arg(QGuiApplication::platformName()).arg(o.frames);
    out += QString("Setup: test image generation %1 ms per pair; mip pyramid and auto range %2 ms per image (worker thread in the app).\n\n")
               .arg(genMs, 0, 'f', 0).arg(pyramidMs, 0, 'f', 0);
    out += "| scenario | median ms | p95 ms | max ms |\n|---|---|---|---|\n";
    out += row("pan at fit", panFit);
    out += row("pan at 1:1", pan11);
    out += row("wheel zoom fit → 64x → fit around the cursor", zoom);
    out += row("exposure change at fit (all tiles re-encoded)", exposure);
    out += QString("\nTiles encoded: %1.\n").arg(tiles.rendered());
    return out;
}

} // namespace ll::ui
