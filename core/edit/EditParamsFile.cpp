#include "edit/EditParamsFile.h"

#include "util/AtomicFile.h"
#include "util/Error.h"

#include <cmath>
#include <stdexcept>
#include <set>
#include <variant>

namespace ll::edit {

namespace {

template <class P>
struct Field {
    const char* name;
    std::variant<double P::*, int P::*> member;
    bool positive = false; // must be > 0 (else >= 0)
};

const std::vector<Field<UnintendedChangeParams>>& unintendedFields() {
    using U = UnintendedChangeParams;
    static const std::vector<Field<U>> f = {
        {"preserved_dilation", &U::preservedDilation},
        {"global_shift_max", &U::globalShiftMax},
        {"block_size", &U::blockSize, true},
        {"search_radius", &U::searchRadius, true},
        {"block_texture_std", &U::blockTextureStd},
        {"block_min_eigen", &U::blockMinEigen},
        {"block_match_ncc", &U::blockMatchNcc},
        {"block_ncc_gain", &U::blockNccGain},
        {"global_peak_candidates", &U::globalPeakCandidates, true},
        {"global_support_min", &U::globalSupportMin},
        {"support_search_radius", &U::supportSearchRadius, true},
        {"support_tolerance", &U::supportTolerance},
        {"local_shift_max", &U::localShiftMax},
        {"local_shift_quantile", &U::localShiftQuantile},
        {"local_area_fraction", &U::localAreaFraction},
        {"local_min_blocks", &U::localMinBlocks, true},
        {"compensate_shift_above", &U::compensateShiftAbove},
        {"fine_levels", &U::fineLevels, true},
        {"coarse_level", &U::coarseLevel, true},
        {"fine_window_sigma", &U::fineWindowSigma, true},
        {"coarse_window_sigma", &U::coarseWindowSigma, true},
        {"fine_texture_std", &U::fineTextureStd},
        {"fine_texture_noise_factor", &U::fineTextureNoiseFactor},
        {"fine_ncc_max", &U::fineNccMax},
        {"coarse_ncc_min", &U::coarseNccMin},
        {"repaint_energy_ratio", &U::repaintEnergyRatio},
        {"repainted_area_fraction", &U::repaintedAreaFraction},
        {"blur_energy_ratio", &U::blurEnergyRatio},
        {"noise_sigma_increase", &U::noiseSigmaIncrease},
        {"colour_cast_delta_ab", &U::colourCastDeltaAB},
        {"exposure_delta_l", &U::exposureDeltaL},
        {"contrast_ratio_min", &U::contrastRatioMin},
        {"contrast_ratio_max", &U::contrastRatioMax},
        {"clipped_increase_fraction", &U::clippedIncreaseFraction},
        {"clip_high", &U::clipHigh},
        {"clip_low", &U::clipLow},
        {"clip_margin", &U::clipMargin},
        {"blockiness_ratio", &U::blockinessRatio},
        {"change_ssim", &U::changeSsim, true},
        {"change_delta_e", &U::changeDeltaE, true},
        {"change_smooth_sigma", &U::changeSmoothSigma},
        {"min_component_fraction", &U::minComponentFraction},
        {"flat_std", &U::flatStd},
        {"texture_gain", &U::textureGain},
    };
    return f;
}

const std::vector<Field<MaterialScoreParams>>& materialFields() {
    using M = MaterialScoreParams;
    static const std::vector<Field<M>> f = {
        {"band", &M::band},
        {"ring", &M::ring, true},
        {"structure_sigma", &M::structureSigma, true},
        {"harmony_sigma", &M::harmonySigma, true},
        {"delta_e_scale", &M::deltaEScale, true},
        {"preservation_delta_e", &M::preservationDeltaE, true},
        {"preservation_colour_sigma", &M::preservationColourSigma},
        {"histogram_bins", &M::histogramBins, true},
        {"histogram_max", &M::histogramMax, true},
    };
    return f;
}

template <class P>
double get(const P& p, const Field<P>& f) {
    return std::visit([&](auto m) { return double(p.*m); }, f.member);
}

template <class P>
void set(P& p, const Field<P>& f, double v) {
    std::visit(
        [&](auto m) {
            using T = std::remove_reference_t<decltype(p.*m)>;
            p.*m = T(v);
        },
        f.member);
}

template <class P>
const Field<P>& find(const std::vector<Field<P>>& fields, const std::string& name) {
    for (const auto& f : fields)
        if (name == f.name) return f;
    throw std::out_of_range("unknown parameter '" + name + "'");
}

template <class P>
nlohmann::json groupToJson(const P& p, const std::vector<Field<P>>& fields) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& f : fields) {
        const double v = get(p, f);
        if (std::holds_alternative<int P::*>(f.member)) j[f.name] = int(v);
        else j[f.name] = v;
    }
    return j;
}

