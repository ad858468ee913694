#pragma once
// AnnotationOverlay: the annotation tool on one pane. A transparent widget laid over the pane's
// ImageCanvas (following its size) that draws the active document's shapes, the selection with
// its vertex handles, the polygon being drawn and the snap marker, optionally over a backdrop
// (I_on - I_off, I_on, I_off) instead of the pane's content, and turns mouse and keys into edits.
//
// Mouse (left button): in Select, click a shape to select it (Shift adds/removes), drag it to move
// it, drag a vertex of a selected shape to move it, click an edge of a selected shape to insert a
// vertex there, Alt+click a vertex to delete it. In Draw / Hole, click to add vertices; clicking the
// first vertex closes. Vertices snap to the vertices and edges of other shapes within kSnapPixels.
// The middle button pans and the wheel zooms (passed on to the canvas).
// Keys (while the overlay has focus, ahead of the window's shortcuts): 1..9 class (and the class of
// the selection), P draw, H cut hole, V select, K cycle backdrop, Enter close, Backspace remove
// the last vertex (or delete the selected vertex), Delete delete, Esc cancel / deselect, D
// duplicate, arrows nudge the selection one pixel (Shift: ten).
#include "annotate/AnnotationEditor.h"
#include "annotate/BackdropImages.h"

#include <QPointer>
#include <QWidget>

namespace ll::ui {

class ImageCanvas;
class ViewState;

class AnnotationOverlay : public QWidget {
    Q_OBJECT
public:
    static constexpr double kSnapPixels = 7.0;
    static constexpr double kHandlePixels = 7.0;

    AnnotationOverlay(AnnotationEditor* editor, ImageCanvas* canvas, ViewState* state, BackdropImages* backdrops,
                      QWidget* parent = nullptr);

    void setActive(bool on);
    bool isActive() const { return active_; }
    Backdrop backdrop() const { return backdrop_; }
    void setBackdrop(Backdrop b);
    ImageCanvas* canvas() const { return canvas_; }

    // Screen <-> annotation coordinates.
    QPointF toScreen(const AnnotationPoint& p) const;
    AnnotationPoint toAnnotation(QPointF screen) const;
    // The transform from annotation coordinates to this widget.
    QTransform annotationToScreen() const;

    // Wall time of the last paintEvent and of the last mouse-move handling, milliseconds.
    double lastPaintMs() const { return lastPaintMs_; }
    double lastMoveMs() const { return lastMoveMs_; }
    // Shapes drawn by the last paint (after culling).
    int lastDrawnShapes() const { return lastDrawn_; }

Q_SIGNALS:
    void backdropChanged(ll::ui::Backdrop b);
    void focused();

protected:
    bool event(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void focusInEvent(QFocusEvent*) override;
    void leaveEvent(QEvent*) override;

private:
    enum class Drag { None, Vertex, Shapes };
    double radius() const; // kSnapPixels in annotation units
    AnnotationPoint snapped(const AnnotationPoint& p, int excludeShape, bool* didSnap = nullptr) const;
    bool isEditorKey(const QKeyEvent* e) const;
    void drawBackdrop(QPainter& p);
    void drawShapes(QPainter& p);
    void drawDraft(QPainter& p);
    void updateHover(QPointF pos);

    AnnotationEditor* editor_;
    QPointer<ImageCanvas> canvas_;
    const QObject* canvasObject_; // the same object, for identity tests in eventFilter
    ViewState* state_;
    BackdropImages* backdrops_;
    bool active_ = false;
    Backdrop backdrop_ = Backdrop::Pane;

    Drag drag_ = Drag::None;
    AnnotationPoint dragStart_;
    VertexRef dragVertex_;
    bool dragMoved_ = false;
    // Merge key of the vertex drag that follows an inserted vertex (-1: none): the insertion and
    // the drag are one undo step. Each insertion gets its own key so two never merge.
    int dragMergeKey_ = -1;
    int insertGestures_ = 0;
    QPointF mouse_{-1, -1};
    std::optional<AnnotationPoint> snapMark_;
    std::optional<AnnotationPoint> edgeMark_;
    double lastPaintMs_ = 0;
    double lastMoveMs_ = 0;
    int lastDrawn_ = 0;
};

} // namespace ll::ui
