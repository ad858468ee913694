#include "annotate/AnnotationEditor.h"

#include "annotate/ShapeEdits.h"
#include "annotations/ClassNames.h"
#include "view/CaseOverlays.h"

#include <QBitmap>
#include <QRegion>
#include <QUndoGroup>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace ll::ui {

namespace {

// The outline of an RLE mask (COCO), as the union of its pixel runs.
QPainterPath maskPath(const Mask& m) {
    QPainterPath path;
    if (m.width() <= 0 || m.height() <= 0) return path;
    QImage img(m.width(), m.height(), QImage::Format_Mono);
    img.setColorCount(2);
    img.setColor(0, qRgb(255, 255, 255)); // color0: outside
    img.setColor(1, qRgb(0, 0, 0));       // color1: in the region
    img.fill(0);
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width(); ++x)
            if (m(x, y)) img.setPixel(x, y, 1);
    path.addRegion(QRegion(QBitmap::fromImage(img)));
    return path;
}

} // namespace

int AnnotationEditor::maskAt(const AnnotationPoint& p) const {
    if (!doc_) return -1;
    const int x = int(std::floor(p.x)), y = int(std::floor(p.y));
    for (int i = int(doc_->shapes().size()) - 1; i >= 0; --i) {
        const Shape& s = doc_->shapes()[std::size_t(i)];
        if (s.kind == ShapeKind::Mask && x >= 0 && y >= 0 && x < s.mask.width() && y < s.mask.height() && s.mask(x, y))
            return i;
    }
    return -1;
}

std::vector<int> AnnotationEditor::maskShapes() const {
    std::vector<int> out;
    if (doc_)
        for (int i = 0; i < int(doc_->shapes().size()); ++i)
            if (doc_->shapes()[std::size_t(i)].kind == ShapeKind::Mask) out.push_back(i);
    return out;
}

AnnotationEditor::AnnotationEditor(QObject* parent) : QObject(parent), undo_(new QUndoGroup(this)) {
    for (const auto& c : canonicalClassNames()) classes_ << QString::fromStdString(c);
    activeClass_ = classes_.front();
}

AnnotationEditor::~AnnotationEditor() = default;

AnnotationDocument* AnnotationEditor::openDocument(const std::filesystem::path& labels, const std::string& scene,
                                                   int width, int height, const std::string& imageName) {
    const std::string key = labels.lexically_normal().string();
    auto it = docs_.find(key);
    if (it != docs_.end()) return it->second.get();
    auto doc = std::make_unique<AnnotationDocument>(labels, scene, width, height, imageName, this);
    AnnotationDocument* d = doc.get();
    undo_->addStack(d->undoStack());
    connect(d, &AnnotationDocument::changed, this, [this, d] {
        if (d != doc_) return;
        rebuild();
        Q_EMIT shapesChanged();
        Q_EMIT changed();
    });
    connect(d, &AnnotationDocument::journalFailed, this, &AnnotationEditor::message);
    docs_[key] = std::move(doc);
    mergeClassesFrom(*d);
    return d;
}

void AnnotationEditor::setActiveDocument(AnnotationDocument* doc) {
    if (doc == doc_) return;
    doc_ = doc;
    selection_.clear();
    vertex_ = {};
    draft_.clear();
    preview_.clear();
    undo_->setActiveStack(doc ? doc->undoStack() : nullptr);
    rebuild();
    Q_EMIT documentActivated(doc);
    Q_EMIT shapesChanged();
    Q_EMIT changed();
}

std::vector<AnnotationDocument*> AnnotationEditor::documents() const {
    std::vector<AnnotationDocument*> out;
    for (const auto& [k, d] : docs_) out.push_back(d.get());
    return out;
}

std::vector<AnnotationDocument*> AnnotationEditor::modifiedDocuments() const {
    std::vector<AnnotationDocument*> out;
    for (const auto& [k, d] : docs_)
        if (d->isModified()) out.push_back(d.get());
    return out;
}

void AnnotationEditor::closeDocuments() {
    setActiveDocument(nullptr);
    for (auto& [k, d] : docs_) undo_->removeStack(d->undoStack());
    docs_.clear();
}

