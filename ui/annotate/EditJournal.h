#pragma once
// EditJournal: the crash-safety log of one labels file, "<labels>.journal" beside it.
//
// Format: text, one JSON object a line, append-only. The first line is the header
//   {"lightlens_journal": 1, "labels": "<file name>", "scene": "...", "base_sha256": "<hex>|absent",
//    "started": "<UTC ISO time>"}
// naming the labels file content the edits apply to (SHA-256 of its bytes, "absent" when there was
// no file). Every further line is one user action (an edit, an undo or a redo):
//   {"seq": n, "what": "Move vertex", "changes": [ {"op": "replace"|"insert"|"remove", "index": i,
//    "shape": {...}} ... ]}
// with the shapes written losslessly (ShapeJson.h). Each line is written with one write() and
// then fsync()ed before the edit returns, so after a crash or kill the journal holds every
// finished action; a torn last line (the action in flight) is ignored on reading.
// The journal is removed only after the labels file was saved successfully or the user discarded
// the edits.
#include "annotate/ShapeChange.h"

#include <filesystem>
#include <string>
#include <vector>

namespace ll::ui {

struct JournalEntry {
    long long seq = 0;
    std::string what;
    ShapeChanges changes;
};

struct JournalContents {
    std::string labelsName;
    std::string scene;
    std::string baseSha256; // "absent" when the labels file did not exist
    std::string started;
    std::vector<JournalEntry> entries;
    bool tornTail = false; // the last line was incomplete (dropped)
};

class EditJournal {
public:
    explicit EditJournal(std::filesystem::path labels);
    ~EditJournal();
    EditJournal(const EditJournal&) = delete;
    EditJournal& operator=(const EditJournal&) = delete;

    static std::filesystem::path journalPathFor(const std::filesystem::path& labels);
    // SHA-256 (hex) of a file's bytes, "absent" when it does not exist.
    static std::string fileSha256(const std::filesystem::path& path);
    // Reads a journal. Throws ll::Error naming the file when the header is unreadable; entries
    // after the first malformed line are dropped (tornTail).
    static JournalContents read(const std::filesystem::path& journal);

    const std::filesystem::path& path() const { return path_; }
    bool exists() const;
    bool isOpen() const { return fd_ >= 0; }
    // Starts a new journal (replacing any file there) for the given base. Throws ll::Error.
    void start(const std::string& baseSha256, const std::string& scene);
    // Appends one action and syncs it to disk. Throws ll::Error naming the journal.
    void append(const std::string& what, const ShapeChanges& changes);
    // Closes and deletes the journal.
    void remove();
    // Closes it, leaving the file (a later start replaces it).
    void close();
    long long entries() const { return seq_; }

private:
    void writeLine(const std::string& line);

    std::filesystem::path labels_;
    std::filesystem::path path_;
    int fd_ = -1;
    long long seq_ = 0;
};

} // namespace ll::ui
