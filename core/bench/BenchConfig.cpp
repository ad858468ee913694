#include "bench/BenchConfig.h"

#include "util/Error.h"

#include <charconv>

namespace ll::bench {

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    Shard s;
    auto num = [&](std::string_view v, int& out) {
        const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
        return r.ec == std::errc() && r.ptr == v.data() + v.size() && !v.empty();
    };
    const std::string_view t(text);
    if (slash == std::string::npos || !num(t.substr(0, slash), s.index) || !num(t.substr(slash + 1), s.count))
        throw Error("--shard", "expected i/N (e.g. 0/4), got '" + text + "'");
    if (s.count < 1 || s.index < 0 || s.index >= s.count)
        throw Error("--shard", "shard index must be in 0.." + std::to_string(s.count - 1) + " (0-based), got '" + text + "'");
    return s;
}

std::string shardText(const Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

std::pair<std::size_t, std::size_t> shardRange(std::size_t n, const Shard& s) {
    const auto N = std::size_t(s.count), i = std::size_t(s.index);
    return {n * i / N, n * (i + 1) / N};
}

std::filesystem::path outputDir(const BenchConfig& c) {
    if (!c.out.empty()) return c.out;
    if (c.shard.count > 1)
        return c.dataset / "results" /
               ("shard-" + std::to_string(c.shard.index) + "-of-" + std::to_string(c.shard.count));
    return c.dataset / "results";
}

} // namespace ll::bench
