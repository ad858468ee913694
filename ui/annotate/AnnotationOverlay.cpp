#include "annotate/AnnotationOverlay.h"

#include "annotate/ShapeEdits.h"
#include "view/ImageCanvas.h"
#include "view/ViewState.h"

#include <QElapsedTimer>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace ll::ui {

AnnotationOverlay::AnnotationOverlay(AnnotationEditor* editor, ImageCanvas* canvas, ViewState* state,
                                     BackdropImages* backdrops, QWidget* parent)
    : QWidget(parent ? parent : canvas), editor_(editor), canvas_(canvas), canvasObject_(canvas), state_(state), backdrops_(backdrops) {
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_TransparentForMouseEvents, true);
    setGeometry(canvas->rect());
    canvas->installEventFilter(this);
    connect(editor_, &AnnotationEditor::changed, this, [this] { if (active_) update(); });
    connect(state_, &ViewState::transformChanged, this, [this] { if (active_) update(); });
    connect(state_, &ViewState::displayChanged, this, [this] { if (active_ && backdrop_ != Backdrop::Pane) update(); });
    hide();
}

void AnnotationOverlay::setActive(bool on) {
    active_ = on;
    setAttribute(Qt::WA_TransparentForMouseEvents, !on);
    setVisible(on);
    if (on) {
        setGeometry(canvas_->rect());
        raise();
    } else {
        drag_ = Drag::None;
    }
    update();
}

void AnnotationOverlay::setBackdrop(Backdrop b) {
    if (b == backdrop_) return;
    backdrop_ = b;
    update();
    Q_EMIT backdropChanged(b);
}

bool AnnotationOverlay::eventFilter(QObject* watched, QEvent* e) {
    // The type first, and identity through the plain QObject pointer: the canvas sends events while it
    // is being destroyed (window deactivation), when it is no longer an ImageCanvas and QPointer's
    // downcast would be undefined behaviour (UBSan, sanitize-gui tier).
    if (e->type() == QEvent::Resize && watched == canvasObject_ && canvas_) setGeometry(canvas_->rect());
    return QWidget::eventFilter(watched, e);
}

QTransform AnnotationOverlay::annotationToScreen() const {
    const ViewTransform& t = state_->transform();
    QTransform xf;
    xf.translate(width() / 2.0, height() / 2.0);
    xf.scale(t.scale, t.scale);
    xf.translate(-t.centre.x(), -t.centre.y());
    xf.scale(editor_->viewScaleX(), editor_->viewScaleY());
    return xf;
}

QPointF AnnotationOverlay::toScreen(const AnnotationPoint& p) const {
    return state_->transform().toScreen(QPointF(p.x * editor_->viewScaleX(), p.y * editor_->viewScaleY()), size());
}

AnnotationPoint AnnotationOverlay::toAnnotation(QPointF screen) const {
    const QPointF v = state_->transform().toImage(screen, size());
    return {v.x() / editor_->viewScaleX(), v.y() / editor_->viewScaleY()};
}

double AnnotationOverlay::radius() const {
    return kSnapPixels / (state_->transform().scale * std::max(1e-12, editor_->viewScaleX()));
}

AnnotationPoint AnnotationOverlay::snapped(const AnnotationPoint& p, int excludeShape, bool* didSnap) const {
    const auto s = snapPoint(editor_->index(), p, radius(), excludeShape);
    if (didSnap) *didSnap = s.has_value();
    return s ? s->point : p;
}

// ---------------------------------------------------------------- painting

