#include "study/StudyWindow.h"

#include "jobs/JobRunner.h"
#include "util/Error.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QImageReader>
#include <QKeyEvent>
#include <QLabel>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace ll::ui {

namespace {

QLabel* imageLabel(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setAlignment(Qt::AlignCenter);
    l->setMinimumSize(240, 180);
    l->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    return l;
}

// One image of a pair, decoded and scaled on a worker thread (QImage, not QPixmap).
struct LoadedImage {
    QImage image;
    QString error;
};

LoadedImage loadScaled(const QString& path, QSize size) {
    QImageReader reader(path);
    reader.setAutoTransform(true);
    const QImage img = reader.read();
    if (img.isNull()) return {{}, QObject::tr("cannot load %1: %2").arg(path, reader.errorString())};
    return {img.scaled(size.expandedTo(QSize(240, 180)), Qt::KeepAspectRatio, Qt::SmoothTransformation), {}};
}

void showImage(QLabel* label, const LoadedImage& loaded) {
    if (loaded.image.isNull()) {
        label->setPixmap({});
        label->setText(loaded.error);
        return;
    }
    label->setText({});
    label->setPixmap(QPixmap::fromImage(loaded.image));
}

} // namespace

const QStringList& StudyWindow::defaultTags() {
    static const QStringList t{"missing shadow", "wrong shadow", "missing highlight", "wrong highlight",
                               "too bright",     "too dark",     "wrong colour",      "artefacts",
                               "changed content"};
    return t;
}

StudyWindow::StudyWindow(const QString& studyPath, const QString& resultsPath, const QString& rater, QWidget* parent)
    : QWidget(parent), plan_(loadStudyPlan(studyPath)), results_(resultsPath), rater_(rater) {
    if (rater_.trimmed().isEmpty()) throw ll::Error(resultsPath.toStdString(), "no rater name given");
    setWindowTitle(tr("A/B study: %1 (%2)").arg(plan_.name, rater_));
    setFocusPolicy(Qt::StrongFocus);
    order_ = presentationOrder(plan_, rater_);
    done_ = results_.answered(rater_);

    runner_ = std::make_unique<JobRunner>(nullptr, 2);
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    progress_ = new QLabel(this);
    answeredBar_ = new QProgressBar(this);
    answeredBar_->setRange(0, int(order_.size()));
    answeredBar_->setFormat(tr("%v of %m answered"));
    loadBar_ = new QProgressBar(this);
    loadBar_->setRange(0, 3);
    loadBar_->setFormat(tr("loading images %v/%m"));
    loadBar_->setVisible(false);
    top->addWidget(progress_);
    top->addWidget(answeredBar_, 1);
    top->addWidget(loadBar_);
    layout->addLayout(top);
    auto* images = new QGridLayout;
    input_ = imageLabel(this);
    left_ = imageLabel(this);
    right_ = imageLabel(this);
    images->addWidget(new QLabel(tr("Input"), this), 0, 0, Qt::AlignCenter);
    images->addWidget(new QLabel(tr("A"), this), 0, 1, Qt::AlignCenter);
    images->addWidget(new QLabel(tr("B"), this), 0, 2, Qt::AlignCenter);
    images->addWidget(input_, 1, 0);
    images->addWidget(left_, 1, 1);
    images->addWidget(right_, 1, 2);
    layout->addLayout(images, 1);
    layout->addWidget(new QLabel(tr("Which edit handles the light better? Keys: A, T (tie), B."), this));

    auto* tagRow = new QHBoxLayout;
    for (const QString& t : defaultTags()) {
        auto* box = new QCheckBox(t, this);
        box->setFocusPolicy(Qt::NoFocus);
        tags_.push_back(box);
        tagRow->addWidget(box);
    }
    layout->addLayout(tagRow);

    auto* buttons = new QHBoxLayout;
    buttonA_ = new QPushButton(tr("A is better"), this);
    buttonTie_ = new QPushButton(tr("Tie"), this);
    buttonB_ = new QPushButton(tr("B is better"), this);
    for (auto* b : {buttonA_, buttonTie_, buttonB_}) {
        b->setFocusPolicy(Qt::NoFocus);
        buttons->addWidget(b);
    }
    connect(buttonA_, &QPushButton::clicked, this, &StudyWindow::answerA);
    connect(buttonTie_, &QPushButton::clicked, this, &StudyWindow::answerTie);
    connect(buttonB_, &QPushButton::clicked, this, &StudyWindow::answerB);
    layout->addLayout(buttons);
    status_ = new QLabel(this);
    layout->addWidget(status_);

    answered_ = 0;
    for (const auto& p : order_)
        if (done_.count(plan_.pairs[p.pair].id)) ++answered_;
    advanceToUnanswered();
    showCurrent();
}

