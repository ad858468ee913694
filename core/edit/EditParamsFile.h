#pragma once
// The parameters of the edit scores as a JSON file, written by `lightlens-cli edit-calibrate` and
// read by `edit-eval --params`, `edit-bench --params` and the desktop application (a dataset's
// `edit-params.json`). Layout (every key optional; absent keys keep their defaults):
//   {"format": "lightlens-edit-params", "version": 1,
//    "unintended_changes": {"global_shift_max": 1.0, ...},      names as in UnintendedChangeParams, snake_case
//    "material": {"band": 7, ..., "gate": {"a": 0.242, "b": 0.38}},
//    "calibration": {...}}                                          informational, not read back
#include "edit/EditEvaluation.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace ll::edit {

// The file name a dataset's parameters go by: <dataset>/edit-params.json.
inline const char* const kDatasetParamsFile = "edit-params.json";

// The snake_case names of every parameter of one group, in declaration order.
std::vector<std::string> unintendedParamNames();
std::vector<std::string> materialParamNames();

// Reads or writes one parameter by name; throws std::out_of_range for an unknown name.
double unintendedParam(const UnintendedChangeParams& p, const std::string& name);
void setUnintendedParam(UnintendedChangeParams& p, const std::string& name, double value);

nlohmann::json paramsToJson(const EditEvalParams& p);
// Applies the keys present in `j` on top of `base`. Throws ll::Error naming `subject` and the key for
// unknown keys, non-numeric or non-finite values, and values out of range (negative sizes, b <= 0).
EditEvalParams paramsFromJson(const nlohmann::json& j, const std::string& subject, const EditEvalParams& base = {});

// Throws ll::Error naming the file when it is missing, is not JSON, or fails paramsFromJson.
EditEvalParams loadEditParams(const std::filesystem::path& path, const EditEvalParams& base = {});
// Atomic; `extra` (may be null) is stored under "calibration".
void saveEditParams(const EditEvalParams& p, const std::filesystem::path& path, const nlohmann::json* extra = nullptr);

} // namespace ll::edit
