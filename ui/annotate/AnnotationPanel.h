#pragma once
// AnnotationPanel: the side panel of the annotation mode: the labels file and whether it has
// unsaved (journalled) changes, the tool buttons, the backdrop of the active pane, the class
// palette, per-class area statistics and the undo history.
#include "annotate/BackdropImages.h"

#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QPushButton;

namespace ll::ui {

class AnnotationEditor;
class AreaStatsTable;
class ClassPalette;

class AnnotationPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnnotationPanel(AnnotationEditor* editor, QWidget* parent = nullptr);

    AreaStatsTable* stats() const { return stats_; }
    ClassPalette* palette() const { return palette_; }
    QComboBox* backdropChooser() const { return backdrop_; }
    void setBackdrop(Backdrop b); // shows the active pane's backdrop
    void setStatus(const QString& file, const QString& state);
    QString statusText() const; // the state line (for tests)

Q_SIGNALS:
    void backdropChosen(ll::ui::Backdrop b);
    void saveRequested();
    void revertRequested();

private:
    AnnotationEditor* editor_;
    QLabel* file_;
    QLabel* state_;
    QButtonGroup* tools_;
    QComboBox* backdrop_;
    ClassPalette* palette_;
    AreaStatsTable* stats_;
};

} // namespace ll::ui
