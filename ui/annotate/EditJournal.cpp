#include "annotate/EditJournal.h"

#include "annotate/ShapeJson.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <QCryptographicHash>
#include <QDateTime>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <unistd.h>

namespace ll::ui {

using ojson = nlohmann::ordered_json;

namespace {

void syncFolder(const std::filesystem::path& file) {
    const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

EditJournal::EditJournal(std::filesystem::path labels) : labels_(std::move(labels)), path_(journalPathFor(labels_)) {}

EditJournal::~EditJournal() { close(); }

std::filesystem::path EditJournal::journalPathFor(const std::filesystem::path& labels) {
    std::filesystem::path p = labels;
    p += ".journal";
    return p;
}

std::string EditJournal::fileSha256(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return "absent";
    const std::string bytes = readFile(path);
    return QCryptographicHash::hash(QByteArray::fromRawData(bytes.data(), qsizetype(bytes.size())), QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

bool EditJournal::exists() const {
    std::error_code ec;
    return std::filesystem::exists(path_, ec);
}

void EditJournal::writeLine(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(path_.string(), std::string("cannot write the journal: ") + std::strerror(errno));
        }
        done += std::size_t(n);
    }
    if (::fsync(fd_) != 0) throw Error(path_.string(), std::string("cannot sync the journal: ") + std::strerror(errno));
}

void EditJournal::start(const std::string& baseSha256, const std::string& scene) {
    close();
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw Error(path_.string(), std::string("cannot create the journal: ") + std::strerror(errno));
    seq_ = 0;
    ojson h;
    h["lightlens_journal"] = 1;
    h["labels"] = labels_.filename().string();
    h["scene"] = scene;
    h["base_sha256"] = baseSha256;
    h["started"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    writeLine(h.dump());
    syncFolder(path_);
}

void EditJournal::append(const std::string& what, const ShapeChanges& changes) {
    if (fd_ < 0) throw Error(path_.string(), "the journal is not open");
    ojson e;
    e["seq"] = ++seq_;
    e["what"] = what;
    e["changes"] = changesToJson(changes);
    writeLine(e.dump());
}

void EditJournal::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

void EditJournal::remove() {
    close();
    std::error_code ec;
    std::filesystem::remove(path_, ec);
    if (ec) throw Error(path_.string(), "cannot remove the journal: " + ec.message());
    syncFolder(path_);
}

JournalContents EditJournal::read(const std::filesystem::path& journal) {
    const std::string text = readFile(journal);
    const std::string subject = journal.string();
    JournalContents c;
    std::size_t pos = 0;
    bool first = true;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) { // no newline: the write was cut short
            c.tornTail = true;
            break;
        }
        const std::string_view line(text.data() + pos, end - pos);
        pos = end + 1;
        ojson j;
        try {
            j = ojson::parse(line);
        } catch (const nlohmann::json::exception&) {
            if (first) throw Error(subject, "not a LightLens edit journal (unreadable header)");
            c.tornTail = true;
            break;
        }
        if (first) {
            if (!j.is_object() || j.value("lightlens_journal", 0) != 1)
                throw Error(subject, "not a LightLens edit journal (no 'lightlens_journal': 1 header)");
            c.labelsName = j.value("labels", std::string());
            c.scene = j.value("scene", std::string());
            c.baseSha256 = j.value("base_sha256", std::string());
            c.started = j.value("started", std::string());
            first = false;
            continue;
        }
        try {
            JournalEntry e;
            e.seq = j.at("seq").get<long long>();
            e.what = j.value("what", std::string());
            e.changes = changesFromJson(j.at("changes"), subject);
            c.entries.push_back(std::move(e));
        } catch (const std::exception&) {
            c.tornTail = true;
            break;
        }
    }
    if (first) throw Error(subject, "empty journal");
    return c;
}

} // namespace ll::ui