void AnnotationOverlay::drawBackdrop(QPainter& p) {
    if (backdrop_ == Backdrop::Pane || !backdrops_ || backdrops_->size().isEmpty()) return;
    const ViewTransform& t = state_->transform();
    // The mip level whose pixels are about one screen pixel.
    int level = 0;
    while (level < 8 && t.scale * double(1 << (level + 1)) <= 1.0) ++level;
    const QImage img = backdrops_->image(backdrop_, state_->display().exposureEv, level);
    if (img.isNull()) return;
    p.fillRect(rect(), QColor(0x1b, 0x1e, 0x24));
    const QSize s = backdrops_->size();
    const QRectF target(t.toScreen(QPointF(0, 0), size()), t.toScreen(QPointF(s.width(), s.height()), size()));
    p.setRenderHint(QPainter::SmoothPixmapTransform, t.scale * double(1 << level) < 0.999);
    p.drawImage(target, img);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
}

void AnnotationOverlay::drawShapes(QPainter& p) {
    const AnnotationDocument* doc = editor_->document();
    lastDrawn_ = 0;
    if (!doc) return;
    const QTransform xf = annotationToScreen();
    const QTransform inv = xf.inverted();
    const QRectF vis = inv.mapRect(QRectF(rect()));
    Bounds view{vis.left(), vis.top(), vis.right(), vis.bottom()};
    const auto visible = editor_->index().shapesMeeting(view);
    const auto& preview = editor_->preview();
    const double opacity = state_->overlays().opacity;
    const auto& hidden = state_->overlays().hiddenClasses;

    p.setRenderHint(QPainter::Antialiasing, visible.size() < 400);
    auto drawOne = [&](int i, const QPainterPath& annPath, bool selected) {
        const QColor c = editor_->shapeColour(i);
        QColor fill = c;
        fill.setAlphaF(float((selected ? 0.55 : 0.38) * opacity));
        const QPainterPath path = xf.map(annPath);
        p.fillPath(path, fill);
        QPen pen(selected ? QColor(255, 255, 255) : c, selected ? 2.0 : 1.4);
        p.strokePath(path, pen);
        ++lastDrawn_;
    };
    auto previewPath = [&](const std::vector<Ring>& rings, RingRule rule) {
        QPainterPath path;
        path.setFillRule(rule == RingRule::EvenOdd ? Qt::OddEvenFill : Qt::WindingFill);
        for (const Ring& r : rings) {
            if (r.size() < 2) continue;
            path.moveTo(r[0].x, r[0].y);
            for (std::size_t k = 1; k < r.size(); ++k) path.lineTo(r[k].x, r[k].y);
            path.closeSubpath();
        }
        return path;
    };
    for (int i : editor_->maskShapes()) {
        if (editor_->isSelected(i)) continue; // drawn on top below
        if (hidden.contains(QString::fromStdString(doc->shapes()[std::size_t(i)].className))) continue;
        drawOne(i, editor_->path(i), editor_->isSelected(i));
    }
    for (int i : visible) {
        const Shape& s = doc->shapes()[std::size_t(i)];
        if (hidden.contains(QString::fromStdString(s.className))) continue;
        if (editor_->isSelected(i) || preview.count(i)) continue; // drawn on top below
        drawOne(i, editor_->path(i), false);
    }
    // Selected and dragged shapes on top, with their vertex handles.
    p.setRenderHint(QPainter::Antialiasing, true);
    std::vector<int> top = editor_->selection();
    for (const auto& [i, r] : preview)
        if (!editor_->isSelected(i)) top.push_back(i);
    for (int i : top) {
        if (i >= int(doc->shapes().size())) continue;
        const auto it = preview.find(i);
        const std::vector<Ring>& rings = it != preview.end() ? it->second : editor_->index().rings(i);
        drawOne(i, it != preview.end() ? previewPath(rings, doc->shapes()[std::size_t(i)].ringRule) : editor_->path(i),
                editor_->isSelected(i));
        const double h = kHandlePixels;
        for (int r = 0; r < int(rings.size()); ++r)
            for (int v = 0; v < int(rings[std::size_t(r)].size()); ++v) {
                const QPointF c = xf.map(QPointF(rings[std::size_t(r)][std::size_t(v)].x, rings[std::size_t(r)][std::size_t(v)].y));
                if (!rect().adjusted(-10, -10, 10, 10).contains(c.toPoint())) continue;
                const bool chosen = editor_->selectedVertex() == VertexRef{i, r, v};
                p.setPen(QPen(QColor(20, 20, 20), 1));
                p.setBrush(chosen ? QColor(255, 214, 10) : QColor(255, 255, 255));
                p.drawRect(QRectF(c.x() - h / 2, c.y() - h / 2, h, h));
            }
    }
    p.setBrush(Qt::NoBrush);
}

