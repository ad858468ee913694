#pragma once
// File -> New scene from brackets...: picks the light-on and light-off bracket frames, the dataset
// and scene name, runs the capture (core/capture/CaptureScene) as a background job with progress
// and Cancel, then (optionally) writes the dataset's model inputs as `prepare` does and reports the
// new scene so the main window opens it in the inspector.
#include "jobs/JobRunner.h"

#include <QDialog>

#include <atomic>
#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace ll::ui {

class CaptureDialog : public QDialog {
    Q_OBJECT
public:
    CaptureDialog(JobRunner* runner, QWidget* parent = nullptr);
    // A capture still running is cancelled (it stops at its next check and writes nothing).
    ~CaptureDialog() override;

    // For tests: fill the form and start, as the buttons do.
    void setDataset(const QString& dir);
    void setSceneName(const QString& name);
    void setFrames(const QStringList& on, const QStringList& off);
    void setLensCorrection(bool automatic);
    void setTimes(const QString& times);
    void start();
    void cancel();
    bool running() const { return running_; }
    QString statusText() const;

Q_SIGNALS:
    // The scene was written: `dataset` is its dataset folder, `scene` its name.
    void captured(const QString& dataset, const QString& scene);
    void failed(const QString& message);

private:
    void addFrames(QListWidget* list);
    void setRunning(bool running);
    void onProgress(double fraction, const QString& what);

    JobRunner* runner_;
    QLineEdit* dataset_;
    QLineEdit* scene_;
    QListWidget* on_;
    QListWidget* off_;
    QComboBox* lens_;
    QDoubleSpinBox* shift_;
    QLineEdit* times_;
    QCheckBox* prepare_;
    QProgressBar* progress_;
    QLabel* status_;
    QPushButton* startButton_;
    QPushButton* cancelButton_;
    bool running_ = false;
    CancelToken token_;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace ll::ui
