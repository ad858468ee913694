#include "annotate/AnnotationPanel.h"

#include "annotate/AnnotationEditor.h"
#include "annotate/AreaStatsTable.h"
#include "annotate/ClassPalette.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QUndoView>
#include <QVBoxLayout>

namespace ll::ui {

AnnotationPanel::AnnotationPanel(AnnotationEditor* editor, QWidget* parent) : QWidget(parent), editor_(editor) {
    file_ = new QLabel(this);
    file_->setWordWrap(true);
    file_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    state_ = new QLabel(this);
    state_->setWordWrap(true);

    tools_ = new QButtonGroup(this);
    auto* toolRow = new QHBoxLayout;
    const std::pair<AnnotateTool, QString> tools[] = {
        {AnnotateTool::Select, tr("Select  V")}, {AnnotateTool::Draw, tr("Draw  P")}, {AnnotateTool::Hole, tr("Hole  H")}};
    for (const auto& [t, text] : tools) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setCheckable(true);
        b->setFocusPolicy(Qt::NoFocus);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        tools_->addButton(b, int(t));
        toolRow->addWidget(b);
    }
    tools_->button(int(editor_->tool()))->setChecked(true);
    connect(tools_, &QButtonGroup::idClicked, this, [this](int id) { editor_->setTool(AnnotateTool(id)); });
    connect(editor_, &AnnotationEditor::toolChanged, this, [this](AnnotateTool t) { tools_->button(int(t))->setChecked(true); });

    backdrop_ = new QComboBox(this);
    backdrop_->setFocusPolicy(Qt::NoFocus);
    for (int b = 0; b < kBackdropCount; ++b) backdrop_->addItem(backdropName(Backdrop(b)));
    connect(backdrop_, &QComboBox::activated, this, [this](int i) { Q_EMIT backdropChosen(Backdrop(i)); });

    palette_ = new ClassPalette(editor_, this);
    stats_ = new AreaStatsTable(this);
    auto* history = new QUndoView(editor_->undoGroup(), this);
    history->setEmptyLabel(tr("<opened>"));
    history->setFocusPolicy(Qt::NoFocus);

    auto* save = new QPushButton(tr("Save labels"), this);
    auto* revert = new QPushButton(tr("Discard changes…"), this);
    save->setFocusPolicy(Qt::NoFocus);
    revert->setFocusPolicy(Qt::NoFocus);
    connect(save, &QPushButton::clicked, this, &AnnotationPanel::saveRequested);
    connect(revert, &QPushButton::clicked, this, &AnnotationPanel::revertRequested);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(save);
    buttons->addWidget(revert);

    auto* form = new QFormLayout;
    form->addRow(tr("Backdrop"), backdrop_);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(palette_);
    split->addWidget(stats_);
    split->addWidget(history);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);

    auto* l = new QVBoxLayout(this);
    l->addWidget(file_);
    l->addWidget(state_);
    l->addLayout(toolRow);
    l->addLayout(form);
    l->addWidget(split, 1);
    l->addLayout(buttons);
}

void AnnotationPanel::setBackdrop(Backdrop b) { backdrop_->setCurrentIndex(int(b)); }

QString AnnotationPanel::statusText() const { return state_->text(); }

void AnnotationPanel::setStatus(const QString& file, const QString& state) {
    file_->setText(file);
    state_->setText(state);
}

} // namespace ll::ui
