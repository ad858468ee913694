#pragma once
// ClassPalette: the annotation classes with their colours and hotkeys (1..9 for the first nine),
// the active one highlighted; clicking a class makes it active, "Add class…" adds a custom one.
#include <QWidget>

class QListWidget;

namespace ll::ui {

class AnnotationEditor;

class ClassPalette : public QWidget {
    Q_OBJECT
public:
    explicit ClassPalette(AnnotationEditor* editor, QWidget* parent = nullptr);
    QListWidget* list() const { return list_; }
    // Asks for a class name and adds it (and makes it active).
    void addClassDialog();

private:
    void rebuild();

    AnnotationEditor* editor_;
    QListWidget* list_;
};

} // namespace ll::ui
