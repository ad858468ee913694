#include "annotate/AnnotationDocument.h"

#include "annotate/EditCommand.h"
#include "annotations/AnnotationIO.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <QUndoStack>

namespace ll::ui {

AnnotationDocument::AnnotationDocument(std::filesystem::path labels, std::string sceneName, int width, int height,
                                       std::string imageName, QObject* parent)
    : QObject(parent), labels_(std::move(labels)), sceneName_(std::move(sceneName)), width_(width), height_(height),
      imageName_(std::move(imageName)), stack_(new QUndoStack(this)), journal_(labels_) {
    load();
    if (journal_.exists()) pending_ = EditJournal::read(journal_.path());
    connect(stack_, &QUndoStack::cleanChanged, this, [this] { emitModified(); });
}

AnnotationDocument::~AnnotationDocument() = default;

void AnnotationDocument::load() {
    std::error_code ec;
    fileExisted_ = std::filesystem::exists(labels_, ec);
    warnings_.clear();
    unreadable_.reset();
    if (fileExisted_) {
        try {
            scene_ = loadAnnotations(labels_, sceneName_, &warnings_);
        } catch (const Error& e) {
            unreadable_ = e.what();
        }
    }
    if (!fileExisted_ || unreadable_) {
        scene_ = SceneAnnotations{};
        scene_.format = AnnotationFormat::LabelMe;
        scene_.imageWidth = width_;
        scene_.imageHeight = height_;
        scene_.imagePath = imageName_;
    }
    if (scene_.imageWidth <= 0 || scene_.imageHeight <= 0) {
        // Coordinates are taken to be in the pixels of the scene's images.
        scene_.imageWidth = width_;
        scene_.imageHeight = height_;
    }
}

bool AnnotationDocument::isModified() const { return restored_ || !stack_->isClean(); }

void AnnotationDocument::emitModified() {
    const bool m = isModified();
    if (m != lastModified_) {
        lastModified_ = m;
        Q_EMIT modifiedChanged(m);
    }
}

ShapeChanges AnnotationDocument::applyChanges(const ShapeChanges& changes, const QString& what) {
    ShapeChanges inverse = applyShapeChanges(scene_.shapes, changes);
    ++revision_;
    try {
        if (!journal_.isOpen()) journal_.start(EditJournal::fileSha256(labels_), sceneName_);
        journal_.append(what.toStdString(), changes);
    } catch (const std::exception& e) {
        Q_EMIT journalFailed(QString::fromStdString(e.what()));
    }
    Q_EMIT changed();
    emitModified();
    return inverse;
}

void AnnotationDocument::edit(const QString& what, ShapeChanges changes, int mergeKey) {
    if (pending_) throw Error(journal_.path().string(), "restore or discard the unsaved edits first");
    if (changes.empty()) return;
    stack_->push(new EditCommand(this, what, std::move(changes), mergeKey));
}

void AnnotationDocument::restoreJournal() {
    if (!pending_) return;
    const JournalContents j = *pending_;
    std::vector<Shape> base;
    const std::string current = EditJournal::fileSha256(labels_);
    std::filesystem::path bak = labels_;
    bak += ".bak";
    if (j.baseSha256 == current) {
        base = scene_.shapes;
    } else if (j.baseSha256 != "absent" && j.baseSha256 == EditJournal::fileSha256(bak)) {
        // Saved after the journal started (the save finished, the journal was not yet removed).
        base = loadAnnotations(bak, sceneName_).shapes;
    } else if (j.baseSha256 == "absent") {
        base.clear();
    } else {
        std::filesystem::path keep = journal_.path();
        keep += ".unapplied";
        std::error_code ec;
        std::filesystem::rename(journal_.path(), keep, ec);
        pending_.reset();
        throw Error(journal_.path().string(),
                    "the labels file changed since these edits were made; the journal was kept as " + keep.string());
    }
    for (const auto& e : j.entries) applyShapeChanges(base, e.changes);
    // A fresh journal against the file as it is now: one entry replacing every shape.
    ShapeChanges all;
    for (std::size_t i = 0; i < scene_.shapes.size(); ++i) all.push_back({ShapeChange::Remove, 0, {}});
    for (std::size_t i = 0; i < base.size(); ++i) all.push_back({ShapeChange::Insert, int(i), base[i]});
    pending_.reset();
    stack_->clear();
    journal_.start(EditJournal::fileSha256(labels_), sceneName_);
    restored_ = true;
    applyChanges(all, QStringLiteral("Restore unsaved edits"));
}

void AnnotationDocument::discardJournal() {
    if (!pending_) return;
    pending_.reset();
    journal_.remove();
}

void AnnotationDocument::save() {
    if (pending_) throw Error(journal_.path().string(), "restore or discard the unsaved edits first");
    if (unreadable_) {
        // Kept under a name no save writes to (".bak" is replaced by every save).
        std::filesystem::path keep = labels_;
        keep += ".unreadable";
        for (int n = 2; std::filesystem::exists(keep); ++n) {
            keep = labels_;
            keep += ".unreadable." + std::to_string(n);
        }
        writeFileAtomic(keep, readFile(labels_));
        unreadableBackup_ = keep;
    }
    saveAnnotations(scene_, labels_, &warnings_);
    unreadable_.reset();
    fileExisted_ = true;
    journal_.remove();
    restored_ = false;
    stack_->setClean();
    emitModified();
}

void AnnotationDocument::revert() {
    pending_.reset();
    if (journal_.isOpen() || journal_.exists()) journal_.remove();
    stack_->clear();
    restored_ = false;
    load();
    ++revision_;
    Q_EMIT changed();
    emitModified();
}

} // namespace ll::ui