void AnnotationEditor::setViewScale(double sx, double sy) {
    if (sx == sx_ && sy == sy_) return;
    sx_ = sx;
    sy_ = sy;
    Q_EMIT changed();
}

void AnnotationEditor::mergeClassesFrom(const AnnotationDocument& doc) {
    bool added = false;
    for (const auto& s : doc.shapes()) {
        const QString c = QString::fromStdString(s.className.empty() ? s.label : s.className);
        if (!c.isEmpty() && !classes_.contains(c)) {
            classes_ << c;
            added = true;
        }
    }
    if (added) Q_EMIT classesChanged();
}

void AnnotationEditor::addClass(const QString& name) {
    const QString key = QString::fromStdString(classKey(name.toStdString()));
    if (key.isEmpty()) return;
    if (!classes_.contains(key)) {
        classes_ << key;
        Q_EMIT classesChanged();
    }
    setActiveClass(key);
}

void AnnotationEditor::setActiveClass(const QString& name) {
    if (name == activeClass_ || !classes_.contains(name)) return;
    activeClass_ = name;
    Q_EMIT activeClassChanged(name);
    Q_EMIT changed();
}

QString AnnotationEditor::classForKey(int number) const {
    return number >= 1 && number <= 9 && number <= classes_.size() ? classes_[number - 1] : QString();
}

QColor AnnotationEditor::classColour(const QString& className) { return annotationClassColour(className); }

QColor AnnotationEditor::shapeColour(int shape) const {
    const Shape& s = doc_->shapes()[std::size_t(shape)];
    return classColour(QString::fromStdString(s.className.empty() ? s.label : s.className));
}

void AnnotationEditor::setTool(AnnotateTool t) {
    if (t == tool_) return;
    tool_ = t;
    draft_.clear();
    Q_EMIT toolChanged(t);
    Q_EMIT changed();
}

void AnnotationEditor::setSelection(std::vector<int> shapes) {
    std::sort(shapes.begin(), shapes.end());
    shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
    if (shapes == selection_) return;
    selection_ = std::move(shapes);
    if (!isSelected(vertex_.shape)) vertex_ = {};
    Q_EMIT changed();
}

void AnnotationEditor::setSelectedVertex(const VertexRef& v) {
    vertex_ = v;
    Q_EMIT changed();
}

bool AnnotationEditor::isSelected(int shape) const {
    return std::binary_search(selection_.begin(), selection_.end(), shape);
}

void AnnotationEditor::addDraftPoint(const AnnotationPoint& p) {
    draft_.push_back(p);
    Q_EMIT changed();
}

void AnnotationEditor::popDraftPoint() {
    if (draft_.empty()) return;
    draft_.pop_back();
    Q_EMIT changed();
}

void AnnotationEditor::clearDraft() {
    if (draft_.empty()) return;
    draft_.clear();
    Q_EMIT changed();
}

bool AnnotationEditor::closeDraft() {
    if (!doc_ || draft_.size() < 3) return false;
    Ring ring = std::move(draft_);
    draft_.clear();
    if (tool_ == AnnotateTool::Hole) {
        int target = selection_.size() == 1 ? selection_.front() : -1;
        if (target < 0) {
            const auto under = index_.shapesContaining(ring.front());
            if (!under.empty()) target = under.back();
        }
        if (target < 0 || !isEditablePolygon(doc_->shapes()[std::size_t(target)])) {
            Q_EMIT message(tr("Select the shape to cut the hole in first."));
            Q_EMIT changed();
            return false;
        }
        edit(tr("Cut hole"), cutHole(doc_->shapes(), target, std::move(ring)));
        setSelection({target});
        return true;
    }
    const int at = int(doc_->shapes().size());
    edit(tr("Add polygon"), addShape(doc_->shapes(), makePolygon(labelFor(activeClass_).toStdString(), std::move(ring))));
    setSelection({at});
    return true;
}

void AnnotationEditor::setPreview(std::map<int, std::vector<Ring>> p) {
    preview_ = std::move(p);
    Q_EMIT changed();
}

