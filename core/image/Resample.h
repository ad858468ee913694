#pragma once
// Resampling to an evaluation size, in linear light, through OpenImageIO.
#include "image/Image.h"

namespace ll {

// Downsamples (or upsamples) by area averaging: OIIO's resize with a box filter one output pixel
// wide, so each output pixel is the mean of the input pixels whose centres fall inside it.
// Returns a copy when the size already matches.
Image resizeArea(const Image& src, int width, int height);

// The aspect-ratio rule of the spec: a change of more than `tolerance` (relative, default 1%)
// between (srcW, srcH) and (dstW, dstH) throws ll::Error naming `subject` unless `allow` is set.
void checkAspectRatio(int srcW, int srcH, int dstW, int dstH, const std::string& subject,
                      bool allow = false, double tolerance = 0.01);

} // namespace ll
