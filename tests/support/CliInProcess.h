#pragma once
// Runs lightlens-cli in the test's own process (cli::runCli) and keeps its exit status and output.
#include "cli/Commands.h"

#include <sstream>
#include <string>
#include <vector>

namespace ll::test {

struct CliRun {
    int status = 0;
    std::string out, err;
};

inline CliRun runCliInProcess(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    cli::Io io{out, err};
    CliRun r;
    r.status = cli::runCli(args, io);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace ll::test
