#pragma once
// This process's memory as Linux reports it (/proc/self/status): the benchmarks' figures and the
// memory policy's test.
namespace ll::ui {

// A field of /proc/self/status in MiB (VmRSS: resident now, VmHWM: peak so far); 0 where unavailable.
double processMemoryMiB(const char* field);

} // namespace ll::ui
