#pragma once
// ColourConfig: every colour conversion of LightLens goes through OpenColorIO with this config.
// builtin() is the config shipped in resources/ocio/config.ocio (compiled in, so no install path
// is needed). Copies are cheap and share the config; all members are safe to call from any thread.
#include "image/Image.h"

#include <Eigen/Core>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ll {

class ColourConfig {
public:
    static ColourConfig builtin();
    static ColourConfig fromFile(const std::filesystem::path& path);

    bool hasColourSpace(const std::string& name) const;
    std::vector<std::string> colourSpaceNames() const;
    // Canonical name of a colour space given any of its aliases; throws ll::Error if unknown.
    std::string canonicalName(const std::string& nameOrAlias) const;

    // Converts interleaved RGB floats in place between two named spaces (TBB over row blocks).
    void convert(float* rgb, std::size_t pixelCount, const std::string& from, const std::string& to) const;
    void convert(Image& image, const std::string& from, const std::string& to) const;
    // Applies a 3x3 matrix through an OCIO MatrixTransform.
    void applyMatrix(Image& image, const Eigen::Matrix3d& m) const;

    struct Impl;

private:
    explicit ColourConfig(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
    std::shared_ptr<const Impl> impl_;
};

} // namespace ll
