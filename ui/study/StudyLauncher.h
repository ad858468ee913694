#pragma once
// Starting the A/B study window from the GUI: asks for what is not given (the study file, the
// results CSV, the rater's name), then opens ll::ui::StudyWindow as its own window. Errors (a missing
// or malformed study file, an unusable results file) are shown as one line in a message box.
#include <QString>

class QWidget;

namespace ll::ui {

class StudyWindow;

// Opens the study window (a top-level window that deletes itself when closed) or returns null and
// sets `error` to one line. All three arguments must be given.
StudyWindow* openStudyWindow(const QString& studyPath, const QString& resultsPath, const QString& rater,
                             QString* error = nullptr);

// Asks for the missing pieces with dialogs (empty arguments), then opens the window; null when the
// user cancels or the files cannot be used (the error is shown to the user).
StudyWindow* startStudy(QWidget* parent, QString studyPath = {}, QString resultsPath = {}, QString rater = {});

} // namespace ll::ui