template <class P>
void groupFromJson(P& p, const std::vector<Field<P>>& fields, const nlohmann::json& j, const std::string& subject,
                   const std::string& group, const std::set<std::string>& skip = {}) {
    if (!j.is_object()) throw Error(subject, "'" + group + "' must be an object");
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (skip.count(it.key())) continue;
        const Field<P>* f = nullptr;
        for (const auto& c : fields)
            if (it.key() == c.name) f = &c;
        if (!f) throw Error(subject, "unknown parameter '" + group + "." + it.key() + "'");
        if (!it->is_number()) throw Error(subject, "'" + group + "." + it.key() + "' must be a number");
        const double v = it->get<double>();
        if (!std::isfinite(v)) throw Error(subject, "'" + group + "." + it.key() + "' is not finite");
        if (f->positive ? !(v > 0) : !(v >= 0))
            throw Error(subject, "'" + group + "." + it.key() + "' must be " + (f->positive ? "> 0" : ">= 0"));
        if (std::holds_alternative<int P::*>(f->member) && v != std::floor(v))
            throw Error(subject, "'" + group + "." + it.key() + "' must be an integer");
        set(p, *f, v);
    }
}

} // namespace

std::vector<std::string> unintendedParamNames() {
    std::vector<std::string> n;
    for (const auto& f : unintendedFields()) n.push_back(f.name);
    return n;
}

std::vector<std::string> materialParamNames() {
    std::vector<std::string> n;
    for (const auto& f : materialFields()) n.push_back(f.name);
    return n;
}

double unintendedParam(const UnintendedChangeParams& p, const std::string& name) {
    return get(p, find(unintendedFields(), name));
}

void setUnintendedParam(UnintendedChangeParams& p, const std::string& name, double value) {
    set(p, find(unintendedFields(), name), value);
}

nlohmann::json paramsToJson(const EditEvalParams& p) {
    nlohmann::json j;
    j["format"] = "lightlens-edit-params";
    j["version"] = 1;
    j["unintended_changes"] = groupToJson(p.unintended, unintendedFields());
    j["material"] = groupToJson(p.material, materialFields());
    j["material"]["gate"] = {{"a", p.material.gate.a}, {"b", p.material.gate.b}};
    return j;
}

EditEvalParams paramsFromJson(const nlohmann::json& j, const std::string& subject, const EditEvalParams& base) {
    if (!j.is_object()) throw Error(subject, "the parameters must be a JSON object");
    EditEvalParams p = base;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        if (k == "format") {
            if (*it != "lightlens-edit-params") throw Error(subject, "'format' must be \"lightlens-edit-params\"");
        } else if (k == "version") {
            if (!it->is_number_integer() || it->get<int>() != 1) throw Error(subject, "unsupported 'version' (expected 1)");
        } else if (k == "unintended_changes") {
            groupFromJson(p.unintended, unintendedFields(), *it, subject, k);
        } else if (k == "material") {
            groupFromJson(p.material, materialFields(), *it, subject, k, {"gate"});
            if (it->contains("gate")) {
                const auto& g = (*it)["gate"];
                if (!g.is_object() || !g.contains("a") || !g.contains("b") || !g["a"].is_number() || !g["b"].is_number())
                    throw Error(subject, "'material.gate' must be {\"a\": number, \"b\": number}");
                const GateAnchors a{g["a"].get<double>(), g["b"].get<double>()};
                if (!std::isfinite(a.a) || !std::isfinite(a.b) || !(a.b > 0))
                    throw Error(subject, "'material.gate': a must be finite and b positive");
                p.material.gate = a;
            }
        } else if (k != "calibration") {
            throw Error(subject, "unknown key '" + k + "'");
        }
    }
    const auto& u = p.unintended;
    if (u.localShiftQuantile > 1 || u.globalSupportMin > 1 || u.contrastRatioMin > u.contrastRatioMax)
        throw Error(subject, "local_shift_quantile and global_support_min must be <= 1, contrast_ratio_min <= contrast_ratio_max");
    return p;
}

EditEvalParams loadEditParams(const std::filesystem::path& path, const EditEvalParams& base) {
    const std::string text = readFile(path);
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(path.string(), std::string("malformed JSON: ") + e.what());
    }
    return paramsFromJson(j, path.string(), base);
}

void saveEditParams(const EditEvalParams& p, const std::filesystem::path& path, const nlohmann::json* extra) {
    nlohmann::json j = paramsToJson(p);
    if (extra) j["calibration"] = *extra;
    writeFileAtomic(path, j.dump(2) + "\n");
}

} // namespace ll::edit
