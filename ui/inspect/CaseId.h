#pragma once
// CaseId: one scene x model x task of the open dataset, and the cache keys derived from it.
#include "util/Task.h"

#include <QString>

namespace ll::ui {

struct CaseId {
    QString scene;
    QString model;
    Task task = Task::On;
    bool operator==(const CaseId&) const = default;
    bool valid() const { return !scene.isEmpty(); }
    QString label() const { return scene + " · " + model + " · turn " + taskName(task); }
    // Cache key: the case plus a key of the metric parameters it was evaluated with.
    QString key(const QString& paramsKey) const {
        return scene + '\x1f' + model + '\x1f' + taskName(task) + '\x1f' + paramsKey;
    }
};

} // namespace ll::ui
