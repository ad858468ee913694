#pragma once
// The two tasks of the benchmark: turn the probe on (input = I_off) or off (input = I_on).
#include "util/Error.h"

#include <string>
#include <string_view>

namespace ll {

enum class Task { On, Off };

inline const char* taskName(Task t) { return t == Task::On ? "on" : "off"; }
inline const char* taskFolder(Task t) { return t == Task::On ? "turn_on" : "turn_off"; }

// Accepts "on", "off", "turn_on", "turn_off". Throws ll::Error otherwise.
inline Task parseTask(std::string_view s) {
    if (s == "on" || s == "turn_on") return Task::On;
    if (s == "off" || s == "turn_off") return Task::Off;
    throw Error("task", "unknown task '" + std::string(s) + "' (expected on or off)");
}

} // namespace ll
