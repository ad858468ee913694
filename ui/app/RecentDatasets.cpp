#include "app/RecentDatasets.h"

#include <QDir>
#include <QSettings>

namespace ll::ui {

namespace {
constexpr int kMaxRecent = 10;
const char* kKey = "recentDatasets";
} // namespace

QStringList recentDatasets() { return QSettings().value(kKey).toStringList(); }

void addRecentDataset(const QString& path) {
    const QString p = QDir::cleanPath(QDir(path).absolutePath());
    QStringList list = recentDatasets();
    list.removeAll(p);
    list.prepend(p);
    while (list.size() > kMaxRecent) list.removeLast();
    QSettings().setValue(kKey, list);
}

} // namespace ll::ui
