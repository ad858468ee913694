#include "cli/Commands.h"

#include "edit/EditCalibration.h"
#include "edit/EditParamsFile.h"
#include "util/Error.h"

#include <cmath>
#include <ostream>

namespace ll::cli {

Command makeEditCalibrateCommand() {
    CommandSpec spec{"edit-calibrate", "LABELS.csv",
                     "false-alarm and miss rates of the unintended-change checks on a labelled set of edits; thresholds "
                     "for a target false-alarm rate, written as a parameters file",
                     {{"out", "FILE", "parameters file to write (JSON; read by edit-eval/edit-bench --params and, as "
                                      "DATASET/edit-params.json, by edit-bench and the desktop application)"},
                      {"target-false-alarm", "RATE", "false-alarm rate allowed per check on the set (default 0.05)"},
                      {"params", "FILE", "starting parameters (default: the built-in defaults)"}},
                     1, 1,
                     "LABELS.csv columns: input, edit, fire (checks that should fire, ';'-separated: misalignment, "
                     "repainting, blur, noise, color cast, exposure degradation, artifact, semantic), and optionally "
                     "mask, reference, role (edit or exemplar; exemplars with a mask and a reference fit the gate "
                     "anchors). Paths are relative to the CSV. Prints the rates before and after as Markdown."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const double target = args.number("target-false-alarm", 0.05);
                if (!(target >= 0 && target < 1)) throw UsageError("--target-false-alarm must be in [0, 1)");
                const std::string out = args.required("out");
                edit::EditEvalParams base;
                if (args.has("params")) base = edit::loadEditParams(args.string("params"));
                const auto set = edit::readLabelledEdits(args.positionals[0]);
                const ColourConfig colour = ColourConfig::builtin();
                const edit::CalibrationResult r = edit::calibrateEditChecks(set, colour, target, base);
                const nlohmann::json report = edit::toJson(r);
                edit::saveEditParams(r.after, out, &report);
                io.out << edit::calibrationTable(r) << "\nwrote " << out << "\n";
                return 0;
            }};
}

} // namespace ll::cli
