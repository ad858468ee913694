#pragma once
// KeysDialog (F1, ?): every keyboard shortcut of the main window with what it does, read from the
// window's actions so the list cannot drift from the real bindings.
#include <QDialog>
#include <QList>

class QAction;

namespace ll::ui {

class KeysDialog : public QDialog {
    Q_OBJECT
public:
    KeysDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);
};

} // namespace ll::ui
