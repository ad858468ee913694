#pragma once
// AreaStatsTable: the per-class statistics of the scene being edited (ClassAreas.h): shapes,
// vertices, pixel area and its share of the image.
#include "annotate/ClassAreas.h"

#include <QTableWidget>

namespace ll::ui {

class AreaStatsTable : public QTableWidget {
    Q_OBJECT
public:
    explicit AreaStatsTable(QWidget* parent = nullptr);
    void setAreas(const std::vector<ClassArea>& areas);
    // The pixel count shown for a class (-1 when absent), for tests.
    long long pixelsShown(const QString& className) const;
};

} // namespace ll::ui
