#pragma once
// ValidationWindow ("Validate metric against judgements…"): loads a judgements CSV (A/B choices or
// 1-5 ratings) and a score table as `lightlens-cli validate` does, runs the statistics of core/stats
// on the JobRunner, and shows the agreement-by-separation plot, the score-vs-human scatter with the
// noise ceiling, and every table of the CLI; "Export figure…" writes either plot as PDF, SVG or PNG
// through ui/figure's exporter. Bad input gives one error line in the window.
#include "validate/ValidationJob.h"
#include "jobs/CancelToken.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace ll::ui {

class FigureView;
class JobRunner;
class StatusLine;

class ValidationWindow : public QWidget {
    Q_OBJECT
public:
    explicit ValidationWindow(JobRunner* runner, QWidget* parent = nullptr);
    ~ValidationWindow() override;

    // Sets the inputs (as the file fields would) and runs the analysis (a job).
    void setInputs(const QString& judgements, const QString& scores, JudgementKind kind = JudgementKind::AB);
    void setDraws(int draws);
    // The "Higher is better" / "Lower is better" fields (comma-separated columns, as --higher / --lower).
    void setDirections(const QString& higher, const QString& lower);
    void setSplits(int splits);
    void run();
    // Stops the running analysis: the worker leaves it at its next draw or split, nothing is shown.
    void cancel();
    // Writes the figure ("agreement" or "scatter") by the path's extension; false and an error line otherwise.
    bool exportFigure(const QString& which, const QString& path);

    // For tests and screenshots.
    bool busy() const { return busy_; }
    QString errorText() const;
    ValidationRunPtr result() const { return run_; }
    FigureView* agreementView() const { return agreement_; }
    FigureView* scatterView() const { return scatter_; }
    QTabWidget* tables() const { return tables_; }
    // The table named like the CLI's file stem ("correlation", "agreement", ...), or null.
    QTableWidget* table(const QString& name) const;
    QComboBox* groupChooser() const { return group_; }

    int progressPermille() const;

Q_SIGNALS:
    void finished();
    void failed(const QString& message);
    void cancelled();

private:
    void showError(const QString& message);
    void showRun(ValidationRunPtr run);
    void showGroup();
    ValidationRequest request() const;
    QStringList inputFolders() const; // the folders of the judgements and score files named in the form

    JobRunner* runner_;
    CancelToken token_;
    ValidationRunPtr run_;
    bool busy_ = false;

    QLineEdit *judgements_, *scores_, *metrics_, *higher_, *lower_;
    QComboBox *kind_, *group_, *exportWhich_;
    QSpinBox *draws_, *splits_, *seed_;
    QCheckBox* excludeFlagged_;
    QPushButton *run_button_, *cancel_button_, *export_;
    QProgressBar* progress_ = nullptr;
    QLabel* summary_ = nullptr;
    StatusLine* status_ = nullptr;
    FigureView *agreement_, *scatter_;
    QTabWidget* tables_;
};

} // namespace ll::ui
