#include "panels/StatusLine.h"

namespace ll::ui {

StatusLine::StatusLine(const QString& text, QWidget* parent) : QLabel(text, parent) { setWordWrap(false); }

void StatusLine::showMessage(const QString& text) {
    error_ = false;
    setStyleSheet({});
    setText(text);
}

QString StatusLine::showError(const QString& message) {
    QString line = message;
    line.replace('\n', ' ');
    error_ = true;
    setStyleSheet("color: #ff7b72;");
    setText(line);
    return line;
}

} // namespace ll::ui
