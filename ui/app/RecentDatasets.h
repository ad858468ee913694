#pragma once
// The recently opened datasets, most recent first, kept in QSettings ("recentDatasets").
#include <QStringList>

namespace ll::ui {

QStringList recentDatasets();
void addRecentDataset(const QString& path);

} // namespace ll::ui
