#pragma once
#include <QMainWindow>

namespace ll::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace ll::ui
