#include "cli/Commands.h"

#include "util/Error.h"

#include <exception>
#include <ostream>

namespace ll::cli {

const std::vector<Command>& allCommands() {
    static const std::vector<Command> commands = {
        makeInfoCommand(),
        makeVersionCommand(),
        makeLabelsCommand(),
        makeEditEvalCommand(),
        makeEditBenchCommand(),
        makeEditCalibrateCommand(),
        makeBenchCommand(),
        makeMergeCommand(),
        makeTablesCommand(),
        makeCompareCommand(),
        makeEvalCommand(),
        makeBenchMetricsCommand(),
        makeSynthCommand(),
        makePrepareCommand(),
        makeValidateCommand(),
        makeCaptureCommand(),
#ifdef LIGHTLENS_HAS_FIGURES
        makeFigureCommand(),
#endif
    };
    return commands;
}

namespace {

void printOverview(std::ostream& os) {
    os << "usage: lightlens-cli COMMAND [args] [options]\n\n"
          "Measures how far an image edit's light transport is from a real on/off HDR pair.\n\n"
          "commands:\n";
    for (const auto& c : allCommands()) {
        std::string left = "  " + c.spec.name;
        left.resize(std::max<std::size_t>(left.size() + 1, 16), ' ');
        os << left << c.spec.summary << "\n";
    }
    os << "\nRun 'lightlens-cli COMMAND --help' for a command's options.\n"
          "Exit status: 0 success, 1 bad input data, 2 bad usage.\n";
}

} // namespace

int runCli(const std::vector<std::string>& args, Io& io) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        if (args.size() >= 2 && args[0] == "help") return runCli({args[1], "--help"}, io);
        printOverview(args.empty() ? io.err : io.out);
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") return runCli({"version"}, io);
    const Command* cmd = nullptr;
    for (const auto& c : allCommands())
        if (c.spec.name == args[0]) cmd = &c;
    if (!cmd) {
        io.err << "lightlens-cli: unknown command '" << args[0] << "' (see lightlens-cli --help)\n";
        return 2;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    for (const auto& a : rest)
        if (a == "--help" || a == "-h") {
            io.out << helpText(cmd->spec);
            return 0;
        }
    try {
        const ParsedArgs parsed = parseArgs(cmd->spec, rest);
        return cmd->run(parsed, io);
    } catch (const UsageError& e) {
        io.err << "lightlens-cli " << cmd->spec.name << ": " << e.what() << " (see lightlens-cli " << cmd->spec.name
               << " --help)\n";
        return 2;
    } catch (const ll::Error& e) {
        io.err << "lightlens-cli " << cmd->spec.name << ": " << e.what() << "\n";
        return 1;
    } catch (const std::bad_alloc&) {
        io.err << "lightlens-cli " << cmd->spec.name << ": out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        io.err << "lightlens-cli " << cmd->spec.name << ": " << e.what() << "\n";
        return 1;
    }
}

} // namespace ll::cli
