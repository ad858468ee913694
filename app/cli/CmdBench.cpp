// lightlens-cli bench: scores every edit of a dataset in parallel and writes per_image.csv,
// summary.json and the tables (docs/benchmark.md).
#include "cli/Commands.h"
#include "cli/ScoreDirectionOptions.h"

#include "bench/BenchRunner.h"
#include "bench/BenchTables.h"
#include "util/Error.h"
#include "util/Task.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ostream>
#include <string>

namespace ll::cli {

namespace {

// Set by SIGINT / SIGTERM while a benchmark runs; the runner finishes the rows in flight and stops.
std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int sig) {
    interrupted.store(true);
    std::signal(sig, SIG_DFL); // a second Ctrl+C ends the process at once (the journal stays valid)
}

class InterruptGuard {
public:
    InterruptGuard() {
        interrupted.store(false);
        oldInt_ = std::signal(SIGINT, onInterrupt);
        oldTerm_ = std::signal(SIGTERM, onInterrupt);
    }
    ~InterruptGuard() {
        std::signal(SIGINT, oldInt_);
        std::signal(SIGTERM, oldTerm_);
    }

private:
    void (*oldInt_)(int) = nullptr;
    void (*oldTerm_)(int) = nullptr;
};

std::string duration(double s) {
    if (!(s >= 0) || s > 1e7) return "?";
    char buf[32];
    const long t = long(s + 0.5);
    if (t >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, (t / 60) % 60);
    else if (t >= 60) std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    else std::snprintf(buf, sizeof buf, "%lds", t);
    return buf;
}

// A progress bar redrawn in place on a terminal; periodic plain lines (every 5 s or 10%) otherwise.
class ProgressPrinter {
public:
    ProgressPrinter(std::ostream& err, bool terminal) : err_(err), terminal_(terminal) {}

    void update(const bench::BenchProgress& p) {
        const std::size_t scored = p.done - p.resumed, remaining = p.total - p.done;
        const double rate = p.seconds > 0 ? double(scored) / p.seconds : 0.0;
        const double eta = rate > 0 ? double(remaining) / rate : -1;
        const double frac = p.total ? double(p.done) / double(p.total) : 1.0;
        char stats[160];
        std::snprintf(stats, sizeof stats, "%zu/%zu rows, %.1f rows/s, ETA %s%s", p.done, p.total, rate,
                      remaining == 0 ? "0s" : duration(eta).c_str(),
                      p.failed ? (", " + std::to_string(p.failed) + " failed").c_str() : "");
        if (terminal_) {
            if (p.seconds - lastDraw_ < 0.2 && p.done != p.total) return;
            lastDraw_ = p.seconds;
            const int width = 30, filled = int(frac * width);
            std::string bar(std::size_t(filled), '#');
            bar.resize(width, '.');
            err_ << "\r[" << bar << "] " << int(frac * 100) << "% " << stats << "\x1b[K" << std::flush;
            drawn_ = true;
        } else {
            const int decile = int(frac * 10);
            if (p.seconds - lastLine_ < 5.0 && decile == lastDecile_ && p.done != p.total) return;
            lastLine_ = p.seconds;
            lastDecile_ = decile;
            err_ << "bench: " << int(frac * 100) << "% " << stats << "\n" << std::flush;
        }
    }
    void finish() {
        if (drawn_) err_ << "\n";
        drawn_ = false;
    }

private:
    std::ostream& err_;
    bool terminal_;
    bool drawn_ = false;
    double lastDraw_ = -1, lastLine_ = 0;
    int lastDecile_ = 0;
};

} // namespace

