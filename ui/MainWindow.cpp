#include "MainWindow.h"

#include <QLabel>

namespace ll::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle("LightLens");
    setCentralWidget(new QLabel("LightLens", this));
    resize(1280, 800);
}

} // namespace ll::ui