void AnnotationOverlay::drawDraft(QPainter& p) {
    const Ring& d = editor_->draft();
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor c = editor_->tool() == AnnotateTool::Hole ? QColor(255, 255, 255) : AnnotationEditor::classColour(editor_->activeClass());
    if (!d.empty()) {
        QPolygonF poly;
        for (const auto& v : d) poly << toScreen(v);
        const bool mouseIn = rect().contains(mouse_.toPoint());
        if (mouseIn) poly << (snapMark_ ? toScreen(*snapMark_) : mouse_);
        p.setPen(QPen(QColor(0, 0, 0, 170), 3.5));
        p.drawPolyline(poly);
        p.setPen(QPen(c, 1.8, editor_->tool() == AnnotateTool::Hole ? Qt::DashLine : Qt::SolidLine));
        p.drawPolyline(poly);
        for (std::size_t i = 0; i < d.size(); ++i) {
            const QPointF s = toScreen(d[i]);
            const bool closing = i == 0 && d.size() >= 3 && mouseIn && std::hypot(s.x() - mouse_.x(), s.y() - mouse_.y()) <= kSnapPixels;
            p.setPen(QPen(QColor(20, 20, 20), 1));
            p.setBrush(closing ? QColor(255, 214, 10) : c);
            const double h = closing ? kHandlePixels + 4 : kHandlePixels;
            p.drawEllipse(s, h / 2, h / 2);
        }
        p.setBrush(Qt::NoBrush);
    }
    if (snapMark_) {
        const QPointF s = toScreen(*snapMark_);
        p.setPen(QPen(QColor(0, 0, 0, 200), 3));
        p.drawEllipse(s, 6, 6);
        p.setPen(QPen(QColor(120, 255, 170), 1.6));
        p.drawEllipse(s, 6, 6);
    }
    if (edgeMark_) {
        const QPointF s = toScreen(*edgeMark_);
        p.setPen(QPen(QColor(20, 20, 20), 1));
        p.setBrush(QColor(120, 255, 170));
        p.drawEllipse(s, 4, 4);
        p.setBrush(Qt::NoBrush);
    }
}

void AnnotationOverlay::paintEvent(QPaintEvent*) {
    if (!active_) return;
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    drawBackdrop(p);
    drawShapes(p);
    drawDraft(p);
    if (backdrop_ != Backdrop::Pane) { // the pane's header names its own content: say what is shown
        const QString text = tr("Backdrop: %1").arg(backdropName(backdrop_));
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.95);
        p.setFont(f);
        const QRect r = QFontMetrics(f).boundingRect(text).adjusted(-6, -3, 6, 3).translated(10 - 0, 10 + QFontMetrics(f).ascent());
        p.fillRect(r, QColor(0, 0, 0, 150));
        p.setPen(QColor(235, 235, 235));
        p.drawText(r, Qt::AlignCenter, text);
    }
    if (hasFocus()) {
        p.setPen(QPen(QColor(255, 214, 10, 140), 1));
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
    lastPaintMs_ = double(timer.nsecsElapsed()) / 1e6;
}

// ---------------------------------------------------------------- mouse

