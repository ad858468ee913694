#pragma once
// Small helpers shared by the test suites (header-only).
#include <QTemporaryDir>
#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace ll::test {

// tests/data, where the real images used by the tests are kept with their licences.
inline std::filesystem::path dataDir() {
    const char* d = std::getenv("LIGHTLENS_TEST_DATA");
    return d ? std::filesystem::path(d) : std::filesystem::path(LIGHTLENS_TEST_DATA_FALLBACK);
}

inline std::filesystem::path dataFile(const std::string& relative) { return dataDir() / relative; }

inline void writeBytes(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

inline std::string readBytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace ll::test
