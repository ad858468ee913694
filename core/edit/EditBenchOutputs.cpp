// Writing the results of runEditBench: per-task CSV, summary JSON and the Markdown / CSV / LaTeX
// (booktabs) tables. Declared in EditBench.h.
#include "edit/EditBench.h"

#include "edit/PerTaskColumns.h"

#include "util/AtomicFile.h"
#include "util/Csv.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace ll::edit {

namespace {

std::string num(std::optional<double> v, int digits = 4) {
    if (!v || !std::isfinite(*v)) return "";
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", digits, *v);
    return b;
}

nlohmann::json opt(std::optional<double> v) { return (v && std::isfinite(*v)) ? nlohmann::json(*v) : nlohmann::json(nullptr); }

std::string latexEscape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '_' || c == '&' || c == '%' || c == '#' || c == '$') o += '\\';
        o += c;
    }
    return o;
}

std::string cell(const MeanInterval& m, const std::string& format) {
    if (!m.mean) return format == "tex" ? "--" : "";
    if (format == "csv") return num(m.mean, 4);
    std::string s = num(m.mean, 3);
    if (m.lo && m.hi) s += (format == "tex" ? " {\\scriptsize[" : " [") + num(m.lo, 3) + ", " + num(m.hi, 3) + (format == "tex" ? "]}" : "]");
    return s;
}

std::string table(const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows,
                  const std::string& format, const std::string& caption) {
    std::ostringstream o;
    if (format == "csv") {
        for (std::size_t i = 0; i < head.size(); ++i) o << (i ? "," : "") << csvField(head[i]);
        o << "\n";
        for (const auto& r : rows) {
            for (std::size_t i = 0; i < r.size(); ++i) o << (i ? "," : "") << csvField(r[i]);
            o << "\n";
        }
    } else if (format == "md") {
        o << "| ";
        for (const auto& h : head) o << h << " | ";
        o << "\n|";
        for (std::size_t i = 0; i < head.size(); ++i) o << (i ? "---:|" : "---|");
        o << "\n";
        for (const auto& r : rows) {
            o << "| ";
            for (const auto& c : r) o << (c.empty() ? "n/a" : c) << " | ";
            o << "\n";
        }
        o << "\n" << caption << "\n";
    } else if (format == "tex") {
        o << "% " << caption << "\n\\begin{tabular}{l" << std::string(head.size() - 1, 'r') << "}\n\\toprule\n";
        for (std::size_t i = 0; i < head.size(); ++i) o << (i ? " & " : "") << latexEscape(head[i]);
        o << " \\\\\n\\midrule\n";
        for (const auto& r : rows) {
            for (std::size_t i = 0; i < r.size(); ++i) o << (i ? " & " : "") << (i ? r[i] : latexEscape(r[i]));
            o << " \\\\\n";
        }
        o << "\\bottomrule\n\\end{tabular}\n";
    } else {
        throw Error("table", "unknown format '" + format + "' (md, csv or tex)");
    }
    return o.str();
}

} // namespace

std::string scoresTable(const EditBenchResult& r, const std::string& format) {
    std::vector<std::string> head{"model", "tasks", "missing", "failed"};
    for (const auto& k : benchScoreKeys()) head.push_back(k == "overall" ? "raw overall" : k);
    if (format == "csv") {
        head = {"model", "anchor", "tasks", "missing", "failed"};
        for (const auto& k : benchScoreKeys())
            for (const char* s : {"", "_lo", "_hi"}) head.push_back(k + s);
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& m : r.models) {
        std::vector<std::string> row{m.model};
        if (format == "csv") row.push_back(m.anchor ? "1" : "0");
        row.push_back(std::to_string(m.scored));
        row.push_back(std::to_string(m.missing));
        row.push_back(std::to_string(m.failed));
        for (const auto& k : benchScoreKeys()) {
            const MeanInterval& mi = m.means.at(k);
            row.push_back(cell(mi, format));
            if (format == "csv") {
                row.push_back(num(mi.lo));
                row.push_back(num(mi.hi));
            }
        }
        rows.push_back(std::move(row));
    }
    char cap[400];
    std::snprintf(cap, sizeof cap,
                  "Means over tasks with 95%% percentile-bootstrap intervals (%d draws, seed %llu). Classical stand-ins: "
                  "preservation = SSIM of sRGB luminance outside the mask (paper: LPIPS), structure = SSIM structure "
                  "term inside (paper: depth AbsRel), material = colour and gradient-histogram match to the reference "
                  "(paper: SigLIP2 + DINOv2). Gate anchors a = %.3f, b = %.3f (%s).",
                  r.draws, (unsigned long long)r.seed, r.gate.a, r.gate.b, r.gateSource.c_str());
    return table(head, rows, format, cap);
}

std::string passRateTable(const EditBenchResult& r, const std::string& format) {
    std::vector<std::string> head{"model", "edits"};
    for (const auto& d : benchDimensionKeys()) head.push_back(d);
    for (const auto& c : benchCheckKeys())
        if (c != "semantic") head.push_back(c);
    std::vector<std::vector<std::string>> rows;
    for (const auto& m : r.models) {
        std::vector<std::string> row{m.model, std::to_string(m.scored)};
        for (const auto& d : benchDimensionKeys()) row.push_back(num(m.passRates.at(d), 3));
        for (const auto& c : benchCheckKeys())
            if (c != "semantic") row.push_back(num(m.passRates.at(c), 3));
        rows.push_back(std::move(row));
    }
    return table(head, rows, format,
                 "Pass rates (share of edits with no flag) per StableI2I dimension and check, from classical image "
                 "analysis of the preserved region; semantic flags are candidate changed regions, not a semantic judgement.");
}

