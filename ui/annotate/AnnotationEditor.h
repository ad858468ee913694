#pragma once
// AnnotationEditor: the editing state shared by every pane: the open documents (one per scene's
// labels file) and which one is active, the class palette and the active class, the tool (select,
// draw, cut hole), the selection, the polygon being drawn, the live preview of a drag, and the
// spatial index and drawing paths of the active document (rebuilt once per change, not per
// frame). The overlays (AnnotationOverlay) read this state and call the edit functions.
#include "annotate/AnnotationDocument.h"
#include "annotate/ShapeIndex.h"

#include <QColor>
#include <QObject>
#include <QPainterPath>
#include <QStringList>

#include <map>
#include <memory>

class QUndoGroup;

namespace ll::ui {

enum class AnnotateTool { Select, Draw, Hole };

class AnnotationEditor : public QObject {
    Q_OBJECT
public:
    explicit AnnotationEditor(QObject* parent = nullptr);
    ~AnnotationEditor() override;

    // --- documents
    // The document of a labels file (opened on first use; see AnnotationDocument's constructor).
    AnnotationDocument* openDocument(const std::filesystem::path& labels, const std::string& scene, int width,
                                     int height, const std::string& imageName);
    void setActiveDocument(AnnotationDocument* doc);
    AnnotationDocument* document() const { return doc_; }
    std::vector<AnnotationDocument*> documents() const;
    std::vector<AnnotationDocument*> modifiedDocuments() const;
    // Closes every document (unsaved changes stay in their journals).
    void closeDocuments();
    QUndoGroup* undoGroup() const { return undo_; }

    // Annotation coordinates times these give the pixel coordinates of the case on screen (the
    // labels may refer to a larger or smaller image than the evaluation size).
    void setViewScale(double sx, double sy);
    double viewScaleX() const { return sx_; }
    double viewScaleY() const { return sy_; }

    // --- classes: the spec's classes, those found in open documents, and user-added ones
    const QStringList& classes() const { return classes_; }
    void addClass(const QString& name);
    const QString& activeClass() const { return activeClass_; }
    void setActiveClass(const QString& name);
    // Hotkey 1..9 -> class, or empty.
    QString classForKey(int number) const;
    static QColor classColour(const QString& className);

    // --- tool, selection, drawing
    AnnotateTool tool() const { return tool_; }
    void setTool(AnnotateTool t);
    const std::vector<int>& selection() const { return selection_; }
    void setSelection(std::vector<int> shapes);
    const VertexRef& selectedVertex() const { return vertex_; }
    void setSelectedVertex(const VertexRef& v);
    bool isSelected(int shape) const;

    const Ring& draft() const { return draft_; }
    void addDraftPoint(const AnnotationPoint& p);
    void popDraftPoint();
    void clearDraft();
    // Closes the polygon being drawn: a new shape of the active class (Draw) or a hole in the
    // selected shape or the shape under its first vertex (Hole). False when it has < 3 vertices.
    bool closeDraft();

    // A drag in progress: the shapes drawn with other rings until the drag ends.
    const std::map<int, std::vector<Ring>>& preview() const { return preview_; }
    void setPreview(std::map<int, std::vector<Ring>> p);

    // --- derived from the active document
    const ShapeIndex& index() const { return index_; }
    const QPainterPath& path(int shape) const { return paths_[std::size_t(shape)]; }
    QColor shapeColour(int shape) const;
    // COCO RLE masks are drawn and can be selected, re-classed and deleted, not reshaped: they
    // are not in the index (nothing snaps to their pixel outline).
    std::vector<int> maskShapes() const;
    int maskAt(const AnnotationPoint& p) const; // the topmost mask covering p, or -1

    // --- edits on the active document (each one undo step)
    void edit(const QString& what, ShapeChanges changes, int mergeKey = -1);
    void deleteSelection();
    void duplicateSelection();
    void nudgeSelection(double dx, double dy);
    void setClassOfSelection(const QString& label);

    // The label new shapes get for a class (its canonical name).
    static QString labelFor(const QString& className) { return className; }

Q_SIGNALS:
    // Something drawn changed (shapes, selection, draft, preview, tool, classes).
    void changed();
    // The active document's shapes changed (or another document became active).
    void shapesChanged();
    void classesChanged();
    void toolChanged(ll::ui::AnnotateTool tool);
    void activeClassChanged(const QString& name);
    void documentActivated(ll::ui::AnnotationDocument* doc);
    void message(const QString& text);

private:
    void rebuild();
    void mergeClassesFrom(const AnnotationDocument& doc);

    std::map<std::string, std::unique_ptr<AnnotationDocument>> docs_;
    AnnotationDocument* doc_ = nullptr;
    QUndoGroup* undo_;
    double sx_ = 1, sy_ = 1;
    QStringList classes_;
    QString activeClass_;
    AnnotateTool tool_ = AnnotateTool::Select;
    std::vector<int> selection_;
    VertexRef vertex_;
    Ring draft_;
    std::map<int, std::vector<Ring>> preview_;
    ShapeIndex index_;
    std::vector<QPainterPath> paths_;
};

} // namespace ll::ui
