#pragma once
// The one-line status under a tool window: progress and results in the normal colour, an error in
// red on a single line (newlines folded), remembered so tests and callers can ask for it.
#include <QLabel>

namespace ll::ui {

class StatusLine : public QLabel {
    Q_OBJECT
public:
    explicit StatusLine(const QString& text = {}, QWidget* parent = nullptr);

    void showMessage(const QString& text);
    // Shows message as one red line and returns that line.
    QString showError(const QString& message);
    // The error on show, or empty when the line shows a message.
    QString errorText() const { return error_ ? text() : QString(); }

private:
    bool error_ = false;
};

} // namespace ll::ui
