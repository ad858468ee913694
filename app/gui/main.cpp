// lightlens: the LightLens desktop application.
#include "MainWindow.h"

#include <QApplication>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("LightLens");
    QApplication::setOrganizationName("LightLens");
    QApplication::setApplicationVersion(LIGHTLENS_VERSION);
    ll::ui::MainWindow window;
    window.show();
    return app.exec();
}