void AnnotationEditor::edit(const QString& what, ShapeChanges changes, int mergeKey) {
    if (!doc_ || changes.empty()) return;
    try {
        doc_->edit(what, std::move(changes), mergeKey);
    } catch (const std::exception& e) {
        Q_EMIT message(QString::fromStdString(e.what()));
    }
}

void AnnotationEditor::deleteSelection() {
    if (!doc_) return;
    if (vertex_.valid()) {
        const VertexRef v = vertex_;
        vertex_ = {};
        edit(tr("Delete vertex"), deleteVertex(doc_->shapes(), v));
        return;
    }
    if (selection_.empty()) return;
    const auto sel = selection_;
    selection_.clear();
    edit(sel.size() == 1 ? tr("Delete shape") : tr("Delete shapes"), deleteShapes(doc_->shapes(), sel));
}

void AnnotationEditor::duplicateSelection() {
    if (!doc_ || selection_.empty()) return;
    const int first = int(doc_->shapes().size());
    auto changes = duplicateShapes(doc_->shapes(), selection_, 8.0 / sx_, 8.0 / sy_);
    const int n = int(changes.size());
    edit(tr("Duplicate"), std::move(changes));
    std::vector<int> sel;
    for (int i = 0; i < n; ++i) sel.push_back(first + i);
    setSelection(sel);
}

void AnnotationEditor::nudgeSelection(double dx, double dy) {
    if (!doc_ || selection_.empty()) return;
    constexpr int kNudgeKey = 1;
    if (vertex_.valid()) {
        AnnotationPoint p = editableRings(doc_->shapes()[std::size_t(vertex_.shape)])[std::size_t(vertex_.ring)][std::size_t(vertex_.vertex)];
        p.x += dx;
        p.y += dy;
        edit(tr("Nudge vertex"), moveVertex(doc_->shapes(), vertex_, p), kNudgeKey);
    } else {
        edit(tr("Nudge"), moveShapes(doc_->shapes(), selection_, dx, dy), kNudgeKey);
    }
}

void AnnotationEditor::setClassOfSelection(const QString& label) {
    if (!doc_ || selection_.empty()) return;
    edit(tr("Change class"), relabelShapes(doc_->shapes(), selection_, label.toStdString()));
}

void AnnotationEditor::rebuild() {
    std::vector<std::vector<Ring>> rings;
    paths_.clear();
    if (doc_) {
        const auto& shapes = doc_->shapes();
        rings.reserve(shapes.size());
        paths_.reserve(shapes.size());
        for (const auto& s : shapes) {
            rings.push_back(editableRings(s));
            if (s.kind == ShapeKind::Mask) {
                paths_.push_back(maskPath(s.mask));
                continue;
            }
            QPainterPath path;
            path.setFillRule(s.ringRule == RingRule::EvenOdd ? Qt::OddEvenFill : Qt::WindingFill);
            for (const Ring& r : rings.back()) {
                if (r.size() < 2) continue;
                path.moveTo(r[0].x, r[0].y);
                for (std::size_t i = 1; i < r.size(); ++i) path.lineTo(r[i].x, r[i].y);
                path.closeSubpath();
            }
            paths_.push_back(std::move(path));
        }
    }
    index_.build(std::move(rings));
    if (doc_)
        for (int i = 0; i < int(doc_->shapes().size()); ++i) index_.setRule(i, doc_->shapes()[std::size_t(i)].ringRule);
    // Drop selections that no longer exist.
    const int n = index_.shapeCount();
    selection_.erase(std::remove_if(selection_.begin(), selection_.end(), [n](int s) { return s >= n; }), selection_.end());
    if (vertex_.valid()) {
        const bool ok = vertex_.shape < n && vertex_.ring < int(index_.rings(vertex_.shape).size()) &&
                        vertex_.vertex < int(index_.rings(vertex_.shape)[std::size_t(vertex_.ring)].size());
        if (!ok) vertex_ = {};
    }
    if (doc_) mergeClassesFrom(*doc_);
}

} // namespace ll::ui
