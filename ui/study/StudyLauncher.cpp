#include "study/StudyLauncher.h"

#include "app/DialogFolders.h"
#include "study/StudyWindow.h"

#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>

#include <exception>

namespace ll::ui {

StudyWindow* openStudyWindow(const QString& studyPath, const QString& resultsPath, const QString& rater, QString* error) {
    try {
        auto* w = new StudyWindow(studyPath, resultsPath, rater);
        w->setAttribute(Qt::WA_DeleteOnClose);
        w->resize(1400, 700);
        w->show();
        return w;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what()).replace('\n', ' ');
        return nullptr;
    }
}

StudyWindow* startStudy(QWidget* parent, QString studyPath, QString resultsPath, QString rater) {
    if (studyPath.isEmpty())
    {
        studyPath = QFileDialog::getOpenFileName(parent, QObject::tr("A/B study file"), dialogFolder(QStringLiteral("study")),
                                                 QObject::tr("Study files (*.json *.csv);;All files (*)"));
        if (!studyPath.isEmpty()) rememberDialogFolder(QStringLiteral("study"), studyPath);
    }
    if (studyPath.isEmpty()) return nullptr;
    if (resultsPath.isEmpty()) {
        const QFileInfo info(studyPath);
        const QString suggestion = info.dir().filePath(info.completeBaseName() + "-results.csv");
        // An existing results file is appended to (the rater resumes), so do not warn about overwriting.
        resultsPath = QFileDialog::getSaveFileName(parent, QObject::tr("Results CSV (answers are appended)"), suggestion,
                                                   QObject::tr("CSV files (*.csv)"), nullptr,
                                                   QFileDialog::DontConfirmOverwrite);
    }
    if (resultsPath.isEmpty()) return nullptr;
    if (rater.isEmpty()) {
        bool ok = false;
        rater = QInputDialog::getText(parent, QObject::tr("Rater"), QObject::tr("Rater name or id:"), QLineEdit::Normal, {}, &ok);
        if (!ok) return nullptr;
    }
    QString error;
    StudyWindow* w = openStudyWindow(studyPath, resultsPath, rater, &error);
    if (!w) QMessageBox::warning(parent, QObject::tr("Cannot start the study"), error);
    return w;
}

} // namespace ll::ui
