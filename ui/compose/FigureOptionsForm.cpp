#include "compose/FigureOptionsForm.h"

#include <QColorDialog>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ll::ui {

using figure::FigureKind;
using figure::FigureSpec;

namespace {

bool isHexColour(const QString& s) {
    static const QRegularExpression hex(QStringLiteral("^#[0-9A-Fa-f]{6}$"));
    return hex.match(s).hasMatch();
}

} // namespace

FigureOptionsForm::FigureOptionsForm(QStringList models, QWidget* parent) : QWidget(parent), models_(std::move(models)) {
    auto* top = new QVBoxLayout(this);
    top->setContentsMargins(0, 0, 0, 0);

    plotBox_ = new QGroupBox(tr("Plot output"));
    auto* pf = new QFormLayout(plotBox_);
    yScale_ = new QComboBox;
    yScale_->addItem(tr("automatic (log beyond three decades)"), "auto");
    yScale_->addItem(tr("linear"), "linear");
    yScale_->addItem(tr("logarithmic"), "log");
    pf->addRow(tr("Y scale"), yScale_);
    auto* layoutRow = new QHBoxLayout;
    layoutMode_ = new QComboBox;
    layoutMode_->addItem(tr("automatic"), "auto");
    layoutMode_->addItem(tr("one column"), "one-column");
    layoutMode_->addItem(tr("columns of panels"), "columns");
    layoutMode_->addItem(tr("rows of panels"), "rows");
    layoutCount_ = new QSpinBox;
    layoutCount_->setRange(1, 12);
    layoutCount_->setValue(2);
    layoutRow->addWidget(layoutMode_, 1);
    layoutRow->addWidget(layoutCount_);
    pf->addRow(tr("Panels"), layoutRow);
    colours_ = new QTableWidget(0, 2);
    colours_->setHorizontalHeaderLabels({tr("Model"), tr("Colour")});
    colours_->horizontalHeader()->setStretchLastSection(true);
    colours_->verticalHeader()->hide();
    colours_->setMaximumHeight(130);
    colours_->setToolTip(tr("#rrggbb per model (double-click to pick); empty = the palette colour"));
    pf->addRow(tr("Colours"), colours_);
    top->addWidget(plotBox_);

    tileBox_ = new QGroupBox(tr("Image tiles in PDF and SVG"));
    auto* tf = new QFormLayout(tileBox_);
    auto* formatRow = new QHBoxLayout;
    tileFormat_ = new QComboBox;
    tileFormat_->addItem(tr("PNG (lossless)"), "png");
    tileFormat_->addItem(tr("JPEG for photographs"), "jpeg");
    tileFormat_->setToolTip(tr("Input, edit and real images may be JPEG; ratios, error maps and masks stay lossless"));
    jpegQuality_ = new QSpinBox;
    jpegQuality_->setRange(1, 100);
    jpegQuality_->setPrefix(tr("quality "));
    formatRow->addWidget(tileFormat_, 1);
    formatRow->addWidget(jpegQuality_);
    tf->addRow(tr("Format"), formatRow);
    auto* dpiRow = new QHBoxLayout;
    tileDpiMode_ = new QComboBox;
    tileDpiMode_->addItem(tr("the figure's dpi"), "page");
    tileDpiMode_->addItem(tr("native pixels"), "native");
    tileDpiMode_->addItem(tr("custom"), "custom");
    tileDpi_ = new QDoubleSpinBox;
    tileDpi_->setRange(10, 2400);
    tileDpi_->setDecimals(1);
    tileDpi_->setValue(600);
    tileDpi_->setSuffix(tr(" dpi"));
    dpiRow->addWidget(tileDpiMode_, 1);
    dpiRow->addWidget(tileDpi_);
    tf->addRow(tr("Resolution"), dpiRow);
    top->addWidget(tileBox_);

    auto emitChanged = [this] {
        updateEnabled();
        if (!syncing_) Q_EMIT changed();
    };
    for (QComboBox* c : {yScale_, layoutMode_, tileFormat_, tileDpiMode_}) connect(c, &QComboBox::currentIndexChanged, this, emitChanged);
    for (QSpinBox* s : {layoutCount_, jpegQuality_}) connect(s, &QSpinBox::valueChanged, this, emitChanged);
    connect(tileDpi_, &QDoubleSpinBox::valueChanged, this, emitChanged);
    connect(colours_, &QTableWidget::itemChanged, this, [this, emitChanged](QTableWidgetItem* item) {
        if (syncing_ || item->column() != 1) return;
        const QString text = item->text().trimmed();
        syncing_ = true;
        item->setBackground(isHexColour(text) ? QBrush(QColor(text)) : QBrush());
        syncing_ = false;
        if (text.isEmpty() || isHexColour(text)) emitChanged();
    });
    connect(colours_, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
        if (column == 1) pickColour(row);
    });
    // Names for tests and accessibility tools.
    yScale_->setObjectName(QStringLiteral("yScale"));
    layoutMode_->setObjectName(QStringLiteral("layoutMode"));
    layoutCount_->setObjectName(QStringLiteral("layoutCount"));
    colours_->setObjectName(QStringLiteral("modelColours"));
    tileFormat_->setObjectName(QStringLiteral("tileFormat"));
    jpegQuality_->setObjectName(QStringLiteral("jpegQuality"));
    tileDpiMode_->setObjectName(QStringLiteral("tileDpiMode"));
    tileDpi_->setObjectName(QStringLiteral("tileDpi"));
    updateEnabled();
}

