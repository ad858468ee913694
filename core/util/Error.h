#pragma once
// The one error type of the core: a problem with an input, named by the file (or other subject)
// it concerns. Its what() is a single line "subject: problem", ready for stderr.
#include <stdexcept>
#include <string>

namespace ll {

class Error : public std::runtime_error {
public:
    Error(std::string subject, std::string problem)
        : std::runtime_error(subject.empty() ? problem : subject + ": " + problem),
          subject_(std::move(subject)), problem_(std::move(problem)) {}

    const std::string& subject() const noexcept { return subject_; }
    const std::string& problem() const noexcept { return problem_; }

private:
    std::string subject_;
    std::string problem_;
};

} // namespace ll
