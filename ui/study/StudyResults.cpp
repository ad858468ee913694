#include "study/StudyResults.h"

#include "stats/Csv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace ll::ui {

namespace {

std::string toCsvLine(const QStringList& fields) {
    std::vector<std::string> f;
    for (const auto& s : fields) f.push_back(s.toStdString());
    return ll::stats::csvRow(f);
}

void writeAll(const QString& path, const std::string& bytes) {
    const std::string file = path.toStdString();
    const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw ll::Error(file, std::string("cannot open for writing: ") + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            throw ll::Error(file, std::string("cannot append an answer: ") + std::strerror(err));
        }
        done += std::size_t(n);
    }
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!synced) throw ll::Error(file, std::string("cannot flush an answer to disk: ") + std::strerror(errno));
}

} // namespace

const QStringList& StudyResults::columns() {
    static const QStringList c{"rater", "scene", "task", "model_a", "model_b", "choice", "tags", "expected", "pair",
                               "milliseconds"};
    return c;
}

StudyResults::StudyResults(QString path) : path_(std::move(path)) {
    namespace fs = std::filesystem;
    const std::string file = path_.toStdString();
    std::error_code ec;
    if (!fs::exists(file, ec) || fs::file_size(file, ec) == 0) {
        writeAll(path_, toCsvLine(columns()));
        return;
    }
    std::string text = ll::readFile(file);
    const std::size_t lastNewline = text.find_last_of('\n');
    if (lastNewline == std::string::npos || lastNewline + 1 != text.size()) {
        // A torn last line from an interrupted write: drop it so the next answer starts cleanly.
        const std::size_t keep = lastNewline == std::string::npos ? 0 : lastNewline + 1;
        if (::truncate(file.c_str(), off_t(keep)) != 0)
            throw ll::Error(file, std::string("cannot drop a torn last line: ") + std::strerror(errno));
        text.resize(keep);
        if (keep == 0) {
            writeAll(path_, toCsvLine(columns()));
            return;
        }
    }
    const ll::stats::CsvTable t = ll::stats::parseCsv(text, file);
    for (const auto& c : {"rater", "pair", "choice"})
        if (!t.column(c)) throw ll::Error(file, std::string("not a study results file (no '") + c + "' column)");
}

std::set<QString> StudyResults::answered(const QString& rater) const {
    const std::string file = path_.toStdString();
    const ll::stats::CsvTable t = ll::stats::parseCsv(ll::readFile(file), file);
    const std::size_t cRater = *t.column("rater"), cPair = *t.column("pair");
    std::set<QString> out;
    for (const auto& row : t.rows)
        if (cRater < row.fields.size() && cPair < row.fields.size() &&
            QString::fromStdString(row.fields[cRater]) == rater)
            out.insert(QString::fromStdString(row.fields[cPair]));
    return out;
}

void StudyResults::append(const StudyAnswer& a) {
    writeAll(path_, toCsvLine({a.rater, a.scene, a.task, a.modelA, a.modelB, a.choice, a.tags.join(';'), a.expected,
                               a.pair, QString::number(a.milliseconds)}));
}

} // namespace ll::ui
