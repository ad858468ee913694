#pragma once
// EditCommand: one undoable edit of an AnnotationDocument (a list of ShapeChanges). redo()
// applies the changes and keeps their inverse; undo() applies the inverse. Consecutive commands
// with the same merge key that replace the same shapes merge into one (arrow-key nudges).
#include "annotate/ShapeChange.h"

#include <QUndoCommand>

namespace ll::ui {

class AnnotationDocument;

class EditCommand : public QUndoCommand {
public:
    EditCommand(AnnotationDocument* doc, const QString& text, ShapeChanges changes, int mergeKey = -1);

    void redo() override;
    void undo() override;
    int id() const override { return mergeKey_; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    AnnotationDocument* doc_;
    ShapeChanges forward_;
    ShapeChanges inverse_;
    int mergeKey_;
};

} // namespace ll::ui
