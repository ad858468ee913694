#include "panels/MetricParamsDialog.h"

#include "metrics/MetricParamsCheck.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace ll::ui {

namespace {
QDoubleSpinBox* spin(double lo, double hi, int decimals, double step, const QString& tip) {
    auto* s = new QDoubleSpinBox;
    s->setRange(lo, hi);
    s->setDecimals(decimals);
    s->setSingleStep(step);
    s->setToolTip(tip);
    return s;
}
} // namespace

MetricParamsDialog::MetricParamsDialog(const MetricParams& params, QWidget* parent) : QDialog(parent), base_(params) {
    setWindowTitle(tr("Metric parameters"));
    auto* layout = new QVBoxLayout(this);

    auto* mask = new QGroupBox(tr("Validity mask Ω"));
    auto* m = new QFormLayout(mask);
    sigma_ = spin(0.001, 0.5, 4, 0.005, tr("Low-signal blur: σ = this × max(H, W) (spec: 0.02)"));
    m->addRow(tr("Low-signal blur σ / max(H, W)"), sigma_);
    truncate_ = spin(1, 10, 1, 0.5, tr("Kernel radius in σ (spec: 4, as scipy.ndimage)"));
    m->addRow(tr("Blur truncation (σ)"), truncate_);
    fraction_ = spin(0, 0.99, 4, 0.005, tr("Keep pixels whose blurred light ≥ this × the percentile below (spec: 0.01)"));
    m->addRow(tr("Low-signal fraction"), fraction_);
    percentile_ = spin(0.1, 100, 1, 1, tr("Percentile of the blurred light map the fraction refers to (spec: 99)"));
    m->addRow(tr("Low-signal percentile"), percentile_);
    exactBlur_ = new QCheckBox(tr("exact kernel (slow reference) instead of the recursive Gaussian"));
    m->addRow(QString(), exactBlur_);
    clipCode_ = new QSpinBox;
    clipCode_->setRange(1, 255);
    clipCode_->setToolTip(tr("An edit pixel is clipped where any 8-bit channel reaches this code (chosen: 255)"));
    m->addRow(tr("Edit clip code"), clipCode_);
    layout->addWidget(mask);

    auto* scores = new QGroupBox(tr("SIE and LFE"));
    auto* s = new QFormLayout(scores);
    madFloorExp_ = spin(-30, -1, 1, 1, tr("MAD below 10^x is replaced by it and reported as degenerate (spec: 10^-12)"));
    madFloorExp_->setPrefix(QStringLiteral("10^"));
    s->addRow(tr("MAD floor"), madFloorExp_);
    nullDegenerate_ = new QCheckBox(tr("null score when the real side has no structure (chosen)"));
    s->addRow(QString(), nullDegenerate_);
    lfePercentile_ = spin(1, 100, 1, 5, tr("Ω80: keep gradient pixels at or below this percentile on both sides (spec: 80)"));
    s->addRow(tr("LFE gradient percentile"), lfePercentile_);
    layout->addWidget(scores);

    auto* regions = new QGroupBox(tr("Regions and bands"));
    auto* r = new QFormLayout(regions);
    minRegion_ = new QSpinBox;
    minRegion_->setRange(1, 100000000);
    minRegion_->setToolTip(tr("Regions and bands with fewer valid pixels get null scores (chosen: 100)"));
    r->addRow(tr("Minimum region pixels"), minRegion_);
    bands_ = new QLineEdit;
    bands_->setObjectName(QStringLiteral("bandEdges"));
    bands_->setToolTip(tr("Band edges in percent of the real pair's maximum L, from 100 down to 0 (spec: 100, 16, 6, 3, 2, 1, 0)"));
    r->addRow(tr("Band edges (%)"), bands_);
    layout->addWidget(regions);

    auto* classic = new QGroupBox(tr("Classic metrics"));
    auto* c = new QFormLayout(classic);
    classic_ = new QCheckBox(tr("compute PSNR and SSIM"));
    c->addRow(QString(), classic_);
    ssimSigma_ = spin(0.1, 20, 2, 0.25, tr("Gaussian window of SSIM (scikit-image default 1.5)"));
    c->addRow(tr("SSIM σ"), ssimSigma_);
    layout->addWidget(classic);

    problem_ = new QLabel;
    problem_->setStyleSheet(QStringLiteral("color: #ff8a80;"));
    problem_->setWordWrap(true);
    layout->addWidget(problem_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults);
    buttons_->button(QDialogButtonBox::RestoreDefaults)->setText(tr("Spec defaults"));
    connect(buttons_, &QDialogButtonBox::accepted, this, &MetricParamsDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &MetricParamsDialog::reject);
    connect(buttons_->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, [this] {
        MetricParams d;
        d.computeUncertainty = base_.computeUncertainty;
        d.uncertaintyDraws = base_.uncertaintyDraws;
        d.uncertaintySeed = base_.uncertaintySeed;
        setParams(d);
    });
    layout->addWidget(buttons_);

    setParams(params);
    for (QDoubleSpinBox* b : {sigma_, truncate_, fraction_, percentile_, madFloorExp_, lfePercentile_, ssimSigma_})
        connect(b, &QDoubleSpinBox::valueChanged, this, &MetricParamsDialog::revalidate);
    for (QSpinBox* b : {clipCode_, minRegion_}) connect(b, &QSpinBox::valueChanged, this, &MetricParamsDialog::revalidate);
    for (QCheckBox* b : {exactBlur_, nullDegenerate_, classic_}) connect(b, &QCheckBox::toggled, this, &MetricParamsDialog::revalidate);
    connect(bands_, &QLineEdit::textChanged, this, &MetricParamsDialog::revalidate);
}