StudyWindow::~StudyWindow() {
    loadToken_.cancel();
    runner_.reset(); // waits for a load still on a worker
}

void StudyWindow::answerA() { answer("A"); }
void StudyWindow::answerB() { answer("B"); }
void StudyWindow::answerTie() { answer("tie"); }

void StudyWindow::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_A: case Qt::Key_1: case Qt::Key_Left: answerA(); return;
    case Qt::Key_B: case Qt::Key_3: case Qt::Key_Right: answerB(); return;
    case Qt::Key_T: case Qt::Key_2: case Qt::Key_Down: case Qt::Key_Equal: answerTie(); return;
    default: QWidget::keyPressEvent(event);
    }
}

void StudyWindow::advanceToUnanswered() {
    while (current_ < order_.size() && done_.count(plan_.pairs[order_[current_].pair].id)) ++current_;
}

void StudyWindow::answer(const QString& choice) {
    if (finished()) return;
    const PresentedPair& shown = order_[current_];
    const StudyPair& p = plan_.pairs[shown.pair];
    StudyAnswer a;
    a.rater = rater_;
    a.scene = p.scene;
    a.task = p.task;
    a.modelA = shown.swapped ? p.modelB : p.modelA;
    a.modelB = shown.swapped ? p.modelA : p.modelB;
    a.choice = choice;
    for (auto* box : tags_)
        if (box->isChecked()) a.tags << box->text();
    a.expected = p.expected;
    if (shown.swapped && (p.expected == "A" || p.expected == "B")) a.expected = p.expected == "A" ? "B" : "A";
    a.pair = p.id;
    a.milliseconds = clock_ ? clock_() : timer_.elapsed();
    try {
        results_.append(a);
    } catch (const ll::Error& e) {
        status_->setText(tr("Not saved: %1").arg(QString::fromStdString(e.what())));
        Q_EMIT saveFailed(QString::fromStdString(e.what()));
        return; // stay on this pair
    }
    done_.insert(p.id);
    ++answered_;
    Q_EMIT answerSaved(p.id, choice);
    advanceToUnanswered();
    showCurrent();
    if (finished()) Q_EMIT studyFinished();
}

void StudyWindow::showCurrent() {
    for (auto* box : tags_) box->setChecked(false);
    progress_->setText(tr("%1 of %2 answered").arg(answered_).arg(order_.size()));
    answeredBar_->setValue(int(answered_));
    const bool open = !finished();
    for (auto* b : {buttonA_, buttonB_, buttonTie_}) b->setEnabled(open);
    loadToken_.cancel(); // the previous pair's images are not wanted any more
    loading_ = false;
    loadBar_->setVisible(false);
    if (!open) {
        for (auto* l : {input_, left_, right_}) l->setPixmap({});
        input_->setText({});
        left_->setText(tr("Thank you: every pair is answered."));
        right_->setText({});
        return;
    }
    for (auto* l : {input_, left_, right_}) {
        l->setPixmap({});
        l->setText(tr("loading…"));
    }
    loadImages(long(order_[current_].pair));
    timer_.restart();
}

void StudyWindow::loadImages(long pair) {
    const PresentedPair& shown = order_[current_];
    const StudyPair& p = plan_.pairs[std::size_t(pair)];
    const QStringList paths{p.input, shown.swapped ? p.editB : p.editA, shown.swapped ? p.editA : p.editB};
    const QList<QSize> sizes{input_->size(), left_->size(), right_->size()};
    loadToken_ = CancelToken();
    loading_ = true;
    loadBar_->setValue(0);
    loadBar_->setVisible(true);
    const CancelToken token = loadToken_;
    // Images loaded so far; the runner shows the count on the GUI thread while this window exists.
    const JobRunner::Progress post =
        runner_->progressPoster(token, this, [this](int loaded, int, QString) { loadBar_->setValue(loaded); });
    runner_->run<std::vector<LoadedImage>>(
        tr("Loading the pair's images"), JobPriority::Interactive, loadToken_,
        [paths, sizes, post](const CancelToken& t) {
            std::vector<LoadedImage> out;
            for (int k = 0; k < 3; ++k) {
                throwIfCancelled(t); // a newer pair is on screen: stop here
                out.push_back(loadScaled(paths[k], sizes[k]));
                post(k + 1, 3, QString());
            }
            return out;
        },
        this,
        [this, pair](std::vector<LoadedImage> images) {
            showImage(input_, images[0]);
            showImage(left_, images[1]);
            showImage(right_, images[2]);
            loading_ = false;
            ++loadsDone_;
            loadBar_->setVisible(false);
            Q_EMIT imagesShown(pair);
        },
        [this](const QString& e) {
            loading_ = false;
            loadBar_->setVisible(false);
            status_->setText(tr("Cannot show the pair: %1").arg(e));
        });
}

} // namespace ll::ui
