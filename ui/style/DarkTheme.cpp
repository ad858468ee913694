#include "style/DarkTheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyleFactory>

namespace ll::ui {

void applyDarkTheme(QApplication& app) {
    app.setStyle(QStyleFactory::create("Fusion"));
    QPalette p;
    const QColor window(0x26, 0x28, 0x2c), base(0x1e, 0x20, 0x23), alt(0x23, 0x25, 0x29), text(0xdc, 0xde, 0xe2),
        dim(0x80, 0x86, 0x90), accent(0x3d, 0x8e, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alt);
    p.setColor(QPalette::ToolTipBase, QColor(0x33, 0x36, 0x3b));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x31, 0x34, 0x39));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Link, accent);
    p.setColor(QPalette::Highlight, accent);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Midlight, QColor(0x34, 0x37, 0x3c));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2c, 0x30));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, dim);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x44, 0x47, 0x4c));
    app.setPalette(p);
    app.setStyleSheet(R"(
        QMainWindow::separator { background: #1b1c1f; width: 3px; height: 3px; }
        QToolBar { border: none; spacing: 4px; padding: 3px 6px; background: #2b2d32; }
        QToolBar QLabel#ToolCaption { color: #8f96a3; padding-left: 4px; }
        QToolButton:checked { background: #2f5d8f; border-radius: 3px; }
        QDockWidget { titlebar-close-icon: none; }
        QDockWidget::title { background: #2b2d32; padding: 5px 8px; color: #aab0bb; }
        #PaneHeader { background: #2b2d32; }
        #PaneHeader QLabel { color: #8f96a3; }
        #PaneRole { color: #ffd166; font-weight: bold; }
        #PanelTitle { font-size: 11pt; }
        #SectionTitle { color: #8f96a3; padding-top: 6px; }
        #PanelNote { color: #8f96a3; }
        QHeaderView::section { background: #2b2d32; color: #aab0bb; border: none; padding: 3px 6px; }
        QTableView, QTreeView { border: none; gridline-color: #2e3136; }
        QStatusBar { background: #202226; color: #aab0bb; }
        QStatusBar QLabel { color: #aab0bb; }
    )");
}

} // namespace ll::ui