void MetricParamsDialog::setParams(const MetricParams& p) {
    base_ = p;
    sigma_->setValue(p.lowSignalSigmaFraction);
    truncate_->setValue(p.lowSignalTruncate);
    fraction_->setValue(p.lowSignalFraction);
    percentile_->setValue(p.lowSignalPercentile);
    exactBlur_->setChecked(p.blurMethod == BlurMethod::ExactKernel);
    clipCode_->setValue(p.editClipCode);
    madFloorExp_->setValue(std::log10(p.madFloor));
    nullDegenerate_->setChecked(p.nullWhenRealDegenerate);
    lfePercentile_->setValue(p.lfeGradientPercentile);
    minRegion_->setValue(int(p.minRegionPixels));
    bands_->setText(QString::fromStdString(formatBandEdges(p.bandEdgesPercent)));
    classic_->setChecked(p.computeClassic);
    ssimSigma_->setValue(p.ssimSigma);
    revalidate();
}

MetricParams MetricParamsDialog::params() const {
    MetricParams p = base_;
    p.lowSignalSigmaFraction = sigma_->value();
    p.lowSignalTruncate = truncate_->value();
    p.lowSignalFraction = fraction_->value();
    p.lowSignalPercentile = percentile_->value();
    p.blurMethod = exactBlur_->isChecked() ? BlurMethod::ExactKernel : BlurMethod::Recursive;
    p.editClipCode = clipCode_->value();
    // Keep the exact stored floor when the displayed exponent did not change (log10 round trip).
    if (std::abs(madFloorExp_->value() - std::log10(base_.madFloor)) > 0.05) p.madFloor = std::pow(10.0, madFloorExp_->value());
    p.nullWhenRealDegenerate = nullDegenerate_->isChecked();
    p.lfeGradientPercentile = lfePercentile_->value();
    p.minRegionPixels = std::size_t(minRegion_->value());
    try {
        p.bandEdgesPercent = parseBandEdges(bands_->text().toStdString(), "band edges");
    } catch (const std::exception&) {
        p.bandEdgesPercent.clear(); // reported by problem()
    }
    p.computeClassic = classic_->isChecked();
    p.ssimSigma = ssimSigma_->value();
    return p;
}

QString MetricParamsDialog::problem() const {
    try {
        (void)parseBandEdges(bands_->text().toStdString(), "band edges");
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    const auto problems = metricParamProblems(params());
    return problems.empty() ? QString() : QString::fromStdString(problems.front());
}

void MetricParamsDialog::revalidate() {
    const QString p = problem();
    problem_->setText(p);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(p.isEmpty());
}

void MetricParamsDialog::accept() {
    if (!problem().isEmpty()) return;
    QDialog::accept();
}

} // namespace ll::ui