Command makeBenchCommand() {
    CommandSpec spec{
        "bench",
        "DATASET",
        "score every edit of a dataset in parallel: per_image.csv, summary.json and the tables",
        {{"models", "a,b", "models to score (default: every folder of edits/)"},
         {"tasks", "on,off", "tasks to score (default on,off)"},
         {"best", "X", "average the best X% of images per model and task (default 80)"},
         {"regime-best", "X", "the regime table's best X% (default 100: the mean over all images, paper Table 7)"},
         {"group-by", "KEY[,KEY]", "also write the main table per value of each meta.json key (tables/main_by_KEY)"},
         {"band-images", "", "write OUT/bands/<scene>.png: each real pair's intensity bands (paper Fig. 12)"},
         {"out", "DIR", "output folder (default DATASET/results, shards DATASET/results/shard-i-of-N)"},
         {"threads", "N", "worker threads (default: all cores)"},
         {"shard", "i/N", "score only shard i of N (0-based) of the sorted work list; combine with merge"},
         {"resume", "", "keep the rows an interrupted run of the same options finished; score the rest"},
         {"uncertainty", "", "also estimate the 8-bit quantisation uncertainty (Monte Carlo; slow)"},
         {"draws", "N", "Monte Carlo draws for --uncertainty (default 32)"},
         {"wb-shift", "", "also score every edit against the real pair shifted warm and cold (table classic_wb, paper Table 6)"},
         {"import-scores", "FILE[,FILE]", "join scores computed elsewhere (scene,model,task,<score>... CSV: LPIPS, a VLM rating): per_image.csv imported.<name>, classic table"},
         {"higher", "LIST", "imported score columns that are better when higher (overrides a declaration beside the file)"},
         {"lower", "LIST", "imported score columns that are better when lower (overrides a declaration beside the file)"},
         {"size", "WxH", "evaluation size (default: dataset.json eval_size, else per scene the smallest edit size)"},
         {"no-baseline", "", "do not score the do-nothing baseline"},
         {"max-rows", "N", "stop after scoring N rows, as if interrupted (finish later with --resume)"},
         {"quiet", "", "no progress output"}},
        1,
        1,
        "Missing or unreadable edits and scenes are listed in summary.json and never stop the run. "
        "On Ctrl+C the rows in flight are finished and saved; rerun with --resume to complete the run. "
        "Exit status: 0 done, 1 bad input, 2 bad usage, 3 stopped by --max-rows, 130 interrupted."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                bench::BenchConfig c;
                c.dataset = args.positionals[0];
                c.out = args.string("out");
                c.models = args.list("models");
                if (args.has("tasks")) {
                    c.tasks.clear();
                    for (const auto& t : args.list("tasks")) {
                        try {
                            c.tasks.push_back(parseTask(t));
                        } catch (const Error& e) {
                            throw UsageError("--tasks: " + e.problem());
                        }
                    }
                    if (c.tasks.empty()) throw UsageError("--tasks needs at least one of on, off");
                }
                c.bestPercent = args.number("best", 80.0);
                if (!(c.bestPercent > 0 && c.bestPercent <= 100)) throw UsageError("--best must be in (0, 100]");
                c.regimePercent = args.number("regime-best", 100.0);
                if (!(c.regimePercent > 0 && c.regimePercent <= 100)) throw UsageError("--regime-best must be in (0, 100]");
                c.groupBy = args.list("group-by");
                for (const auto& key : c.groupBy) {
                    try {
                        bench::checkGroupKey(key);
                    } catch (const Error& e) {
                        throw UsageError("--group-by: " + e.problem());
                    }
                }
                c.bandImages = args.flag("band-images");
                const long long threads = args.integer("threads", 0);
                if (threads < 0 || threads > 1024) throw UsageError("--threads must be between 1 and 1024");
                c.threads = int(threads);
                if (args.has("shard")) {
                    try {
                        c.shard = bench::parseShard(args.string("shard"));
                    } catch (const Error& e) {
                        throw UsageError("--shard: " + e.problem());
                    }
                }
                c.resume = args.flag("resume");
                c.uncertainty = args.flag("uncertainty");
                const long long draws = args.integer("draws", 32);
                if (args.has("draws") && !c.uncertainty) throw UsageError("--draws needs --uncertainty");
                if (draws < 2 || draws > 100000) throw UsageError("--draws must be between 2 and 100000");
                c.draws = int(draws);
                if (args.flag("wb-shift")) c.wbShifts = bench::defaultWhiteBalanceShifts();
                for (const auto& f : args.list("import-scores")) c.importScores.push_back(f);
                c.scoreDirections = scoreDirections(args);
                if (!c.scoreDirections.empty() && c.importScores.empty())
                    throw UsageError("--higher/--lower name imported score columns: they need --import-scores");
                if (auto s = args.size("size")) {
                    if (s->width < 8 || s->height < 8) throw UsageError("--size must be at least 8x8");
                    c.size = std::make_pair(s->width, s->height);
                }
                c.baseline = !args.flag("no-baseline");
                const long long maxRows = args.integer("max-rows", 0);
                if (maxRows < 0) throw UsageError("--max-rows must not be negative");
                c.maxRows = std::size_t(maxRows);

                const bool quiet = args.flag("quiet");
                ProgressPrinter printer(io.err, io.stderrIsTerminal);
                InterruptGuard guard;
                const auto outcome = bench::runBench(
                    c, [&](const bench::BenchProgress& p) { if (!quiet) printer.update(p); }, &interrupted);
                printer.finish();
                for (const auto& w : outcome.warnings) io.err << "lightlens-cli bench: warning: " << w << "\n";
                if (outcome.discardedJournalLines)
                    io.err << "lightlens-cli bench: discarded " << outcome.discardedJournalLines
                           << " incomplete journal line(s) of the interrupted run\n";
                if (!outcome.completed) {
                    const std::size_t done = outcome.resumed + outcome.scoredNow;
                    io.err << "lightlens-cli bench: " << (interrupted.load() ? "interrupted" : "stopped (--max-rows)")
                           << " after " << done << " of " << outcome.rows << " rows; rerun the same command with "
                           << "--resume to finish (finished rows are kept in "
                           << (outcome.out / "per_image.journal.jsonl").string() << ")\n";
                    return interrupted.load() ? 130 : 3;
                }
                if (!quiet) {
                    io.out << "scored " << outcome.rows << " rows (" << outcome.resumed << " resumed, "
                           << outcome.failed << " failed) in " << duration(outcome.scanSeconds + outcome.scoreSeconds +
                                                                           outcome.writeSeconds)
                           << "; results in " << outcome.out.string() << "\n";
                    if (outcome.failed) io.out << "failures are listed in " << (outcome.out / "summary.json").string() << "\n";
                }
                return 0;
            }};
}

} // namespace ll::cli
