#include "panels/PixelInspector.h"

#include "metrics/PixelMetrics.h"

#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace ll::ui {
namespace {

QString v(float x) { return std::isfinite(x) ? QString::number(double(x), 'g', 5) : QStringLiteral("–"); }
QString rgb(const Image& im, int x, int y) {
    if (im.empty() || x >= im.width() || y >= im.height()) return QStringLiteral("–");
    const float* p = im.pixel(x, y);
    return v(p[0]) + "  " + v(p[1]) + "  " + v(p[2]);
}
QString rgb(const std::array<float, 3>& p) { return v(p[0]) + "  " + v(p[1]) + "  " + v(p[2]); }

} // namespace

PixelInspector::PixelInspector(QWidget* parent) : QWidget(parent) {
    tree_ = new QTreeWidget(this);
    tree_->setColumnCount(2);
    tree_->setHeaderLabels({tr("Quantity"), tr("R  G  B  /  value")});
    tree_->setRootIsDecorated(false);
    tree_->setFocusPolicy(Qt::NoFocus);
    tree_->setSelectionMode(QAbstractItemView::NoSelection);
    tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    tree_->setAlternatingRowColors(true);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(tree_);
    refresh();
}

void PixelInspector::setCase(CasePtr c) {
    case_ = std::move(c);
    refresh();
}

void PixelInspector::setPixel(QPoint p) {
    if (p == pixel_) return;
    pixel_ = p;
    refresh();
}

QString PixelInspector::valueText(const QString& quantity) const {
    for (int i = 0; i < tree_->topLevelItemCount(); ++i)
        if (tree_->topLevelItem(i)->text(0) == quantity) return tree_->topLevelItem(i)->text(1);
    return {};
}

void PixelInspector::refresh() {
    tree_->clear();
    auto add = [&](const QString& k, const QString& val) { tree_->addTopLevelItem(new QTreeWidgetItem({k, val})); };
    const int x = pixel_.x(), y = pixel_.y();
    if (!case_ || x < 0 || y < 0 || x >= case_->size.width() || y >= case_->size.height()) {
        add(tr("Pixel"), tr("hover over an image"));
        return;
    }
    add(tr("Pixel"), QString("x %1, y %2").arg(x).arg(y));
    add("I_on", rgb(case_->loaded().on, x, y));
    add("I_off", rgb(case_->loaded().off, x, y));
    const EditPixels edit = case_->loaded().editPixels();
    add(tr("Edit G"), case_->hasEdit ? rgb({edit.at(x, y, 0), edit.at(x, y, 1), edit.at(x, y, 2)}) : tr("missing"));
    auto addRegions = [&] {
        QStringList classes;
        if (case_->regions)
            for (const auto& [name, mask] : *case_->regions)
                if (mask.width() == case_->size.width() && mask[std::size_t(y) * std::size_t(mask.width()) + std::size_t(x)])
                    classes << QString::fromStdString(name);
        add(tr("Regions"), classes.isEmpty() ? tr("none") : classes.join(", "));
    };
    const EvalMaps* m = case_->maps();
    if (!m) {
        if (case_->evaluating) add(tr("Metrics"), tr("computing…"));
        addRegions();
        return;
    }
    const std::size_t i = std::size_t(y) * std::size_t(case_->size.width()) + std::size_t(x);
    const LoadedCase& images = case_->loaded();
    const PixelMetrics p = pixelMetrics(*m, case_->result->scores, x, y, &images.on, &images.off, &edit);
    add("E_R", rgb(p.ratioReal));
    add("E_G", rgb(p.ratioEdit));
    add("S(E_R)", rgb(p.standardisedReal));
    add("S(E_G)", rgb(p.standardisedEdit));
    add(tr("D_c (SIE)"), rgb(p.sie));
    add(tr("SIE map"), v(p.sieMap));
    add("M_R = |∇E_R|", rgb(p.gradientReal));
    add("M_G = |∇E_G|", rgb(p.gradientEdit));
    // LFE is defined on Omega80_c only: a 0 there would read as a perfect score.
    const auto& in80 = p.inOmega80;
    if (!in80[0] && !in80[1] && !in80[2]) {
        add(tr("LFE per channel"), tr("outside Omega80"));
        add(tr("LFE map"), tr("outside Omega80"));
    } else {
        QStringList lfe;
        for (std::size_t c = 0; c < 3; ++c) lfe << (in80[c] ? v(p.lfe[c]) : tr("out"));
        add(tr("LFE per channel"), lfe.join("  "));
        add(tr("LFE map"), v(p.lfeMap));
    }
    add(tr("Ω80 (R G B)"), QString("%1 %2 %3").arg(m->omega80[0][i]).arg(m->omega80[1][i]).arg(m->omega80[2][i]));
    add("L", v(m->lightSignal[i]));
    add(tr("Mask"), QString::fromLatin1(exclusionReasonName(ExclusionReason(m->masks.reason[i]))));
    const auto band = m->bandLabels[i];
    add(tr("Band"), band < m->bandKeys.size() ? QString::fromStdString(m->bandKeys[band]) + " %" : tr("none"));
    addRegions();
}

} // namespace ll::ui
