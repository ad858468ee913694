#pragma once
// AnnotationDocument: the labels of one scene while they are edited: the SceneAnnotations, the
// undo stack of edits (EditCommand), and the EditJournal beside the labels file. Every change,
// including undo and redo, goes through applyChanges(), which updates the shapes, appends the
// change to the journal (synced to disk) and emits changed(). Saving writes the labels in the
// format they were read in (saveAnnotations: atomic, previous file kept as .bak) and then removes
// the journal.
//
// A labels file that cannot be read (malformed JSON, unknown format) opens as an empty LabelMe
// document so the labels can be drawn again; unreadableProblem() says why. The first save first
// copies the unreadable file to "<labels>.unreadable" (".unreadable.2", ... when taken), so it is
// never overwritten silently.
//
// A document opened on a labels file whose journal already exists (left by a crash or a kill)
// reports it through pendingJournal(); the owner then calls restoreJournal() or discardJournal()
// before editing (edits would otherwise start a new journal over the old one: edit() refuses).
#include "annotate/EditJournal.h"
#include "annotate/ShapeChange.h"

#include <QObject>
#include <QString>

#include <filesystem>
#include <memory>
#include <optional>

class QUndoStack;

namespace ll::ui {

class AnnotationDocument : public QObject {
    Q_OBJECT
public:
    // Reads `labels`; a missing file starts an empty LabelMe document for an image of
    // width x height named `imageName`; so does an unreadable file (see unreadableProblem()).
    AnnotationDocument(std::filesystem::path labels, std::string sceneName, int width, int height,
                       std::string imageName, QObject* parent = nullptr);
    ~AnnotationDocument() override;

    const SceneAnnotations& scene() const { return scene_; }
    const std::vector<Shape>& shapes() const { return scene_.shapes; }
    const std::filesystem::path& labelsPath() const { return labels_; }
    const std::string& sceneName() const { return sceneName_; }
    bool fileExisted() const { return fileExisted_; }
    const std::vector<std::string>& loadWarnings() const { return warnings_; }
    // "file: problem" when the labels file exists but could not be read (its labels are ignored).
    const std::optional<std::string>& unreadableProblem() const { return unreadable_; }
    // Where the last save kept the unreadable file (empty before such a save).
    const std::filesystem::path& unreadableBackup() const { return unreadableBackup_; }
    QUndoStack* undoStack() const { return stack_; }
    // Increases with every change (for consumers that recompute from the shapes).
    long long revision() const { return revision_; }
    // Unsaved changes (edits, or work restored from a journal).
    bool isModified() const;

    // A journal left from an earlier run, not yet restored or discarded.
    const std::optional<JournalContents>& pendingJournal() const { return pending_; }
    // Replays the pending journal onto the labels it was started from (the file, or its .bak when
    // the file was saved since). Throws ll::Error when neither matches; the journal is then kept
    // under "<labels>.journal.unapplied" so nothing is lost.
    void restoreJournal();
    void discardJournal();

    // Pushes an edit onto the undo stack (which applies it). `mergeKey` >= 0 lets consecutive
    // edits with the same key and the same shapes merge into one undo step (arrow-key nudges).
    void edit(const QString& what, ShapeChanges changes, int mergeKey = -1);
    // Applies changes, journals them, emits changed(); returns the inverse. For EditCommand.
    ShapeChanges applyChanges(const ShapeChanges& changes, const QString& what);

    // Saves the labels and removes the journal. Throws ll::Error (the journal is then kept).
    void save();
    // Drops every unsaved change: reloads the file, clears the undo stack, removes the journal.
    void revert();

Q_SIGNALS:
    void changed();
    void modifiedChanged(bool modified);
    // The journal could not be written (disk full, permissions); edits continue in memory.
    void journalFailed(const QString& message);

private:
    void load();
    void emitModified();

    std::filesystem::path labels_;
    std::string sceneName_;
    int width_, height_;
    std::string imageName_;
    SceneAnnotations scene_;
    std::vector<std::string> warnings_;
    bool fileExisted_ = false;
    std::optional<std::string> unreadable_;
    std::filesystem::path unreadableBackup_;
    QUndoStack* stack_;
    EditJournal journal_;
    std::optional<JournalContents> pending_;
    bool restored_ = false;
    bool lastModified_ = false;
    long long revision_ = 0;
};

} // namespace ll::ui
