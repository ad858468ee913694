#include "app/DialogFolders.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace ll::ui {

namespace {
QString settingsKey(const QString& purpose) { return QStringLiteral("dialogFolders/") + purpose; }
bool isFolder(const QString& path) { return !path.isEmpty() && QFileInfo(path).isDir(); }
} // namespace

QString dialogFolder(const QString& purpose, const QStringList& fallbacks) {
    const QString last = QSettings().value(settingsKey(purpose)).toString();
    if (isFolder(last)) return last;
    for (const QString& f : fallbacks) {
        if (isFolder(f)) return QDir::cleanPath(QFileInfo(f).absoluteFilePath());
        // A file given as a fallback stands for its folder.
        const QFileInfo info(f);
        if (!f.isEmpty() && info.isFile()) return info.absolutePath();
    }
    return QDir::homePath();
}

void rememberDialogFolder(const QString& purpose, const QString& chosen) {
    if (chosen.isEmpty()) return;
    const QFileInfo info(chosen);
    const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    QSettings().setValue(settingsKey(purpose), QDir::cleanPath(folder));
}

QString dialogPath(const QString& purpose, const QString& name, const QStringList& fallbacks) {
    return QDir(dialogFolder(purpose, fallbacks)).filePath(name);
}

} // namespace ll::ui
