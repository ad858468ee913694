#include "util/AtomicFile.h"

#include "util/Error.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace ll {
namespace fs = std::filesystem;

namespace {

fs::path temporaryBeside(const fs::path& path) {
    static std::atomic<unsigned> counter{0};
    fs::path tmp = path;
    const std::string stem = "." + path.stem().string() + ".tmp" + std::to_string(::getpid()) + "_" +
                             std::to_string(counter.fetch_add(1));
    tmp.replace_filename(stem + path.extension().string());
    return tmp;
}

void fsyncPath(const fs::path& p) {
    int fd = ::open(p.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

void writeViaTemporary(const fs::path& path, const std::function<void(const fs::path&)>& writer) {
    const fs::path tmp = temporaryBeside(path);
    try {
        writer(tmp);
        fsyncPath(tmp);
        std::error_code ec;
        fs::rename(tmp, path, ec);
        if (ec) throw Error(path.string(), "cannot replace file: " + ec.message());
    } catch (...) {
        std::error_code ignore;
        fs::remove(tmp, ignore);
        throw;
    }
}

void writeFileAtomic(const fs::path& path, std::string_view bytes) {
    writeViaTemporary(path, [&](const fs::path& tmp) {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(path.string(), std::string("cannot write: ") + std::strerror(errno));
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) throw Error(path.string(), "write failed (disk full?)");
    });
}

std::string readFile(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), "file not found");
    if (fs::is_directory(path, ec)) throw Error(path.string(), "is a folder, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path.string(), std::string("cannot read: ") + std::strerror(errno));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace ll
