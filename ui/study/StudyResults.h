#pragma once
// The results file of an A/B study: one CSV line per answer, appended and fsync'ed at once, so
// closing or killing the program loses at most the answer being written. A torn last line (no line
// end) is dropped when the file is opened again. The columns are those `lightlens-cli validate
// --judgements` reads: model_a is the model shown on the left (labelled A), model_b the right one.
#include <QString>
#include <QStringList>

#include <set>

namespace ll::ui {

struct StudyAnswer {
    QString rater, scene, task, modelA, modelB; // A = left, B = right, as shown
    QString choice;                             // "A", "B" or "tie"
    QStringList tags;
    QString expected; // attention check: the correct answer in the shown orientation
    QString pair;     // the study's pair id
    qint64 milliseconds = 0; // time spent on the pair
};

class StudyResults {
public:
    static const QStringList& columns();

    // Opens (creating with a header if needed) the results file; drops a torn last line.
    // Throws ll::Error naming the file when it cannot be opened or has a different header.
    explicit StudyResults(QString path);

    // Pair ids already answered by `rater`.
    std::set<QString> answered(const QString& rater) const;

    // Appends one complete line with a single write, then fsync. Throws ll::Error on failure.
    void append(const StudyAnswer& answer);

    const QString& path() const { return path_; }

private:
    QString path_;
};

} // namespace ll::ui
