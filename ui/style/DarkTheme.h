#pragma once
// The application look: Fusion with a dark, low-contrast palette and a small style sheet for the
// pane headers and panels, suited to judging images (neutral greys around the pictures).
class QApplication;

namespace ll::ui {

void applyDarkTheme(QApplication& app);

} // namespace ll::ui