void FigureOptionsForm::pickColour(int row) {
    QTableWidgetItem* item = colours_->item(row, 1);
    if (!item) return;
    const QColor start = isHexColour(item->text()) ? QColor(item->text()) : QColor(Qt::black);
    const QColor c = QColorDialog::getColor(start, this, tr("Colour of %1").arg(colours_->item(row, 0)->text()));
    if (c.isValid()) item->setText(c.name()); // itemChanged follows
}

void FigureOptionsForm::setColourRows(const std::map<std::string, std::string>& colours) {
    QStringList names = models_;
    for (const auto& [m, c] : colours)
        if (!names.contains(QString::fromStdString(m))) names.push_back(QString::fromStdString(m));
    // Leave the table alone when it already shows these values (it may be being edited).
    bool same = colours_->rowCount() == names.size();
    for (int i = 0; same && i < names.size(); ++i) {
        const auto it = colours.find(names[i].toStdString());
        const QString want = it == colours.end() ? QString() : QString::fromStdString(it->second);
        same = colours_->item(i, 0)->text() == names[i] && colours_->item(i, 1)->text().trimmed() == want;
    }
    if (same) return;
    colours_->setRowCount(int(names.size()));
    for (int i = 0; i < names.size(); ++i) {
        auto* name = new QTableWidgetItem(names[i]);
        name->setFlags(Qt::ItemIsEnabled);
        colours_->setItem(i, 0, name);
        const auto it = colours.find(names[i].toStdString());
        const QString text = it == colours.end() ? QString() : QString::fromStdString(it->second);
        auto* colour = new QTableWidgetItem(text);
        if (isHexColour(text)) colour->setBackground(QColor(text));
        colours_->setItem(i, 1, colour);
    }
}

void FigureOptionsForm::showSpec(const FigureSpec& spec) {
    syncing_ = true;
    const bool grid = spec.kind == FigureKind::Grid;
    plotBox_->setVisible(!grid && spec.kind != FigureKind::Table);
    tileBox_->setVisible(grid);
    yScale_->setCurrentIndex(std::max(0, yScale_->findData(QString::fromStdString(spec.yScale))));
    if (spec.layoutColumns == 1) {
        layoutMode_->setCurrentIndex(1);
    } else if (spec.layoutColumns > 1) {
        layoutMode_->setCurrentIndex(2);
        layoutCount_->setValue(spec.layoutColumns);
    } else if (spec.layoutRows > 0) {
        layoutMode_->setCurrentIndex(3);
        layoutCount_->setValue(spec.layoutRows);
    } else {
        layoutMode_->setCurrentIndex(0);
    }
    setColourRows(spec.modelColours);
    tileFormat_->setCurrentIndex(spec.tileFormat == "jpeg" ? 1 : 0);
    jpegQuality_->setValue(spec.jpegQuality);
    if (spec.tileDpi == figure::kTileDpiNative) {
        tileDpiMode_->setCurrentIndex(1);
    } else if (spec.tileDpi > 0) {
        tileDpiMode_->setCurrentIndex(2);
        tileDpi_->setValue(spec.tileDpi);
    } else {
        tileDpiMode_->setCurrentIndex(0);
    }
    updateEnabled();
    syncing_ = false;
}

void FigureOptionsForm::readInto(FigureSpec& spec) const {
    spec.yScale = yScale_->currentData().toString().toStdString();
    if (spec.yScale == "linear") spec.yLog = false; // "y_log": true would contradict it
    const QString mode = layoutMode_->currentData().toString();
    spec.layoutColumns = mode == "one-column" ? 1 : mode == "columns" ? layoutCount_->value() : 0;
    spec.layoutRows = mode == "rows" ? layoutCount_->value() : 0;
    spec.modelColours.clear();
    for (int i = 0; i < colours_->rowCount(); ++i) {
        const QString text = colours_->item(i, 1) ? colours_->item(i, 1)->text().trimmed() : QString();
        if (isHexColour(text)) spec.modelColours[colours_->item(i, 0)->text().toStdString()] = text.toStdString();
    }
    spec.tileFormat = tileFormat_->currentData().toString().toStdString();
    spec.jpegQuality = jpegQuality_->value();
    const QString dpiMode = tileDpiMode_->currentData().toString();
    spec.tileDpi = dpiMode == "native" ? figure::kTileDpiNative : dpiMode == "custom" ? tileDpi_->value() : 0.0;
}

void FigureOptionsForm::updateEnabled() {
    const QString mode = layoutMode_->currentData().toString();
    layoutCount_->setEnabled(mode == "columns" || mode == "rows");
    jpegQuality_->setEnabled(tileFormat_->currentData().toString() == "jpeg");
    tileDpi_->setEnabled(tileDpiMode_->currentData().toString() == "custom");
}

} // namespace ll::ui
