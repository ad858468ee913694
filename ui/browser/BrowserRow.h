#pragma once
// BrowserRow: one scene x model x task of the open dataset, as the browser lists it.
#include "util/Task.h"

#include <QString>

#include <optional>

namespace ll::ui {

struct BrowserRow {
    enum class State { Pending, Done, Failed, Missing };
    QString scene;
    QString model;
    Task task = Task::On;
    State state = State::Pending;
    QString problem; // why the edit is missing/unusable, or the evaluation error
    std::optional<double> sie, lfe;
    int sieRank = 0, lfeRank = 0; // 1 = best among the models of this scene and task; 0 = none
    int rankCount = 0;            // models ranked in this scene and task
};

} // namespace ll::ui