void AnnotationOverlay::updateHover(QPointF pos) {
    snapMark_.reset();
    edgeMark_.reset();
    const AnnotationPoint a = toAnnotation(pos);
    const AnnotationDocument* doc = editor_->document();
    if (!doc) return;
    const double r = radius();
    const ShapeIndex& index = editor_->index();
    if (editor_->tool() != AnnotateTool::Select) {
        bool did = false;
        const AnnotationPoint s = snapped(a, -1, &did);
        if (did) snapMark_ = s;
        setCursor(Qt::CrossCursor);
        return;
    }
    Qt::CursorShape cursor = Qt::ArrowCursor;
    for (int sel : editor_->selection()) {
        if (index.nearestVertex(a, r, sel)) {
            cursor = Qt::SizeAllCursor;
            break;
        }
        if (auto e = index.nearestEdge(a, r, sel)) {
            edgeMark_ = e->point;
            cursor = Qt::PointingHandCursor;
            break;
        }
    }
    if (cursor == Qt::ArrowCursor && !index.shapesContaining(a).empty()) cursor = Qt::OpenHandCursor;
    setCursor(cursor);
}

void AnnotationOverlay::mousePressEvent(QMouseEvent* e) {
    if (!active_ || e->button() != Qt::LeftButton) {
        e->ignore(); // middle button: the canvas pans
        return;
    }
    setFocus(Qt::MouseFocusReason);
    AnnotationDocument* doc = editor_->document();
    if (!doc) return;
    const AnnotationPoint a = toAnnotation(e->position());
    const double r = radius();
    const ShapeIndex& index = editor_->index();

    if (editor_->tool() != AnnotateTool::Select) {
        const Ring& d = editor_->draft();
        if (d.size() >= 3) {
            const QPointF first = toScreen(d.front());
            if (std::hypot(first.x() - e->position().x(), first.y() - e->position().y()) <= kSnapPixels) {
                editor_->closeDraft();
                return;
            }
        }
        editor_->addDraftPoint(snapped(a, -1));
        return;
    }

    // Vertices and edges of the selected shapes first.
    for (int sel : editor_->selection()) {
        if (auto v = index.nearestVertex(a, r, sel)) {
            if (e->modifiers() & Qt::AltModifier) {
                editor_->setSelectedVertex(*v);
                editor_->deleteSelection();
                return;
            }
            editor_->setSelectedVertex(*v);
            drag_ = Drag::Vertex;
            dragMergeKey_ = -1;
            dragVertex_ = *v;
            dragStart_ = a;
            dragMoved_ = false;
            return;
        }
    }
    for (int sel : editor_->selection()) {
        if (auto hit = index.nearestEdge(a, r, sel)) {
            if (!isEditablePolygon(doc->shapes()[std::size_t(sel)])) break;
            constexpr int kInsertDragKeys = 1000; // above the editor's nudge key
            dragMergeKey_ = kInsertDragKeys + (insertGestures_++ & 0xFFFFF);
            editor_->edit(tr("Insert vertex"), insertVertex(doc->shapes(), hit->shape, hit->ring, hit->edge, hit->point),
                          dragMergeKey_);
            const VertexRef v{hit->shape, hit->ring, hit->edge + 1};
            editor_->setSelectedVertex(v);
            drag_ = Drag::Vertex;
            dragVertex_ = v;
            dragStart_ = a;
            dragMoved_ = false;
            return;
        }
    }
    int hitShape = -1;
    const auto under = index.shapesContaining(a);
    if (!under.empty()) hitShape = under.back();
    else if (auto hit = index.nearestEdge(a, r)) hitShape = hit->shape;
    else hitShape = editor_->maskAt(a);
    if (hitShape < 0) {
        if (!(e->modifiers() & Qt::ShiftModifier)) editor_->setSelection({});
        return;
    }
    if (e->modifiers() & Qt::ShiftModifier) {
        std::vector<int> sel = editor_->selection();
        if (editor_->isSelected(hitShape)) sel.erase(std::find(sel.begin(), sel.end(), hitShape));
        else sel.push_back(hitShape);
        editor_->setSelection(sel);
        return;
    }
    if (!editor_->isSelected(hitShape)) editor_->setSelection({hitShape});
    editor_->setSelectedVertex({});
    drag_ = Drag::Shapes;
    dragStart_ = a;
    dragMoved_ = false;
}

