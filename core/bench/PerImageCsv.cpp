#include "bench/PerImageCsv.h"

#include "util/Csv.h"
#include "bench/NumberFormat.h"
#include "util/Error.h"

#include <algorithm>
#include <map>
#include <set>

namespace ll::bench {

namespace {

const std::vector<std::string> kLeading = {"scene", "model", "task", "regime", "failure", "sie", "lfe", "sie1",
                                           "psnr", "ssim", "valid_fraction", "valid_pixels", "degenerate"};
// The evaluation size of each row (read when present, so files of earlier versions still parse).
const std::vector<std::string> kSize = {"eval_width", "eval_height"};

std::string fmtInt(std::optional<long long> v) { return v ? std::to_string(*v) : std::string(); }

void regionCells(std::vector<std::string>& f, const std::map<std::string, RegionScore>& m, const std::string& key) {
    auto it = m.find(key);
    if (it == m.end()) {
        f.insert(f.end(), {"", "", ""});
        return;
    }
    f.push_back(std::to_string(it->second.pixels));
    f.push_back(formatExact(it->second.sie));
    f.push_back(formatExact(it->second.lfe));
}

} // namespace

std::string formatPerImageCsv(const std::vector<ScoreRow>& rows, bool withUncertainty) {
    std::vector<std::string> regionKeys, bandKeys;
    std::set<std::string> metaKeys, importedNames;
    std::vector<std::string> wbNames; // in the order of the first row that has them
    for (const auto& r : rows) {
        for (const auto& [k, v] : r.wb)
            if (std::find(wbNames.begin(), wbNames.end(), k) == wbNames.end()) wbNames.push_back(k);
        for (const auto& [k, v] : r.meta) metaKeys.insert(k);
        for (const auto& [k, v] : r.imported) importedNames.insert(k);
        for (const auto& [k, v] : r.regions) regionKeys.push_back(k);
        for (const auto& [k, v] : r.bands) bandKeys.push_back(k);
    }
    regionKeys = orderRegions(std::move(regionKeys));
    bandKeys = orderBands(std::move(bandKeys));

    std::vector<std::string> header = kLeading;
    header.insert(header.end(), kSize.begin(), kSize.end());
    if (withUncertainty) header.insert(header.end(), {"sd.sie", "sd.lfe"});
    for (const auto& k : wbNames)
        for (const char* f : {"sie", "lfe", "psnr", "ssim"}) header.push_back("wb_" + k + "." + f);
    for (const auto& k : importedNames) header.push_back("imported." + k);
    for (const auto& k : regionKeys)
        for (const char* f : {"pixels", "sie", "lfe"}) header.push_back("region." + k + "." + f);
    for (const auto& k : bandKeys)
        for (const char* f : {"pixels", "sie", "lfe"}) header.push_back("band." + k + "." + f);
    for (const auto& k : metaKeys) header.push_back("meta." + k);
    header.insert(header.end(), {"error_file", "error"});

    std::string out = csvLine(header);
    for (const auto& r : rows) {
        std::vector<std::string> f = {r.scene,
                                      r.model,
                                      taskName(r.task),
                                      r.regime,
                                      failureName(r.failure),
                                      formatExact(r.sie),
                                      formatExact(r.lfe),
                                      formatExact(r.sie1),
                                      formatExact(r.psnr),
                                      formatExact(r.ssim),
                                      formatExact(r.validFraction),
                                      fmtInt(r.validPixels),
                                      r.failed() && !r.degenerate ? "" : (r.degenerate ? "true" : "false"),
                                      r.evalWidth > 0 ? std::to_string(r.evalWidth) : std::string(),
                                      r.evalHeight > 0 ? std::to_string(r.evalHeight) : std::string()};
        if (withUncertainty) {
            f.push_back(formatExact(r.sdSie));
            f.push_back(formatExact(r.sdLfe));
        }
        for (const auto& k : wbNames) {
            const auto it = r.wb.find(k);
            const ShiftedScores s = it == r.wb.end() ? ShiftedScores{} : it->second;
            for (const auto& v : {s.sie, s.lfe, s.psnr, s.ssim}) f.push_back(formatExact(v));
        }
        for (const auto& k : importedNames) {
            const auto it = r.imported.find(k);
            f.push_back(it == r.imported.end() ? std::string() : formatExact(it->second));
        }
        for (const auto& k : regionKeys) regionCells(f, r.regions, k);
        for (const auto& k : bandKeys) regionCells(f, r.bands, k);
        for (const auto& k : metaKeys) {
            const auto it = r.meta.find(k);
            f.push_back(it == r.meta.end() ? std::string() : it->second);
        }
        f.push_back(r.errorFile);
        f.push_back(r.error);
        out += csvLine(f);
    }
    return out;
}

bool perImageCsvHasUncertainty(const std::string& text) {
    const auto eol = text.find('\n');
    const std::string header = text.substr(0, eol);
    return header.find(",sd.sie,") != std::string::npos;
}

std::vector<ScoreRow> parsePerImageCsv(const std::string& text, const std::string& subject) {
    const std::vector<CsvRecord> records = parseCsvRecords(text, subject);
    if (records.empty()) throw Error(subject, "empty file (expected a per_image.csv header)");
    const auto& header = records[0].fields;
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
    for (const auto& name : kLeading)
        if (!col.count(name)) throw Error(subject, "not a per_image.csv: no column '" + name + "'");
    for (const char* name : {"error_file", "error"})
        if (!col.count(name)) throw Error(subject, std::string("not a per_image.csv: no column '") + name + "'");

    struct RegionCol {
        bool band;
        std::string key;
        int field; // 0 pixels, 1 sie, 2 lfe
        std::size_t index;
    };
    std::vector<RegionCol> regionCols;
    for (std::size_t i = 0; i < header.size(); ++i) {
        const std::string& h = header[i];
        const bool isRegion = h.rfind("region.", 0) == 0, isBand = h.rfind("band.", 0) == 0;
        if (!isRegion && !isBand) continue;
        const std::size_t start = isRegion ? 7 : 5;
        const auto dot = h.rfind('.');
        if (dot == std::string::npos || dot <= start) throw Error(subject, "bad column name '" + h + "'");
        const std::string field = h.substr(dot + 1);
        const int fi = field == "pixels" ? 0 : field == "sie" ? 1 : field == "lfe" ? 2 : -1;
        if (fi < 0) throw Error(subject, "bad column name '" + h + "'");
        regionCols.push_back({isBand, h.substr(start, dot - start), fi, i});
    }

    std::vector<std::pair<std::string, std::size_t>> metaCols; // key, column
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i].rfind("meta.", 0) == 0) {
            if (header[i].size() == 5) throw Error(subject, "bad column name 'meta.'");
            metaCols.emplace_back(header[i].substr(5), i);
        }

    std::vector<std::pair<std::string, std::size_t>> importedCols; // name, column
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i].rfind("imported.", 0) == 0) {
            if (header[i].size() == 9) throw Error(subject, "bad column name 'imported.'");
            importedCols.emplace_back(header[i].substr(9), i);
        }

    struct WbCol {
        std::string name;
        int field; // 0 sie, 1 lfe, 2 psnr, 3 ssim
        std::size_t index;
    };
    std::vector<WbCol> wbCols;
    for (std::size_t i = 0; i < header.size(); ++i) {
        const std::string& h = header[i];
        if (h.rfind("wb_", 0) != 0) continue;
        const auto dot = h.rfind('.');
        const std::string field = dot == std::string::npos ? std::string() : h.substr(dot + 1);
        const int fi = field == "sie" ? 0 : field == "lfe" ? 1 : field == "psnr" ? 2 : field == "ssim" ? 3 : -1;
        if (fi < 0 || dot <= 3) throw Error(subject, "bad column name '" + h + "'");
        wbCols.push_back({h.substr(3, dot - 3), fi, i});
    }

    std::vector<ScoreRow> rows;
    for (std::size_t li = 1; li < records.size(); ++li) {
        const auto& rec = records[li].fields;
        const std::string where = subject + " line " + std::to_string(records[li].line);
        if (rec.size() != header.size())
            throw Error(where, "has " + std::to_string(rec.size()) + " fields, the header has " +
                                   std::to_string(header.size()));
        auto cell = [&](const std::string& name) -> const std::string& { return rec[col.at(name)]; };
        auto num = [&](const std::string& name) { return parseNumber(cell(name), where + " column " + name); };
        ScoreRow r;
        r.scene = cell("scene");
        r.model = cell("model");
        try {
            r.task = parseTask(cell("task"));
            r.failure = parseFailure(cell("failure"));
        } catch (const Error& e) {
            throw Error(where, e.problem());
        }
        r.regime = cell("regime");
        r.sie = num("sie");
        r.lfe = num("lfe");
        r.sie1 = num("sie1");
        r.psnr = num("psnr");
        r.ssim = num("ssim");
        r.validFraction = num("valid_fraction");
        if (const auto vp = num("valid_pixels")) r.validPixels = static_cast<long long>(*vp);
        r.degenerate = cell("degenerate") == "true";
        if (col.count("eval_width") && col.count("eval_height")) {
            if (const auto w = num("eval_width")) r.evalWidth = int(*w);
            if (const auto h = num("eval_height")) r.evalHeight = int(*h);
        }
        if (col.count("sd.sie")) r.sdSie = num("sd.sie");
        if (col.count("sd.lfe")) r.sdLfe = num("sd.lfe");
        for (const auto& rc : regionCols) {
            const std::string& v = rec[rc.index];
            auto& m = rc.band ? r.bands : r.regions;
            if (rc.field == 0) {
                if (v.empty()) continue;
                m[rc.key].pixels = static_cast<long long>(*parseNumber(v, where));
            }
        }
        for (const auto& rc : regionCols) {
            if (rc.field == 0) continue;
            auto& m = rc.band ? r.bands : r.regions;
            auto it = m.find(rc.key);
            const auto value = parseNumber(rec[rc.index], where + " column " + header[rc.index]);
            if (it == m.end()) {
                if (value) throw Error(where, "column " + header[rc.index] + " has a value but no pixel count");
                continue;
            }
            (rc.field == 1 ? it->second.sie : it->second.lfe) = value;
        }
        for (const auto& wc : wbCols) {
            const auto value = parseNumber(rec[wc.index], where + " column " + header[wc.index]);
            if (!value) continue;
            ShiftedScores& s = r.wb[wc.name];
            (wc.field == 0 ? s.sie : wc.field == 1 ? s.lfe : wc.field == 2 ? s.psnr : s.ssim) = value;
        }
        for (const auto& [name, index] : importedCols)
            if (const auto v = parseNumber(rec[index], where + " column " + header[index])) r.imported[name] = *v;
        for (const auto& [key, index] : metaCols)
            if (!rec[index].empty()) r.meta[key] = rec[index];
        r.errorFile = cell("error_file");
        r.error = cell("error");
        rows.push_back(std::move(r));
    }
    return rows;
}

} // namespace ll::bench
