#include "cli/Commands.h"

#include <OpenImageIO/oiioversion.h>
#include <OpenColorIO/OpenColorIO.h>
#include <tbb/version.h>

#include <ostream>

namespace ll::cli {

Command makeVersionCommand() {
    CommandSpec spec{"version", "", "print the version of LightLens and of the libraries it uses", {}, 0, 0, ""};
    return {spec, [](const ParsedArgs&, Io& io) {
                io.out << "lightlens-cli " << LIGHTLENS_VERSION << "\n"
                       << "OpenImageIO " << OIIO_VERSION_STRING << ", OpenColorIO " << OCIO_NAMESPACE::GetVersion()
                       << ", oneTBB " << TBB_VERSION_MAJOR << "." << TBB_VERSION_MINOR << "\n";
                return 0;
            }};
}

} // namespace ll::cli
