#pragma once
// The view benchmark (`lightlens --bench-view`): frame times of pan and zoom on a 6000x4000 HDR
// pair shown in two locked panes, measured by repainting the panes synchronously (paint time
// including tile encoding, composition and the raster blit). Prints a Markdown table.
#include <QString>

namespace ll::ui {

struct ViewBenchOptions {
    int width = 6000;
    int height = 4000;
    int windowWidth = 1600;
    int windowHeight = 1000;
    int frames = 120; // per scenario
};

// Runs the benchmark and returns the Markdown report.
QString runViewBenchmark(const ViewBenchOptions& options);

} // namespace ll::ui
