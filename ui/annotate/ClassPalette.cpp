#include "annotate/ClassPalette.h"

#include "annotate/AnnotationEditor.h"

#include <QInputDialog>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>

namespace ll::ui {

namespace {
QIcon swatch(const QColor& c) {
    QPixmap pm(14, 14);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setPen(QColor(20, 20, 20));
    p.setBrush(c);
    p.drawRoundedRect(QRectF(0.5, 0.5, 13, 13), 3, 3);
    return QIcon(pm);
}
} // namespace

ClassPalette::ClassPalette(AnnotationEditor* editor, QWidget* parent) : QWidget(parent), editor_(editor) {
    list_ = new QListWidget(this);
    list_->setObjectName("ClassPaletteList");
    list_->setFocusPolicy(Qt::NoFocus);
    list_->setUniformItemSizes(true);
    auto* add = new QPushButton(tr("Add class…"), this);
    add->setFocusPolicy(Qt::NoFocus);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(list_);
    l->addWidget(add);
    connect(add, &QPushButton::clicked, this, &ClassPalette::addClassDialog);
    connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* it) {
        editor_->setActiveClass(it->data(Qt::UserRole).toString());
        if (editor_->tool() == AnnotateTool::Select)
            editor_->setClassOfSelection(AnnotationEditor::labelFor(it->data(Qt::UserRole).toString()));
    });
    connect(editor_, &AnnotationEditor::classesChanged, this, &ClassPalette::rebuild);
    connect(editor_, &AnnotationEditor::activeClassChanged, this, &ClassPalette::rebuild);
    rebuild();
}

void ClassPalette::rebuild() {
    list_->clear();
    const QStringList& classes = editor_->classes();
    for (int i = 0; i < classes.size(); ++i) {
        const QString key = i < 9 ? QString::number(i + 1) : QString(" ");
        auto* it = new QListWidgetItem(swatch(AnnotationEditor::classColour(classes[i])), key + "   " + classes[i], list_);
        it->setData(Qt::UserRole, classes[i]);
        if (classes[i] == editor_->activeClass()) {
            QFont f = it->font();
            f.setBold(true);
            it->setFont(f);
            list_->setCurrentItem(it);
        }
    }
}

void ClassPalette::addClassDialog() {
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Add class"), tr("Class name:"), QLineEdit::Normal, {}, &ok);
    if (ok && !name.trimmed().isEmpty()) editor_->addClass(name.trimmed());
}

} // namespace ll::ui
