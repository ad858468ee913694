#include "annotate/EditCommand.h"

#include "annotate/AnnotationDocument.h"

namespace ll::ui {

EditCommand::EditCommand(AnnotationDocument* doc, const QString& text, ShapeChanges changes, int mergeKey)
    : QUndoCommand(text), doc_(doc), forward_(std::move(changes)), mergeKey_(mergeKey) {}

void EditCommand::redo() { inverse_ = doc_->applyChanges(forward_, text()); }

void EditCommand::undo() { doc_->applyChanges(inverse_, QStringLiteral("Undo ") + text()); }

bool EditCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = dynamic_cast<const EditCommand*>(other);
    if (!o || o->mergeKey_ != mergeKey_ || mergeKey_ < 0 || o->forward_.size() != forward_.size()) return false;
    for (std::size_t i = 0; i < forward_.size(); ++i)
        if (forward_[i].type != ShapeChange::Replace || o->forward_[i].type != ShapeChange::Replace ||
            forward_[i].index != o->forward_[i].index)
            return false;
    forward_ = o->forward_; // our inverse still restores the shapes as they were before both
    return true;
}

} // namespace ll::ui
