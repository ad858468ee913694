#pragma once
// The resume journal: finished rows appended one line at a time, each line written with a single
// write() and flushed to disk (fdatasync) before the next, so after a crash or kill -9 the file holds
// complete lines plus at most one torn last line (no trailing newline), which readJournal discards.
#include "bench/ScoreRow.h"

#include <filesystem>
#include <string>
#include <vector>

namespace ll::bench {

class JournalWriter {
public:
    // Opens for appending (creating the file). Throws ll::Error naming the file.
    explicit JournalWriter(const std::filesystem::path& path);
    ~JournalWriter();
    JournalWriter(const JournalWriter&) = delete;
    JournalWriter& operator=(const JournalWriter&) = delete;

    // Appends `line` + "\n" and flushes it to disk.
    void append(const std::string& line);

private:
    std::filesystem::path path_;
    int fd_ = -1;
};

struct JournalContents {
    std::vector<ScoreRow> rows;     // complete, well-formed records in file order
    std::size_t discardedLines = 0; // a torn last line or records that do not parse
};

// Reads a journal; a missing file gives no rows.
JournalContents readJournal(const std::filesystem::path& path);

} // namespace ll::bench
