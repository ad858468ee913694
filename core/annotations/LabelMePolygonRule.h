#pragma once
// The LabelMe rasterisation rule: what labelme's shape_to_mask does with Pillow's
// ImageDraw.polygon(xy, outline=1, fill=1). Pillow works on integer pixel positions (pixel (i,j)
// is the point (i,j)): vertices are truncated to integers, the interior is filled scanline by
// scanline (pixel rows y, spans from ceil(x_left) to floor(x_right), edges taken half-open in y),
// and the outline is drawn on top as one-pixel lines between consecutive vertices, so edges are
// inclusive: the square with corners (0,0) and (9,9) covers 10x10 pixels.
// The outline's pixels on slanted edges follow Bresenham's choice and may differ by one pixel from
// a given Pillow version; interiors and axis-aligned edges agree exactly.
#include "annotations/SceneAnnotations.h"

namespace ll {

Mask rasteriseRingLabelMe(const Ring& ring, int width, int height);

} // namespace ll
