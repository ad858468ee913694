#include "bench/Journal.h"

#include "bench/RowJson.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace ll::bench {

JournalWriter::JournalWriter(const std::filesystem::path& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw Error(path.string(), std::string("cannot open for appending: ") + std::strerror(errno));
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void JournalWriter::append(const std::string& line) {
    const std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(path_.string(), std::string("cannot write: ") + std::strerror(errno));
        }
        done += std::size_t(n);
    }
    if (::fdatasync(fd_) != 0) throw Error(path_.string(), std::string("cannot flush to disk: ") + std::strerror(errno));
}

JournalContents readJournal(const std::filesystem::path& path) {
    JournalContents c;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return c;
    const std::string text = readFile(path);
    std::size_t pos = 0, lineNo = 0;
    while (pos < text.size()) {
        const auto eol = text.find('\n', pos);
        ++lineNo;
        if (eol == std::string::npos) { // torn last line: written only in part
            ++c.discardedLines;
            break;
        }
        const std::string line = text.substr(pos, eol - pos);
        pos = eol + 1;
        if (line.empty()) continue;
        try {
            c.rows.push_back(rowFromJsonLine(line, path.string() + " line " + std::to_string(lineNo)));
        } catch (const Error&) {
            ++c.discardedLines;
        }
    }
    return c;
}

} // namespace ll::bench
