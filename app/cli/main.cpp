// lightlens-cli: the headless twin of LightLens. Runs with no display.
#include "cli/Commands.h"

#include <iostream>
#include <unistd.h>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    ll::cli::Io io{std::cout, std::cerr, ::isatty(2) != 0};
    const int status = ll::cli::runCli(args, io);
    std::cout.flush();
    return status;
}
