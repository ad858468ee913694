#pragma once
// Builds a grid figure (GridFigure.h) from a dataset and a FigureSpec of kind "grid": resolves the rows
// (the models of one scene, the scenes of one model, or an explicit list), loads and evaluates each
// edit (core metrics: loadCase + evaluate with maps), and turns every column into tiles:
//   input       the 8-bit model input (inputs/<task>/<scene>.png; made from the HDR when absent)
//   edit        the model's output as the model returned it
//   real        the real target (I_on for turn-on, I_off for turn-off), tone-mapped with the scene's
//               exposure k times 2^exposure and the sRGB display encoding through OpenColorIO
//   ratio_real  E_R, ratio_edit E_G: each divided by its own 99th percentile (they are scale-free)
//   sie_map     mean_c S(E_R,c) - S(E_G,c), lfe_map mean_c S(M_R,c) - S(M_G,c): diverging colours over
//               a symmetric range shared by the column (spec colour_ranges, else the range_percentile
//               of |value| over all its tiles), excluded pixels black
//   mask        why pixels are excluded (key under the column)
//   real_on, real_off  the real pair, tone-mapped like `real`
//   diff_real   I_on - I_off; diff_edit the edit minus its input (input minus edit for turn-off), both
//               |d| tone-mapped ("difference_tone": "exposure") or signed on the diverging map ("signed")
//   band_map    the intensity band of every pixel (key of the bands under the column)
//   annotations the scene's class masks over `annotation_image` (key of the classes drawn)
// Scores under the tiles come from the same evaluation; the best of each group (same scene and task)
// is bold.
#include "colour/ColourConfig.h"
#include "dataset/Dataset.h"
#include "figure/BenchResults.h"
#include "figure/FigureSpec.h"
#include "figure/GridFigure.h"
#include "metrics/MetricParams.h"

#include <string>

namespace ll::figure {

// Throws ll::Error naming `subject` (the spec) for unknown scenes or models, and naming the file for
// unreadable images. A model with no edit for a row gives "missing" tiles, never an error. Imported
// scores (`imported.<name>` under a column) come from `bench`, which they need.
// A mosaic (kind "mosaic") is built the same way: one column kind (`image`), no scores, every scene
// (or `scenes`) a row and every model a column.
GridFigureData gridFigureData(const FigureSpec& spec, const Dataset& dataset, const ColourConfig& colour,
                              const std::string& subject, const MetricParams& params = {},
                              const BenchResults* bench = nullptr);

} // namespace ll::figure
