#include "colour/ColourConfig.h"

#include "EmbeddedOcioConfig.h"
#include "util/Error.h"

#include <OpenColorIO/OpenColorIO.h>
#include <tbb/parallel_for.h>

#include <mutex>
#include <map>
#include <sstream>

namespace OCIO = OCIO_NAMESPACE;

namespace ll {

struct ColourConfig::Impl {
    OCIO::ConstConfigRcPtr config;
    mutable std::mutex mutex;
    mutable std::map<std::pair<std::string, std::string>, OCIO::ConstCPUProcessorRcPtr> processors;

    OCIO::ConstCPUProcessorRcPtr processor(const std::string& from, const std::string& to) const {
        std::lock_guard<std::mutex> lock(mutex);
        auto key = std::make_pair(from, to);
        auto it = processors.find(key);
        if (it != processors.end()) return it->second;
        try {
            auto proc = config->getProcessor(from.c_str(), to.c_str());
            auto cpu = proc->getOptimizedCPUProcessor(OCIO::OPTIMIZATION_DEFAULT);
            processors.emplace(key, cpu);
            return cpu;
        } catch (const OCIO::Exception& e) {
            throw Error("colour", "cannot convert from '" + from + "' to '" + to + "': " + e.what());
        }
    }
};

namespace {

void applyCpu(const OCIO::ConstCPUProcessorRcPtr& cpu, float* rgb, std::size_t pixelCount) {
    constexpr std::size_t kBlock = 16384;
    tbb::parallel_for(std::size_t(0), (pixelCount + kBlock - 1) / kBlock, [&](std::size_t b) {
        const std::size_t start = b * kBlock;
        const std::size_t n = std::min(kBlock, pixelCount - start);
        OCIO::PackedImageDesc desc(rgb + start * 3, long(n), 1, 3);
        cpu->apply(desc);
    });
}

} // namespace

ColourConfig ColourConfig::builtin() {
    try {
        std::istringstream in(detail::kEmbeddedOcioConfig);
        auto impl = std::make_shared<Impl>();
        impl->config = OCIO::Config::CreateFromStream(in);
        impl->config->validate();
        return ColourConfig(impl);
    } catch (const OCIO::Exception& e) {
        throw Error("resources/ocio/config.ocio", std::string("invalid OpenColorIO config: ") + e.what());
    }
}

ColourConfig ColourConfig::fromFile(const std::filesystem::path& path) {
    try {
        auto impl = std::make_shared<Impl>();
        impl->config = OCIO::Config::CreateFromFile(path.c_str());
        impl->config->validate();
        return ColourConfig(impl);
    } catch (const OCIO::Exception& e) {
        throw Error(path.string(), std::string("invalid OpenColorIO config: ") + e.what());
    }
}

bool ColourConfig::hasColourSpace(const std::string& name) const {
    return impl_->config->getColorSpace(name.c_str()) != nullptr;
}

std::vector<std::string> ColourConfig::colourSpaceNames() const {
    std::vector<std::string> names;
    for (int i = 0; i < impl_->config->getNumColorSpaces(); ++i)
        names.emplace_back(impl_->config->getColorSpaceNameByIndex(i));
    return names;
}

std::string ColourConfig::canonicalName(const std::string& nameOrAlias) const {
    auto cs = impl_->config->getColorSpace(nameOrAlias.c_str());
    if (!cs) throw Error("colour", "unknown colour space '" + nameOrAlias + "'");
    return cs->getName();
}

void ColourConfig::convert(float* rgb, std::size_t pixelCount, const std::string& from, const std::string& to) const {
    if (canonicalName(from) == canonicalName(to) || pixelCount == 0) return;
    applyCpu(impl_->processor(from, to), rgb, pixelCount);
}

void ColourConfig::convert(Image& image, const std::string& from, const std::string& to) const {
    convert(image.data(), image.pixelCount(), from, to);
    image.info.colourSpace = canonicalName(to);
}

void ColourConfig::applyMatrix(Image& image, const Eigen::Matrix3d& m) const {
    auto mt = OCIO::MatrixTransform::Create();
    double m44[16] = {m(0, 0), m(0, 1), m(0, 2), 0, m(1, 0), m(1, 1), m(1, 2), 0,
                      m(2, 0), m(2, 1), m(2, 2), 0, 0,       0,       0,       1};
    mt->setMatrix(m44);
    auto cpu = impl_->config->getProcessor(mt)->getOptimizedCPUProcessor(OCIO::OPTIMIZATION_DEFAULT);
    applyCpu(cpu, image.data(), image.pixelCount());
}

} // namespace ll
