#include "panels/ScorePanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ll::ui {
namespace {

QString num(const std::optional<double>& v, int decimals = 3) {
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("null");
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->setFocusPolicy(Qt::NoFocus);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->setShowGrid(false);
    t->setAlternatingRowColors(true);
    return t;
}

void setRow(QTableWidget* t, int row, const QStringList& cells) {
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (c > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        t->setItem(row, c, item);
    }
}

void fitHeight(QTableWidget* t) {
    int h = t->horizontalHeader()->height() + 4;
    for (int r = 0; r < t->rowCount(); ++r) h += t->rowHeight(r);
    t->setFixedHeight(h);
}

// Rows in `order` first (band keys from the brightest band down), then the rest by name.
void fillRegions(QTableWidget* t, const std::map<std::string, RegionScore>& m, const std::vector<std::string>& order) {
    std::vector<std::pair<std::string, RegionScore>> rows;
    for (const auto& k : order)
        if (auto it = m.find(k); it != m.end()) rows.push_back(*it);
    for (const auto& kv : m)
        if (std::find(order.begin(), order.end(), kv.first) == order.end()) rows.push_back(kv);
    t->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const auto& [name, s] = rows[std::size_t(i)];
        setRow(t, i, {QString::fromStdString(name), QString::number(qulonglong(s.pixels)), num(s.sie), num(s.lfe)});
    }
    fitHeight(t);
}

} // namespace

ScorePanel::ScorePanel(QWidget* parent) : QWidget(parent) {
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(8, 8, 8, 8);
    l->setSpacing(6);
    title_ = new QLabel(this);
    title_->setObjectName("PanelTitle");
    title_->setWordWrap(true);
    scores_ = makeTable({tr("Score"), tr("Edit"), tr("Do nothing")}, this);
    const QStringList names = {"SIE", "LFE", "SIE1", "PSNR", "SSIM", tr("Valid Ω")};
    scores_->setRowCount(int(names.size()));
    for (int i = 0; i < names.size(); ++i) setRow(scores_, i, {names[i], "", ""});
    fitHeight(scores_);
    regions_ = makeTable({tr("Class"), tr("Pixels"), "SIE", "LFE"}, this);
    bands_ = makeTable({tr("Band"), tr("Pixels"), "SIE", "LFE"}, this);
    note_ = new QLabel(this);
    note_->setObjectName("PanelNote");
    note_->setWordWrap(true);
    auto* regionsTitle = new QLabel(tr("Per class (globally standardised, Ω ∩ region)"), this);
    auto* bandsTitle = new QLabel(tr("Per intensity band (% of the real pair's max L)"), this);
    regionsTitle->setObjectName("SectionTitle");
    bandsTitle->setObjectName("SectionTitle");
    l->addWidget(title_);
    l->addWidget(scores_);
    l->addWidget(regionsTitle);
    l->addWidget(regions_);
    l->addWidget(bandsTitle);
    l->addWidget(bands_);
    l->addWidget(note_);
    l->addStretch(1);
    clear(tr("Open a dataset and pick a case."));
}

void ScorePanel::clear(const QString& message) {
    case_.reset();
    baseline_.reset();
    title_->setText(message);
    refresh();
}

void ScorePanel::setCase(CasePtr c) {
    case_ = std::move(c);
    refresh();
}

void ScorePanel::setBaseline(std::optional<BaselineScores> b) {
    baseline_ = std::move(b);
    refresh();
}

QString ScorePanel::cellText(const QString& rowName, int column) const {
    for (int r = 0; r < scores_->rowCount(); ++r)
        if (scores_->item(r, 0) && scores_->item(r, 0)->text() == rowName)
            return scores_->item(r, column) ? scores_->item(r, column)->text() : QString();
    return {};
}

void ScorePanel::refresh() {
    const EvalScores* s = case_ && case_->result ? &case_->result->scores : nullptr;
    const EvalScores* b = baseline_ ? &baseline_->scores : nullptr;
    if (case_) {
        title_->setText(QString("<b>%1</b> · %2 · turn %3<br><span style='color:#8f96a3'>%4×%5 px, k = %6</span>")
                            .arg(case_->id.scene, case_->id.model, taskName(case_->id.task))
                            .arg(case_->size.width())
                            .arg(case_->size.height())
                            .arg(double(case_->loaded().k), 0, 'g', 4));
    }
    auto col = [&](const EvalScores* e, int row) -> QString {
        if (!e) return QStringLiteral("–");
        switch (row) {
        case 0: return num(e->sie);
        case 1: return num(e->lfe);
        case 2: return num(e->sie1);
        case 3: return e->psnr ? QString::number(*e->psnr, 'f', 2) + " dB" : QStringLiteral("null");
        case 4: return num(e->ssim);
        case 5: return QString::number(e->validFraction * 100.0, 'f', 1) + " %";
        }
        return {};
    };
    for (int r = 0; r < scores_->rowCount(); ++r) {
        scores_->item(r, 1)->setText(case_ && !case_->hasEdit   ? tr("missing")
                                     : case_ && case_->evaluating ? tr("computing…")
                                                                  : col(s, r));
        scores_->item(r, 2)->setText(col(b, r));
    }
    if (s) {
        fillRegions(regions_, s->regions, {});
        fillRegions(bands_, s->bands, case_->maps() ? case_->maps()->bandKeys : std::vector<std::string>{});
    } else {
        regions_->setRowCount(0);
        bands_->setRowCount(0);
        fitHeight(regions_);
        fitHeight(bands_);
    }
    QStringList notes;
    if (case_ && !case_->hasEdit) notes << tr("No edit: %1").arg(case_->editProblem);
    if (s && s->degenerate) notes << tr("Degenerate: %1").arg(QString::fromStdString(s->degenerateReason));
    if (baseline_) notes << tr("Do nothing = %1.").arg(baseline_->source);
    notes << tr("Lower SIE/LFE is better. PSNR/SSIM are diagnostics (not invariant to exposure).");
    if (case_) for (const auto& w : case_->warnings) notes << w;
    note_->setText(notes.join("\n"));
}

} // namespace ll::ui
