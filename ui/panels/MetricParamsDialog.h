#pragma once
// MetricParamsDialog: edits the named parameters of the 3DLP metrics (core/metrics/MetricParams.h,
// docs/metrics.md) for the open dataset: the validity mask's low-signal test and clip code, the MAD
// floor, the LFE gradient percentile, the intensity band edges, the minimum region size and the
// classic metrics' SSIM settings. "Spec defaults" restores the spec's values. OK is refused (with the
// problem shown) while any value is out of range.
#include "metrics/MetricParams.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QDialogButtonBox;

namespace ll::ui {

class MetricParamsDialog : public QDialog {
    Q_OBJECT
public:
    explicit MetricParamsDialog(const MetricParams& params, QWidget* parent = nullptr);

    // The parameters as edited; only meaningful when problem() is empty.
    MetricParams params() const;
    void setParams(const MetricParams& params);
    // The first problem of the current values ("" when they are usable).
    QString problem() const;

    void accept() override;

private:
    void revalidate();

    MetricParams base_; // fields the dialog does not show are kept as they were
    QDoubleSpinBox* sigma_;
    QDoubleSpinBox* truncate_;
    QDoubleSpinBox* fraction_;
    QDoubleSpinBox* percentile_;
    QCheckBox* exactBlur_;
    QSpinBox* clipCode_;
    QDoubleSpinBox* madFloorExp_;
    QCheckBox* nullDegenerate_;
    QDoubleSpinBox* lfePercentile_;
    QSpinBox* minRegion_;
    QLineEdit* bands_;
    QCheckBox* classic_;
    QDoubleSpinBox* ssimSigma_;
    QLabel* problem_;
    QDialogButtonBox* buttons_;
};

} // namespace ll::ui
