#pragma once
// LL_SIMD_CLONES before a function definition compiles it for AVX-512, AVX2 and the baseline
// instruction set, the clone chosen once at load time (GCC's target_clones). A file that uses it must
// be compiled with -ffp-contract=off (core/CMakeLists.txt): every clone then does the same IEEE
// operations in the same order, and the results are the same bit for bit on every machine.
// LL_SIMD_CLONES_AVX2: the same without the AVX-512 clone, for loops that vectorise for AVX2 but not
// with AVX-512's mask registers (AVX-512 processors run the AVX2 clone).
// Template or inline helpers called from a clone should be [[gnu::always_inline]] so that they are
// compiled into each clone.
// Not under ThreadSanitizer: the clones' ifunc resolver runs while the program is being relocated,
// before the TSan runtime exists, and its instrumented entry crashes the process.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define LL_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#define LL_SIMD_CLONES_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define LL_SIMD_CLONES
#define LL_SIMD_CLONES_AVX2
#endif
