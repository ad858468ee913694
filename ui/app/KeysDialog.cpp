#include "app/KeysDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ll::ui {

KeysDialog::KeysDialog(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("LightLens keys"));
    auto* table = new QTableWidget(0, 2, this);
    table->setHorizontalHeaderLabels({tr("Key"), tr("Action")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setShowGrid(false);
    table->setAlternatingRowColors(true);
    for (QAction* a : actions) {
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
        QString text = a->text().remove('&');
        // Keys a widget handles itself are shown in the action's text after a tab ("Draw\tP").
        if (const int tab = text.indexOf('\t'); tab >= 0) {
            if (keys.isEmpty()) keys << text.mid(tab + 1);
            text.truncate(tab);
        }
        if (keys.isEmpty()) continue;
        const int r = table->rowCount();
        table->insertRow(r);
        table->setItem(r, 0, new QTableWidgetItem(keys.join("  ")));
        table->setItem(r, 1, new QTableWidgetItem(text));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* l = new QVBoxLayout(this);
    l->addWidget(table);
    l->addWidget(buttons);
    resize(520, 640);
}

} // namespace ll::ui
