// lightlens-cli bench-metrics: times the metric engine (mask + SIE + LFE + SIE1 + regions and bands,
// no PSNR/SSIM) on in-memory synthetic images and prints the median and percentiles.
#include "cli/Commands.h"
#include "util/AtomicFile.h"
#include "util/Error.h"
#include "util/Percentile.h"

#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"
#include "metrics/SyntheticCase.h"

#include <tbb/global_control.h>
#include <tbb/info.h>

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <memory>
#include <ostream>
#include <vector>

namespace ll::cli {
namespace {

double peakRssBytes() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) * 1024.0;
}

double processCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

double percentile(std::vector<double> v, double p) { return percentileInPlace(v, p); } // util/Percentile.h

// A NumPy .npy file (format 1.0, C order): `bytes` bytes of values of type `descr` ('<f4' or '|u1')
// in the array shape `shape`.
std::string npy(const void* data, std::size_t bytes, const char* descr, const std::string& shape) {
    std::string header = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (" + shape + "), }";
    const std::size_t unpadded = 10 + header.size() + 1; // magic, version, length, header, newline
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::string out = "\x93NUMPY";
    out += char(1);
    out += char(0);
    out += char(header.size() & 0xff);
    out += char((header.size() >> 8) & 0xff);
    out += header;
    out.append(static_cast<const char*>(data), bytes);
    return out;
}

// The case as .npy files (on, off, edit: float32 H x W x 3, linear; region_<name>: uint8 H x W) for
// an outside implementation to time on the same data (scripts/numpy-reference.py).
void writeCase(const SyntheticCase& sc, const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error(dir.string(), "cannot create the folder: " + ec.message());
    const std::string hw = std::to_string(sc.on.height()) + ", " + std::to_string(sc.on.width());
    for (const auto& [name, img] : {std::pair<const char*, const Image*>{"on", &sc.on}, {"off", &sc.off}, {"edit", &sc.edit}})
        writeFileAtomic(dir / (std::string(name) + ".npy"),
                        npy(img->data(), img->floatCount() * sizeof(float), "<f4", hw + ", 3"));
    for (const auto& [name, m] : sc.regions)
        writeFileAtomic(dir / ("region_" + name + ".npy"), npy(m.data(), m.size(), "|u1", hw));
}

} // namespace

Command makeBenchMetricsCommand() {
    CommandSpec spec{"bench-metrics",
                     "",
                     "time the metric engine (mask, SIE, LFE, SIE1, regions) on in-memory synthetic images",
                     {{"size", "WxH", "image size (default 1248x832)"},
                      {"repeat", "N", "timed runs (default 15)"},
                      {"threads", "N", "worker threads (default: all cores)"},
                      {"classic", "", "include PSNR and SSIM"},
                      {"write-case", "DIR", "also write the case as NumPy .npy files into DIR (for scripts/numpy-reference.py)"},
                      {"json", "", "print one JSON object"}},
                     0,
                     0,
                     ""};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const Size2 size = args.size("size").value_or(Size2{1248, 832});
                const int repeat = int(args.integer("repeat", 15));
                if (repeat < 1) throw UsageError("--repeat must be at least 1");
                std::unique_ptr<tbb::global_control> limit;
                const int threads = int(args.integer("threads", tbb::info::default_concurrency()));
                if (threads < 1) throw UsageError("--threads must be at least 1");
                limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                              std::size_t(threads));

                const SyntheticCase sc = makeSyntheticCase(size.width, size.height);
                if (const auto dir = args.value("write-case")) writeCase(sc, *dir);
                EvalInputs in;
                in.on = &sc.on;
                in.off = &sc.off;
                in.edit = &sc.edit;
                in.task = Task::On;
                in.regions = sc.regions;
                MetricParams params;
                params.computeClassic = args.flag("classic");
                const ModelImagePath path(ColourConfig::builtin());
                in.modelPath = &path;

                const double rssBefore = peakRssBytes();
                std::vector<double> ms, cpu;
                EvalScores last;
                EvalWorkspace workspace; // reused by every run, as the batch runner does per worker
                evaluate(in, params, false, workspace); // warm-up
                for (int i = 0; i < repeat; ++i) {
                    const double c0 = processCpuMs();
                    const auto t0 = std::chrono::steady_clock::now();
                    last = evaluate(in, params, false, workspace).scores;
                    const auto t1 = std::chrono::steady_clock::now();
                    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
                    cpu.push_back(processCpuMs() - c0);
                }
                const double px = double(size.width) * size.height;
                const double extraFloats = std::max(0.0, peakRssBytes() - rssBefore) / (4.0 * px);
                if (args.flag("json")) {
                    io.out << "{\"size\": [" << size.width << ", " << size.height << "], \"threads\": " << threads
                           << ", \"repeat\": " << repeat << ", \"median_ms\": " << percentile(ms, 50)
                           << ", \"p10_ms\": " << percentile(ms, 10) << ", \"p90_ms\": " << percentile(ms, 90)
                           << ", \"min_ms\": " << percentile(ms, 0) << ", \"max_ms\": " << percentile(ms, 100)
                           << ", \"median_cpu_ms\": " << percentile(cpu, 50)
                           << ", \"peak_extra_floats_per_pixel\": " << extraFloats << "}\n";
                    return 0;
                }
                char buf[512];
                std::snprintf(buf, sizeof buf,
                              "bench-metrics %dx%d, %d threads, %d runs (mask+SIE+LFE+SIE1+regions%s)\n"
                              "  median %.1f ms   p10 %.1f   p90 %.1f   min %.1f   max %.1f   (wall clock)\n"
                              "  median CPU time %.1f ms per run (all threads)\n"
                              "  peak extra memory: %.1f floats per pixel (process peak RSS growth)\n"
                              "  scores: SIE %.4f  LFE %.4f  SIE1 %.4f  valid %.3f\n",
                              size.width, size.height, threads, repeat, params.computeClassic ? "+PSNR+SSIM" : "",
                              percentile(ms, 50), percentile(ms, 10), percentile(ms, 90), percentile(ms, 0),
                              percentile(ms, 100), percentile(cpu, 50), extraFloats, last.sie.value_or(NAN), last.lfe.value_or(NAN),
                              last.sie1.value_or(NAN), last.validFraction);
                io.out << buf;
                return 0;
            }};
}

} // namespace ll::cli
