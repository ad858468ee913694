#include "annotations/CocoRle.h"

#include "util/Error.h"

namespace ll {

Mask decodeRleCounts(const std::vector<std::uint64_t>& counts, int width, int height) {
    if (width <= 0 || height <= 0) throw Error("RLE", "size " + std::to_string(width) + "x" + std::to_string(height) + " is empty");
    const std::uint64_t total = std::uint64_t(width) * std::uint64_t(height);
    std::uint64_t sum = 0;
    for (auto c : counts) {
        sum += c;
        if (sum > total) break;
    }
    if (sum != total)
        throw Error("RLE", "runs cover " + (sum > total ? std::string("more than") : std::to_string(sum) + " of") + " the " +
                               std::to_string(total) + " pixels of a " + std::to_string(width) + "x" +
                               std::to_string(height) + " mask");
    Mask mask(width, height, 0);
    std::uint64_t index = 0;
    bool value = false;
    for (auto c : counts) {
        if (value)
            for (std::uint64_t i = index; i < index + c; ++i) mask(int(i / std::uint64_t(height)), int(i % std::uint64_t(height))) = 1;
        index += c;
        value = !value;
    }
    return mask;
}

std::vector<std::uint64_t> rleCountsFromString(std::string_view text) {
    std::vector<std::int64_t> counts;
    std::size_t p = 0;
    while (p < text.size()) {
        std::int64_t x = 0;
        int k = 0;
        bool more = true;
        while (more) {
            if (p >= text.size()) throw Error("RLE", "compressed counts end in the middle of a number");
            const int c = static_cast<unsigned char>(text[p]) - 48;
            if (c < 0 || c > 63) throw Error("RLE", "compressed counts hold a character outside '0'..'o'");
            if (k >= 12) throw Error("RLE", "compressed counts hold a number that is too long");
            x |= std::int64_t(c & 0x1f) << (5 * k);
            more = (c & 0x20) != 0;
            ++p;
            ++k;
            if (!more && (c & 0x10)) x |= static_cast<std::int64_t>(~std::uint64_t(0) << (5 * k)); // sign
        }
        if (counts.size() > 2) x += counts[counts.size() - 2];
        if (x < 0 || x > (std::int64_t(1) << 40)) throw Error("RLE", "compressed counts decode to a run of " + std::to_string(x));
        counts.push_back(x);
    }
    return {counts.begin(), counts.end()};
}

std::string rleCountsToString(const std::vector<std::uint64_t>& counts) {
    std::string s;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        std::int64_t x = std::int64_t(counts[i]);
        if (i > 2) x -= std::int64_t(counts[i - 2]);
        bool more = true;
        while (more) {
            char c = static_cast<char>(x & 0x1f);
            x >>= 5; // arithmetic shift
            more = (c & 0x10) ? x != -1 : x != 0;
            if (more) c |= 0x20;
            s += static_cast<char>(c + 48);
        }
    }
    return s;
}

std::vector<std::uint64_t> encodeRleCounts(const Mask& mask) {
    std::vector<std::uint64_t> counts;
    std::uint64_t run = 0;
    bool value = false;
    for (int x = 0; x < mask.width(); ++x)
        for (int y = 0; y < mask.height(); ++y) {
            const bool v = mask(x, y) != 0;
            if (v != value) {
                counts.push_back(run);
                run = 0;
                value = v;
            }
            ++run;
        }
    counts.push_back(run);
    return counts;
}

} // namespace ll
