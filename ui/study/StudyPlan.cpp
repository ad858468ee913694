#include "study/StudyPlan.h"

#include "stats/Csv.h"
#include "util/DrawRng.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

#include <set>

namespace ll::ui {

namespace {

QString resolve(const QDir& base, const std::string& p) {
    const QString s = QString::fromStdString(p);
    return s.isEmpty() ? s : QDir::cleanPath(base.absoluteFilePath(s));
}

QString normalisedExpected(const std::string& e, const std::string& where) {
    const std::string l = ll::stats::lowered(ll::stats::trimmed(e));
    if (l.empty()) return {};
    if (l == "a") return "A";
    if (l == "b") return "B";
    if (l == "tie" || l == "=" || l == "0.5") return "tie";
    throw ll::Error(where, "expected '" + e + "' is not A, B or tie");
}

} // namespace

StudyPlan loadStudyPlan(const QString& path) {
    const std::string file = path.toStdString();
    const std::string text = ll::readFile(file);
    const QDir base = QFileInfo(path).absoluteDir();
    StudyPlan plan;
    plan.name = QFileInfo(path).completeBaseName();
    const bool json = path.endsWith(".json", Qt::CaseInsensitive);
    if (json) {
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(text);
        } catch (const nlohmann::json::exception& e) {
            throw ll::Error(file, std::string("malformed JSON: ") + e.what());
        }
        if (!j.is_object() || !j.contains("pairs") || !j["pairs"].is_array())
            throw ll::Error(file, "expected an object with a \"pairs\" array");
        if (j.contains("name") && j["name"].is_string()) plan.name = QString::fromStdString(j["name"].get<std::string>());
        if (j.contains("seed")) {
            if (!j["seed"].is_number_unsigned()) throw ll::Error(file, "\"seed\" must be a non-negative integer");
            plan.seed = j["seed"].get<std::uint64_t>();
        }
        std::size_t k = 0;
        for (const auto& p : j["pairs"]) {
            const std::string where = file + ": pair " + std::to_string(k++);
            const auto str = [&](const nlohmann::json& o, const char* key, bool required) -> std::string {
                if (!o.is_object() || !o.contains(key)) {
                    if (required) throw ll::Error(where, std::string("missing \"") + key + "\"");
                    return {};
                }
                if (!o[key].is_string()) throw ll::Error(where, std::string("\"") + key + "\" must be a string");
                return o[key].get<std::string>();
            };
            StudyPair sp;
            sp.id = QString::fromStdString(str(p, "id", true));
            sp.scene = QString::fromStdString(str(p, "scene", true));
            sp.task = QString::fromStdString(str(p, "task", true));
            sp.input = resolve(base, str(p, "input", true));
            if (!p.contains("a") || !p.contains("b")) throw ll::Error(where, "missing \"a\" or \"b\"");
            sp.modelA = QString::fromStdString(str(p["a"], "model", true));
            sp.editA = resolve(base, str(p["a"], "path", true));
            sp.modelB = QString::fromStdString(str(p["b"], "model", true));
            sp.editB = resolve(base, str(p["b"], "path", true));
            sp.expected = normalisedExpected(str(p, "expected", false), where);
            plan.pairs.push_back(sp);
        }
    } else {
        const ll::stats::CsvTable t = ll::stats::parseCsv(text, file);
        const auto need = [&](const char* name) {
            if (auto c = t.column(name)) return *c;
            throw ll::Error(file, std::string("missing column '") + name + "' in the header");
        };
        const std::size_t cId = need("id"), cScene = need("scene"), cTask = need("task"), cInput = need("input"),
                          cMa = need("model_a"), cEa = need("edit_a"), cMb = need("model_b"), cEb = need("edit_b");
        const auto cExp = t.column("expected");
        for (const auto& row : t.rows) {
            const std::string where = file + ":" + std::to_string(row.line);
            if (row.fields.size() != t.header.size())
                throw ll::Error(where, "has " + std::to_string(row.fields.size()) + " fields, the header has " +
                                           std::to_string(t.header.size()));
            const auto f = [&](std::size_t c) { return ll::stats::trimmed(row.fields[c]); };
            StudyPair sp;
            sp.id = QString::fromStdString(f(cId));
            sp.scene = QString::fromStdString(f(cScene));
            sp.task = QString::fromStdString(f(cTask));
            sp.input = resolve(base, f(cInput));
            sp.modelA = QString::fromStdString(f(cMa));
            sp.editA = resolve(base, f(cEa));
            sp.modelB = QString::fromStdString(f(cMb));
            sp.editB = resolve(base, f(cEb));
            sp.expected = cExp ? normalisedExpected(f(*cExp), where) : QString();
            for (const QString* v : {&sp.id, &sp.scene, &sp.task, &sp.editA, &sp.editB, &sp.modelA, &sp.modelB})
                if (v->isEmpty()) throw ll::Error(where, "empty field");
            plan.pairs.push_back(sp);
        }
    }
    std::set<QString> ids;
    for (const auto& p : plan.pairs)
        if (!ids.insert(p.id).second) throw ll::Error(file, "duplicate pair id '" + p.id.toStdString() + "'");
    if (plan.pairs.empty()) throw ll::Error(file, "the study has no pairs");
    return plan;
}

std::vector<PresentedPair> presentationOrder(const StudyPlan& plan, const QString& rater) {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a of the rater name
    for (unsigned char c : rater.toUtf8()) h = (h ^ c) * 1099511628211ull;
    auto rng = ll::stats::drawRng(plan.seed, ll::stats::RngStream::Presentation, h);
    std::vector<PresentedPair> order(plan.pairs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i].pair = i;
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[ll::stats::uniformIndex(rng, i)]);
    for (auto& p : order) p.swapped = (rng() >> 63) != 0;
    return order;
}

} // namespace ll::ui
