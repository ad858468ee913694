#pragma once
// FigureComposer: the GUI's figure window. The author picks a figure kind (a grid of images and error
// maps, or a plot or table of benchmark results), its rows, columns, insets, size and scores; a preview
// is rebuilt in the background (JobRunner) after every change; "Export…" writes PDF, SVG, PNG or the
// same numbers as LaTeX, Markdown or CSV; "Save description…" writes the figure description
// (FigureSpec JSON) so `lightlens-cli figure` rebuilds exactly the same file from a script. The
// equivalent command line is shown under the preview.
#include "figure/FigureBuilder.h"
#include "figure/FigureSpec.h"
#include "jobs/JobRunner.h"
#include "util/Task.h"

#include <QImage>
#include <QRectF>
#include <QStringList>
#include <QWidget>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QTextBrowser;
class QSpinBox;
class QStackedWidget;
class QTimer;

namespace ll::ui {

class FigureOptionsForm;
class FigurePreview;

struct ComposerContext {
    std::filesystem::path dataset;                // the open dataset ("" = none: plots only)
    std::optional<std::filesystem::path> bench;   // benchmark output (per_image.csv); default <dataset>/results
    QStringList scenes, models;                   // of the dataset, in its order
    QString scene, model;                         // the case on screen (initial grid rows)
    Task task = Task::On;
    // The part of the image visible in the inspector, as fractions of the image (for insets).
    std::function<std::optional<QRectF>()> viewRect;
};

// <dataset>/results when it holds a per_image.csv, else nothing.
std::optional<std::filesystem::path> defaultBenchFolder(const std::filesystem::path& dataset);

class FigureComposer : public QWidget {
    Q_OBJECT
public:
    FigureComposer(JobRunner* runner, ComposerContext context, QWidget* parent = nullptr);

    const figure::FigureSpec& spec() const { return spec_; }
    void setSpec(const figure::FigureSpec& spec); // updates the form and the preview
    void setBenchFolder(const std::optional<std::filesystem::path>& folder);

    // Each reports success; on failure the one-line message is in errorText() (and on screen).
    bool loadDescription(const QString& path);
    bool saveDescription(const QString& path);
    // Builds and writes the figure (or table, by extension) in the background; exportFinished follows.
    void exportTo(const QString& path);
    void addInsetFromView();

    // The command that rebuilds the current figure from a saved description.
    QString commandLine(const QString& descriptionPath, const QString& outPath) const;
    // The command shown under the preview: the description last opened or saved and the file last
    // exported (defaults beside the description when there is none yet).
    QString shownCommand() const;
    const QImage& previewImage() const;
    double previewDpi() const { return previewDpi_; } // of the last preview started
    QString previewTable() const; // tables: the Markdown of the table on screen
    QString errorText() const { return error_; }
    bool previewPending() const { return pending_; }

protected:
    void resizeEvent(QResizeEvent* event) override;

Q_SIGNALS:
    void previewUpdated(); // a preview (or its error) arrived
    void exportFinished(bool ok, const QString& message);

private:
    void buildForm();
    void syncForm();           // spec_ -> widgets
    void readForm();           // widgets -> spec_
    void formChanged();
    struct PreviewResult {
        std::shared_ptr<const figure::Figure> figure; // grids and plots
        QImage image;
        QString table;                                 // tables: Markdown (as exported) ...
        QString tableHtml;                             // ... and HTML for the screen
    };
    void startPreview();
    void showPreview(std::shared_ptr<PreviewResult> result, double dpi);
    double fittingDpi(double widthPt) const;
    void showError(const QString& message);
    void showStatus(const QString& message);
    figure::FigureSources sources() const;

    JobRunner* runner_;
    ComposerContext context_;
    figure::FigureSpec spec_;
    bool syncing_ = false;
    bool pending_ = false;
    double previewDpi_ = 0;
    std::shared_ptr<const figure::Figure> figure_; // the figure on screen, re-rendered on resize
    QString error_;
    CancelToken previewToken_;
    QTimer* debounce_;

    QComboBox* kind_;
    QComboBox* width_;
    QCheckBox* taskOn_;
    QCheckBox* taskOff_;
    QListWidget* models_;
    QLabel* benchLabel_;
    QStackedWidget* pages_;
    // grid
    QComboBox* rows_;
    QComboBox* scene_;
    QComboBox* model_;
    QListWidget* scenes_;
    QListWidget* columns_;
    QDoubleSpinBox* exposure_;
    QComboBox* insetPlacement_;
    QLabel* insetsLabel_;
    QCheckBox* repeatTiles_;
    QComboBox* orientation_;    // models as rows or as columns
    QComboBox* differenceTone_; // difference columns: exposure or signed
    QComboBox* image_;          // mosaic: the image kind of every cell
    // plots
    QListWidget* metrics_;
    QDoubleSpinBox* best_;
    QSpinBox* bins_;
    QCheckBox* density_;
    QCheckBox* baseline_;
    QCheckBox* logY_;
    QComboBox* classValues_;    // classes plot: relative or absolute
    // table
    QComboBox* table_;
    FigureOptionsForm* options_; // y scale, panels, model colours, tile encoding

    QStackedWidget* previewPages_;
    FigurePreview* preview_;
    QTextBrowser* tableText_;
    QString tableMarkdown_;
    QLabel* status_;
    QLineEdit* command_;
    QString descriptionPath_; // the description last opened or saved ("" = none yet)
    QString exportPath_;      // the file last exported ("" = none yet)
    void updateCommand();
    QString defaultOutName() const;   // <description stem>.pdf, or .tex for a table
    QStringList startFolders() const; // the description's, the benchmark's and the dataset's folders
};

} // namespace ll::ui
