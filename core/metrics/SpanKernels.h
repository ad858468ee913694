#pragma once
// The inner loops of BracketSelect's emission, over a contiguous run of one set's values: count the
// values below a bracket and append those inside it to a buffer. A portable loop, and an AVX-512 one
// (compress within registers, 16 values per step) used when the processor has AVX-512F; both give the
// same counts and the same appended values in the same order.
#include <array>
#include <cstddef>
#include <cstdint>

namespace ll {

// Appends the v[k] with lo <= v[k] <= hi to buf + used (in order) and adds the number of v[k] < lo
// to below; returns the new used. buf must have room for used + n values (both paths write past the
// last kept value, within that room). NaN is neither below nor kept.
std::size_t bracketSpan(float lo, float hi, const float* v, std::size_t n, float* buf, std::size_t used,
                        std::size_t& below);

// The same with the test on dev = |double(v[k]) - centre|: below when dev < lo, kept (v[k] itself,
// not dev) when lo <= dev <= hi.
std::size_t deviationSpan(double centre, double lo, double hi, const float* v, std::size_t n, float* buf,
                          std::size_t used, std::size_t& below);

// The kept values of each channel of an interleaved RGB row: for c in 0-2, the v[3x + c] of the pixels
// x < W whose keep[x] has bit bits[c] set, in order, to out[c] (room for W values: the vector path
// writes past the last kept value within it); their numbers to n[c]. An AVX-512 loop (deinterleave and
// compress within registers, 16 pixels per step) when the processor has AVX-512F, else a portable one.
void compactChannels(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int W,
                     const std::array<float*, 3>& out, std::array<std::size_t, 3>& n);
void compactChannelsPortable(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int W,
                             const std::array<float*, 3>& out, std::array<std::size_t, 3>& n);

// The portable loops alone (the dispatching functions above use them on other processors).
std::size_t bracketSpanPortable(float lo, float hi, const float* v, std::size_t n, float* buf, std::size_t used,
                                std::size_t& below);
std::size_t deviationSpanPortable(double centre, double lo, double hi, const float* v, std::size_t n, float* buf,
                                  std::size_t used, std::size_t& below);

} // namespace ll
