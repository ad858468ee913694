#pragma once
// Start folders of the file dialogs. A dialog opens where the user last chose a file for the same
// purpose ("dataset", "figure", "validation", ...; kept in QSettings under dialogFolders/<purpose>),
// else in the first existing folder of `fallbacks` (the open dataset, the benchmark folder, ...), else
// in the home folder: never in the process's working directory, which for a desktop launch is "/".
#include <QString>
#include <QStringList>

namespace ll::ui {

QString dialogFolder(const QString& purpose, const QStringList& fallbacks = {});

// `chosen` is the file or folder the user picked: the folder to start in next time is the folder
// itself, or the folder of the file.
void rememberDialogFolder(const QString& purpose, const QString& chosen);

// The folder and name of a file dialog's initial selection: dialogFolder(purpose, fallbacks)/name.
QString dialogPath(const QString& purpose, const QString& name, const QStringList& fallbacks = {});

} // namespace ll::ui
