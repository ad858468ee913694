#include "capture/CaptureDialog.h"

#include "app/DialogFolders.h"
#include "capture/CaptureScene.h"
#include "dataset/Prepare.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace ll::ui {

namespace {

QWidget* frameList(QListWidget*& list, const QString& title, QWidget* parent, const std::function<void()>& add) {
    auto* box = new QWidget(parent);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(new QLabel(title, box));
    list = new QListWidget(box);
    list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    v->addWidget(list);
    auto* row = new QHBoxLayout;
    auto* addButton = new QPushButton(QObject::tr("Add frames…"), box);
    auto* removeButton = new QPushButton(QObject::tr("Remove"), box);
    QObject::connect(addButton, &QPushButton::clicked, box, add);
    QObject::connect(removeButton, &QPushButton::clicked, box, [list] { qDeleteAll(list->selectedItems()); });
    row->addWidget(addButton);
    row->addWidget(removeButton);
    row->addStretch();
    v->addLayout(row);
    return box;
}

std::vector<std::filesystem::path> paths(const QListWidget* list) {
    std::vector<std::filesystem::path> out;
    for (int i = 0; i < list->count(); ++i) out.emplace_back(list->item(i)->text().toStdString());
    return out;
}

} // namespace

CaptureDialog::CaptureDialog(JobRunner* runner, QWidget* parent) : QDialog(parent), runner_(runner) {
    setWindowTitle(tr("New scene from brackets"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* datasetRow = new QHBoxLayout;
    dataset_ = new QLineEdit(this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Dataset folder"), dataset_->text());
        if (!d.isEmpty()) dataset_->setText(d);
    });
    datasetRow->addWidget(dataset_);
    datasetRow->addWidget(browse);
    form->addRow(tr("Dataset folder"), datasetRow);
    scene_ = new QLineEdit(this);
    scene_->setPlaceholderText(tr("scene name (written to DATASET/scenes/NAME)"));
    form->addRow(tr("Scene"), scene_);
    layout->addLayout(form);

    auto* lists = new QHBoxLayout;
    lists->addWidget(frameList(on_, tr("Light on: RAW, 16-bit TIFF or EXR frames"), this, [this] { addFrames(on_); }));
    lists->addWidget(frameList(off_, tr("Light off"), this, [this] { addFrames(off_); }));
    layout->addLayout(lists);

    auto* options = new QFormLayout;
    lens_ = new QComboBox(this);
    lens_->addItem(tr("Correct distortion and vignetting from EXIF (lensfun)"));
    lens_->addItem(tr("No lens correction"));
    options->addRow(tr("Lens"), lens_);
    shift_ = new QDoubleSpinBox(this);
    shift_->setRange(0.0, 50.0);
    shift_->setDecimals(2);
    shift_->setSingleStep(0.1);
    shift_->setValue(0.5);
    shift_->setSuffix(tr(" px"));
    options->addRow(tr("Largest on/off shift"), shift_);
    times_ = new QLineEdit(this);
    times_->setPlaceholderText(tr("from EXIF; or seconds, e.g. 1/400,1/200,1/100"));
    options->addRow(tr("Exposure times"), times_);
    prepare_ = new QCheckBox(tr("Write the dataset's 8-bit model inputs (as prepare does) and open the scene"), this);
    prepare_->setChecked(true);
    options->addRow(QString(), prepare_);
    layout->addLayout(options);

    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(progress_);
    layout->addWidget(status_);

    auto* buttons = new QDialogButtonBox(this);
    startButton_ = buttons->addButton(tr("Capture"), QDialogButtonBox::AcceptRole);
    cancelButton_ = buttons->addButton(QDialogButtonBox::Cancel);
    connect(startButton_, &QPushButton::clicked, this, &CaptureDialog::start);
    connect(cancelButton_, &QPushButton::clicked, this, [this] {
        if (running_) cancel();
        else reject();
    });
    layout->addWidget(buttons);
    resize(760, 560);
}

CaptureDialog::~CaptureDialog() {
    if (running_) {
        cancel_->store(true);
        token_.cancel();
    }
}

void CaptureDialog::setDataset(const QString& dir) { dataset_->setText(dir); }
void CaptureDialog::setSceneName(const QString& name) { scene_->setText(name); }
void CaptureDialog::setFrames(const QStringList& on, const QStringList& off) {
    on_->clear();
    off_->clear();
    on_->addItems(on);
    off_->addItems(off);
}
void CaptureDialog::setLensCorrection(bool automatic) { lens_->setCurrentIndex(automatic ? 0 : 1); }
void CaptureDialog::setTimes(const QString& times) { times_->setText(times); }
QString CaptureDialog::statusText() const { return status_->text(); }

namespace {
// The folder of a frame already listed (either state), so both states' frames are picked from one place.
QStringList framesFallback(const QListWidget* list) {
    QStringList out;
    if (list->count() > 0) out << QFileInfo(list->item(0)->text()).absolutePath();
    return out;
}
} // namespace

void CaptureDialog::addFrames(QListWidget* list) {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Bracket frames"), dialogFolder(QStringLiteral("frames"), framesFallback(list)),
        tr("Frames (*.dng *.DNG *.cr2 *.CR2 *.cr3 *.nef *.NEF *.arw *.ARW *.raf *.orf *.rw2 *.pef *.tif *.tiff *.exr);;"
           "All files (*)"));
    if (!files.isEmpty()) rememberDialogFolder(QStringLiteral("frames"), files.front());
    list->addItems(files);
}

