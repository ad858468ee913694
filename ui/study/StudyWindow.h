#pragma once
// The A/B study window: the input and two edits of the same scene side by side (sides randomised
// per rater, model names hidden); the rater answers A, B or tie with the keys A / B / T (or 1 / 3 /
// 2, Left / Right / Down) or the buttons, and may tick reasons. Every answer is appended to the
// results CSV at once (write + fsync), so closing the window loses nothing; opening it again with
// the same rater resumes at the first unanswered pair. The three images of a pair are decoded and
// scaled on a worker (a progress bar shows the pair being loaded); answering, moving on or closing
// cancels a load still running, and the worker stops at its next image.
#include "jobs/CancelToken.h"
#include "study/StudyPlan.h"
#include "study/StudyResults.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace ll::ui {

class JobRunner;

class StudyWindow : public QWidget {
    Q_OBJECT
public:
    // The reasons a rater can tick.
    static const QStringList& defaultTags();

    // Throws ll::Error (naming the file) when the study or results file cannot be used.
    StudyWindow(const QString& studyPath, const QString& resultsPath, const QString& rater, QWidget* parent = nullptr);
    ~StudyWindow() override;

    // Milliseconds on the current pair; replaceable for reproducible tests.
    void setClock(std::function<qint64()> elapsedMs) { clock_ = std::move(elapsedMs); }

    std::size_t pairCount() const { return order_.size(); }
    std::size_t answeredCount() const { return answered_; }
    bool finished() const { return current_ >= order_.size(); }
    // The pair on screen (index into the plan), or -1 when finished.
    long currentPair() const { return finished() ? -1 : long(order_[current_].pair); }
    const StudyPlan& plan() const { return plan_; }
    // Whether the images of the pair on screen are still being loaded; loads finished (for tests).
    bool loadingImages() const { return loading_; }
    int imagesLoaded() const { return loadsDone_; }

public Q_SLOTS:
    void answerA();
    void answerB();
    void answerTie();

Q_SIGNALS:
    void imagesShown(long pair);
    void answerSaved(const QString& pairId, const QString& choice);
    void studyFinished();
    void saveFailed(const QString& message);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void answer(const QString& choice);
    void advanceToUnanswered();
    void showCurrent();
    void loadImages(long pair);

    std::unique_ptr<JobRunner> runner_;
    CancelToken loadToken_;
    bool loading_ = false;
    int loadsDone_ = 0;

    StudyPlan plan_;
    StudyResults results_;
    QString rater_;
    std::vector<PresentedPair> order_;
    std::set<QString> done_;
    std::size_t current_ = 0, answered_ = 0;
    QElapsedTimer timer_;
    std::function<qint64()> clock_;

    QLabel *progress_ = nullptr, *input_ = nullptr, *left_ = nullptr, *right_ = nullptr, *status_ = nullptr;
    QProgressBar *answeredBar_ = nullptr, *loadBar_ = nullptr;
    QPushButton *buttonA_ = nullptr, *buttonB_ = nullptr, *buttonTie_ = nullptr;
    std::vector<QCheckBox*> tags_;
};

} // namespace ll::ui
