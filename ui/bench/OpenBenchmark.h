#pragma once
// The open benchmark (`lightlens --bench-open DATASET`): opens a dataset in the main window as a user
// does (its first case on screen, the browser's background scoring running) and measures how long
// the panes take to show the case's images, then its metrics and maps, and the process's peak
// memory. Prints a Markdown report. Meant for large images: `scripts/bench-open.sh` writes a one-scene
// 6000x4000 dataset and runs it.
#include <QString>

namespace ll::ui {

struct OpenBenchOptions {
    QString dataset;
    int timeoutMs = 600000;
    int windowWidth = 1600;
    int windowHeight = 1000;
};

// Runs the benchmark; returns the Markdown report, or an empty string and `error` when the dataset
// cannot be opened or the case does not complete in time.
QString runOpenBenchmark(const OpenBenchOptions& options, QString* error);

} // namespace ll::ui
