#pragma once
// The lightlens-cli subcommands. Each lives in its own Cmd*.cpp and is listed in Commands.cpp.
#include "cli/CommandLine.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace ll::cli {

// Where a command writes; tests run commands in-process with string streams.
struct Io {
    std::ostream& out;
    std::ostream& err;
    bool stderrIsTerminal = false;
};

struct Command {
    CommandSpec spec;
    std::function<int(const ParsedArgs&, Io&)> run; // returns the exit status
};

const std::vector<Command>& allCommands();

// Runs `lightlens-cli <args...>`: dispatch, --help, errors to one line on io.err.
// Exit status: 0 success, 1 bad input data, 2 bad usage.
int runCli(const std::vector<std::string>& args, Io& io);

// Factories, one per Cmd*.cpp.
Command makeVersionCommand();
Command makeInfoCommand();
Command makeSynthCommand();
Command makePrepareCommand();
Command makeEvalCommand();
Command makeLabelsCommand();
Command makeEditEvalCommand();
Command makeEditBenchCommand();
Command makeEditCalibrateCommand();
Command makeBenchCommand();
Command makeMergeCommand();
Command makeTablesCommand();
Command makeCompareCommand();
Command makeBenchMetricsCommand();
Command makeValidateCommand();
Command makeCaptureCommand();
#ifdef LIGHTLENS_HAS_FIGURES
Command makeFigureCommand(); // cli/figure/CmdFigure.cpp, built with the GUI
#endif

} // namespace ll::cli