void writeEditBenchOutputs(const EditBenchResult& r, const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error(dir.string(), "cannot create the output folder: " + ec.message());

    // per_task.csv
    std::vector<std::string> valueKeys = benchScoreKeys();
    for (const char* k : {"psnr_outside", "delta_e_outside", "harmony_ncc", "harmony_seam", "material_colour", "material_texture"})
        valueKeys.push_back(k);
    std::ostringstream csv;
    csv << "model,anchor,task,material_class,status";
    for (const auto& k : valueKeys) csv << "," << k;
    for (const auto& d : benchDimensionKeys()) csv << ",pass_" << d;
    for (const auto& c : benchCheckKeys()) csv << ",flag_" << csvField(c);
    csv << ",scene,item\n";
    for (const auto& row : r.rows) {
        csv << csvField(row.model) << "," << (row.anchor ? 1 : 0) << "," << csvField(row.task) << ","
            << csvField(row.material) << "," << (row.missing ? "missing" : row.failed() ? "failed" : "scored");
        for (const auto& k : valueKeys) {
            const auto it = row.values.find(k);
            csv << "," << (it == row.values.end() ? "" : num(it->second, 6));
        }
        for (const auto& d : benchDimensionKeys()) {
            const auto it = row.dimensionPass.find(d);
            csv << "," << (it == row.dimensionPass.end() ? "" : (it->second ? "1" : "0"));
        }
        for (const auto& c : benchCheckKeys()) {
            const auto it = row.flags.find(c);
            csv << "," << (it == row.flags.end() ? "" : (it->second ? "1" : "0"));
        }
        csv << "," << csvField(row.scene) << "," << csvField(perTaskItem(row.task, row.model)) << "\n";
    }

    // summary.json
    nlohmann::json j;
    j["dataset"] = r.dataset;
    j["gate_anchors"] = {{"a", r.gate.a}, {"b", r.gate.b}, {"source", r.gateSource}};
    j["gate_anchors_from_dataset_anchors"] =
        r.anchorGate ? nlohmann::json{{"a", r.anchorGate->a}, {"b", r.anchorGate->b}} : nlohmann::json(nullptr);
    j["bootstrap"] = {{"draws", r.draws}, {"seed", r.seed}, {"level", 0.95}, {"over", "tasks"}};
    j["measures"] = {
        {"preservation", "SSIM of sRGB luminance outside the mask (stands in for 1 - LPIPS)"},
        {"structure", "SSIM structure term of sigma-2 low-passed sRGB luminance inside the mask (stands in for depth AbsRel)"},
        {"harmony", "low-pass luminance NCC and seam gradient energy (the paper's classical construction)"},
        {"material", "colour (CIEDE2000) and gradient-histogram match to the reference (stands in for SigLIP2 + DINOv2)"},
        {"overall", "mean of the available scores"},
        {"gate", "clip((material - a) / b, 0, 1) * (preservation * structure * harmony)^(1/3)"},
        {"unintended_changes", "StableI2I taxonomy approximated with classical image analysis; semantic = candidate changed regions"}};
    j["learned_unavailable"] = {"lpips", "depth_absrel", "siglip2_family", "dinov2_cosine", "stablei2i_judge"};
    nlohmann::json models = nlohmann::json::array();
    for (const auto& m : r.models) {
        nlohmann::json mj{{"model", m.model}, {"anchor", m.anchor}, {"scored", m.scored}, {"missing", m.missing}, {"failed", m.failed}};
        for (const auto& [k, mi] : m.means)
            mj["scores"][k] = {{"mean", opt(mi.mean)}, {"lo", opt(mi.lo)}, {"hi", opt(mi.hi)}, {"n", mi.n}};
        for (const auto& [k, v] : m.passRates) mj["pass_rates"][k] = opt(v);
        models.push_back(std::move(mj));
    }
    j["models"] = models;
    nlohmann::json failures = nlohmann::json::array();
    for (const auto& row : r.rows)
        if (row.failed()) failures.push_back({{"model", row.model}, {"task", row.task}, {"error", row.error}});
    j["failures"] = failures;

    // Render everything first, then write: a failure in rendering leaves no partial set.
    const std::vector<std::pair<std::string, std::string>> files = {
        {"per_task.csv", csv.str()},
        {"summary.json", j.dump(2) + "\n"},
        {"scores.md", scoresTable(r, "md")},
        {"scores.csv", scoresTable(r, "csv")},
        {"scores.tex", scoresTable(r, "tex")},
        {"pass_rates.md", passRateTable(r, "md")},
        {"pass_rates.csv", passRateTable(r, "csv")},
        {"pass_rates.tex", passRateTable(r, "tex")}};
    for (const auto& [name, text] : files) writeFileAtomic(dir / name, text);
    writePerTaskColumns(dir / "per_task.csv", files.front().second);
}

} // namespace ll::edit
