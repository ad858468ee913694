#pragma once
// BrowserRow: one scene x model x task of the open dataset, as the browser lists it.
#include "util/Task.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace ll::ui {

struct BrowserRow {
    enum class State { Pending, Done, Failed, Missing };
    // Why a Failed row failed, as the benchmark classifies it: the edit (unreadable, wrong size), the
    // edit is degenerate (blank, constant, flat: spec "Standardisation"), or the scene's real pair or
    // labels cannot be used (not the model's fault: the benchmark leaves such rows out).
    enum class Fault { Edit, Degenerate, Scene };
    QString scene;
    QString model;
    Task task = Task::On;
    State state = State::Pending;
    Fault fault = Fault::Edit; // of a Failed row
    QString problem; // why the edit is missing/unusable, or the evaluation error
    // The scene's meta.json values, one per key of DatasetTableModel::metaKeys() ("" when the scene
    // does not give the key). Rows of one scene share the list (implicitly shared).
    QStringList meta;
    std::optional<double> sie, lfe;
    int sieRank = 0, lfeRank = 0; // 1 = best among the models of this scene and task; 0 = none
    int rankCount = 0;            // models ranked in this scene and task
};

} // namespace ll::ui
