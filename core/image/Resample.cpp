#include "image/Resample.h"

#include "util/Error.h"

#include <OpenImageIO/imagebuf.h>
#include <OpenImageIO/imagebufalgo.h>

#include <cmath>
#include <cstdio>

namespace ll {
using namespace OIIO;

Image resizeArea(const Image& src, int width, int height) {
    if (width <= 0 || height <= 0) throw Error("resize", "target size must be positive");
    if (src.width() == width && src.height() == height) return src;
    ImageSpec inSpec(src.width(), src.height(), 3, TypeDesc::FLOAT);
    ImageBuf in(inSpec, const_cast<float*>(src.data()));
    ImageSpec outSpec(width, height, 3, TypeDesc::FLOAT);
    Image out(width, height);
    ImageBuf dst(outSpec, out.data());
    if (!ImageBufAlgo::resize(dst, in, "box", 1.0f))
        throw Error(src.info.path.empty() ? "resize" : src.info.path, "resize failed: " + dst.geterror());
    out.info = src.info;
    return out;
}

void checkAspectRatio(int srcW, int srcH, int dstW, int dstH, const std::string& subject, bool allow,
                      double tolerance) {
    if (allow) return;
    const double a = double(srcW) / srcH, b = double(dstW) / dstH;
    if (std::abs(a / b - 1.0) > tolerance) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      "aspect ratio %dx%d differs from the evaluation size %dx%d by more than %.0f%% "
                      "(use --allow-aspect to resample anyway)",
                      srcW, srcH, dstW, dstH, tolerance * 100);
        throw Error(subject, buf);
    }
}

} // namespace ll
