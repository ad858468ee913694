#pragma once
// Problems found while reading or converting annotations. Each is one line naming the file:
//   "<file>: error: <problem>"   something was dropped (a shape, an image) or is unusable
//   "<file>: warning: <problem>" kept, with a caveat (clamped, box only, unmatched image, ...)
// A problem with one shape never stops the rest of the file from loading.
#include <string>
#include <vector>

namespace ll {

class IssueLog {
public:
    IssueLog(std::string subject, std::vector<std::string>* sink) : subject_(std::move(subject)), sink_(sink) {}

    void error(const std::string& problem) { add("error", problem); }
    void warning(const std::string& problem) { add("warning", problem); }
    const std::string& subject() const { return subject_; }
    std::vector<std::string>* sink() const { return sink_; }

private:
    void add(const char* severity, const std::string& problem) {
        if (sink_) sink_->push_back(subject_ + ": " + severity + ": " + problem);
    }
    std::string subject_;
    std::vector<std::string>* sink_;
};

// True for a message written by IssueLog::error.
inline bool isErrorMessage(const std::string& message) { return message.find(": error: ") != std::string::npos; }

} // namespace ll