void CaptureDialog::setRunning(bool running) {
    running_ = running;
    startButton_->setEnabled(!running);
    for (QWidget* w : std::initializer_list<QWidget*>{dataset_, scene_, on_, off_, lens_, shift_, times_, prepare_})
        w->setEnabled(!running);
}

void CaptureDialog::onProgress(double fraction, const QString& what) {
    progress_->setValue(int(std::lround(fraction * 1000)));
    status_->setText(what);
}

void CaptureDialog::cancel() {
    if (!running_) return;
    cancel_->store(true);
    token_.cancel();
    setRunning(false);
    progress_->setValue(0);
    status_->setText(tr("Cancelled: nothing was written."));
}

void CaptureDialog::start() {
    if (running_) return;
    const QString dataset = dataset_->text().trimmed(), scene = scene_->text().trimmed();
    auto fail = [this](const QString& message) {
        status_->setText(message);
        Q_EMIT failed(message);
    };
    if (dataset.isEmpty()) return fail(tr("Choose the dataset folder."));
    if (scene.isEmpty() || scene.contains('/') || scene.contains('\\') || scene.startsWith('.'))
        return fail(tr("Give the scene a name (no slashes)."));
    capture::CaptureRequest r;
    r.sceneDir = std::filesystem::path(dataset.toStdString()) / "scenes" / scene.toStdString();
    r.onFiles = paths(on_);
    r.offFiles = paths(off_);
    if (r.onFiles.empty() || r.offFiles.empty()) return fail(tr("Add the frames of both states."));
    r.lens = lens_->currentIndex() == 0 ? capture::LensMode::Auto : capture::LensMode::None;
    r.allowShift = shift_->value();
    for (const QString& t : times_->text().split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        double v = t.trimmed().toDouble(&ok);
        if (!ok && t.contains('/')) {
            const QStringList nd = t.trimmed().split('/');
            bool a = false, b = false;
            if (nd.size() == 2) v = nd[0].toDouble(&a) / nd[1].toDouble(&b);
            ok = a && b;
        }
        if (!ok || !(v > 0)) return fail(tr("Exposure times: '%1' is not a number of seconds.").arg(t.trimmed()));
        r.times.push_back(v);
    }
    const bool prepare = prepare_->isChecked();
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    token_ = CancelToken();
    setRunning(true);
    onProgress(0, tr("Starting…"));
    auto cancelFlag = cancel_;
    const CancelToken token = token_;
    // Progress in thousandths; the runner shows it on the GUI thread while this dialog exists.
    const JobRunner::Progress post = runner_->progressPoster(token, this, [this](int permille, int, QString what) {
        if (running_) onProgress(permille / 1000.0 * 0.95, what);
    });
    runner_->run<capture::CaptureSummary>(
        tr("Capturing %1").arg(scene), JobPriority::Interactive, token,
        [r, prepare, post, cancelFlag, dataset](const CancelToken&) {
            auto report = [post](double f, const std::string& what) {
                post(int(f * 1000 + 0.5), 1000, QString::fromStdString(what));
            };
            capture::CaptureSummary s = capture::captureScene(r, report, cancelFlag.get());
            if (prepare && !cancelFlag->load()) {
                report(1.0, "writing the model inputs");
                prepareDataset(dataset.toStdString(), PrepareOptions{});
            }
            return s;
        },
        this,
        [this, dataset, scene](capture::CaptureSummary s) {
            setRunning(false);
            progress_->setValue(1000);
            status_->setText(tr("Wrote %1: %2 x %3, clip level %4, on/off shift %5 px; lens: %6")
                                 .arg(QString::fromStdString(s.onExr.parent_path().string()))
                                 .arg(s.width)
                                 .arg(s.height)
                                 .arg(s.clipLevel, 0, 'g', 5)
                                 .arg(s.shift.magnitude(), 0, 'f', 2)
                                 .arg(s.lensApplied ? QString::fromStdString(s.lens.lens)
                                                    : QString::fromStdString(s.lens.reason)));
            Q_EMIT captured(dataset, scene);
        },
        [this](QString error) {
            setRunning(false);
            progress_->setValue(0);
            status_->setText(error);
            Q_EMIT failed(error);
        });
}

} // namespace ll::ui