void AnnotationOverlay::mouseMoveEvent(QMouseEvent* e) {
    QElapsedTimer timer;
    timer.start();
    mouse_ = e->position();
    const AnnotationPoint a = toAnnotation(e->position());
    const QPointF v = state_->transform().toImage(e->position(), size());
    const QSize is = backdrops_ ? backdrops_->size() : QSize();
    const QPoint px(int(std::floor(v.x())), int(std::floor(v.y())));
    state_->setHover(QRect(QPoint(0, 0), is).contains(px) ? px : QPoint(-1, -1));
    AnnotationDocument* doc = editor_->document();
    if (!active_ || !doc || !(e->buttons() & Qt::LeftButton) || drag_ == Drag::None) {
        if (e->buttons() & Qt::MiddleButton) e->ignore();
        updateHover(e->position());
        update();
        lastMoveMs_ = double(timer.nsecsElapsed()) / 1e6;
        return;
    }
    if (drag_ == Drag::Vertex) {
        bool did = false;
        const AnnotationPoint p = snapped(a, dragVertex_.shape, &did);
        snapMark_ = did ? std::optional<AnnotationPoint>(p) : std::nullopt;
        auto rings = editor_->index().rings(dragVertex_.shape);
        rings[std::size_t(dragVertex_.ring)][std::size_t(dragVertex_.vertex)] = p;
        dragMoved_ = true;
        editor_->setPreview({{dragVertex_.shape, std::move(rings)}});
    } else if (drag_ == Drag::Shapes) {
        const double dx = a.x - dragStart_.x, dy = a.y - dragStart_.y;
        std::map<int, std::vector<Ring>> preview;
        for (int i : editor_->selection())
            if (isEditablePolygon(doc->shapes()[std::size_t(i)])) preview[i] = translated(editor_->index().rings(i), dx, dy);
        dragMoved_ = dragMoved_ || dx != 0 || dy != 0;
        editor_->setPreview(std::move(preview));
    }
    lastMoveMs_ = double(timer.nsecsElapsed()) / 1e6;
}

void AnnotationOverlay::mouseReleaseEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) {
        e->ignore();
        return;
    }
    const Drag drag = drag_;
    drag_ = Drag::None;
    AnnotationDocument* doc = editor_->document();
    if (!doc || drag == Drag::None) return;
    const auto preview = editor_->preview();
    editor_->setPreview({});
    snapMark_.reset();
    if (!dragMoved_) return;
    if (drag == Drag::Vertex) {
        const auto it = preview.find(dragVertex_.shape);
        if (it == preview.end()) return;
        const AnnotationPoint to = it->second[std::size_t(dragVertex_.ring)][std::size_t(dragVertex_.vertex)];
        editor_->edit(tr("Move vertex"), moveVertex(doc->shapes(), dragVertex_, to), dragMergeKey_);
    } else {
        const AnnotationPoint a = toAnnotation(e->position());
        const double dx = a.x - dragStart_.x, dy = a.y - dragStart_.y;
        if (dx != 0 || dy != 0)
            editor_->edit(editor_->selection().size() == 1 ? tr("Move shape") : tr("Move shapes"),
                          moveShapes(doc->shapes(), editor_->selection(), dx, dy));
    }
}

void AnnotationOverlay::leaveEvent(QEvent*) {
    mouse_ = QPointF(-1, -1);
    snapMark_.reset();
    edgeMark_.reset();
    state_->setHover(QPoint(-1, -1));
    update();
}

void AnnotationOverlay::focusInEvent(QFocusEvent*) {
    update();
    Q_EMIT focused();
}

// ---------------------------------------------------------------- keys

bool AnnotationOverlay::isEditorKey(const QKeyEvent* e) const {
    if (!active_) return false;
    const auto mods = e->modifiers() & ~(Qt::KeypadModifier);
    const int k = e->key();
    if (mods & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return false;
    switch (k) {
    case Qt::Key_1: case Qt::Key_2: case Qt::Key_3: case Qt::Key_4: case Qt::Key_5:
    case Qt::Key_6: case Qt::Key_7: case Qt::Key_8: case Qt::Key_9:
    case Qt::Key_P: case Qt::Key_H: case Qt::Key_V: case Qt::Key_K: case Qt::Key_D:
    case Qt::Key_Return: case Qt::Key_Enter: case Qt::Key_Backspace: case Qt::Key_Delete:
        return true;
    case Qt::Key_Escape:
        return !editor_->draft().empty() || !editor_->selection().empty() || editor_->tool() != AnnotateTool::Select;
    case Qt::Key_Left: case Qt::Key_Right: case Qt::Key_Up: case Qt::Key_Down:
        // Without a selection the arrows keep their inspector meaning (scene / task).
        return !editor_->selection().empty() && editor_->tool() == AnnotateTool::Select;
    default:
        return false;
    }
}

bool AnnotationOverlay::event(QEvent* e) {
    if (e->type() == QEvent::ShortcutOverride && isEditorKey(static_cast<QKeyEvent*>(e))) {
        e->accept();
        return true;
    }
    return QWidget::event(e);
}

void AnnotationOverlay::keyPressEvent(QKeyEvent* e) {
    if (!isEditorKey(e)) {
        QWidget::keyPressEvent(e);
        return;
    }
    const int k = e->key();
    const double step = (e->modifiers() & Qt::ShiftModifier) ? 10.0 : 1.0;
    // Nudges move by whole screen-independent pixels of the case image.
    const double ux = step / editor_->viewScaleX(), uy = step / editor_->viewScaleY();
    if (k >= Qt::Key_1 && k <= Qt::Key_9) {
        const QString c = editor_->classForKey(k - Qt::Key_0);
        if (c.isEmpty()) return;
        editor_->setActiveClass(c);
        if (editor_->tool() == AnnotateTool::Select) editor_->setClassOfSelection(AnnotationEditor::labelFor(c));
        return;
    }
    switch (k) {
    case Qt::Key_P: editor_->setTool(AnnotateTool::Draw); break;
    case Qt::Key_H: editor_->setTool(AnnotateTool::Hole); break;
    case Qt::Key_V: editor_->setTool(AnnotateTool::Select); break;
    case Qt::Key_K: setBackdrop(Backdrop((int(backdrop_) + 1) % kBackdropCount)); break;
    case Qt::Key_D: editor_->duplicateSelection(); break;
    case Qt::Key_Return:
    case Qt::Key_Enter: editor_->closeDraft(); break;
    case Qt::Key_Backspace:
        if (!editor_->draft().empty()) editor_->popDraftPoint();
        else if (editor_->selectedVertex().valid()) editor_->deleteSelection();
        break;
    case Qt::Key_Delete:
        if (!editor_->draft().empty()) editor_->popDraftPoint();
        else editor_->deleteSelection();
        break;
    case Qt::Key_Escape:
        if (!editor_->draft().empty()) editor_->clearDraft();
        else if (editor_->tool() != AnnotateTool::Select) editor_->setTool(AnnotateTool::Select);
        else if (editor_->selectedVertex().valid()) editor_->setSelectedVertex({});
        else editor_->setSelection({});
        break;
    case Qt::Key_Left: editor_->nudgeSelection(-ux, 0); break;
    case Qt::Key_Right: editor_->nudgeSelection(ux, 0); break;
    case Qt::Key_Up: editor_->nudgeSelection(0, -uy); break;
    case Qt::Key_Down: editor_->nudgeSelection(0, uy); break;
    default: break;
    }
}

} // namespace ll::ui
