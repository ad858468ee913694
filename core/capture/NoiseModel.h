#pragma once
// Sensor noise of a linear frame, in units of the format maximum (1 = saturation):
//   variance(z) = shot * z + read
// (photon shot noise grows with the signal, read noise does not). Granados et al. 2010 weight the
// samples of an HDR merge by the inverse of this variance predicted from the merged radiance.
#include "capture/BracketFrame.h"

#include <vector>

namespace ll::capture {

struct NoiseModel {
    double shot = 5e-5;  // a full well of about 20000 electrons at base ISO
    double read = 1.5e-8; // read noise of about 2 codes of a 14-bit sensor
    bool estimated = false;  // measured from the frames (false: the defaults above)
    double variance(double z) const { return shot * std::max(z, 0.0) + read; }
};

// Measures the model from frames that repeat an exposure (two brackets of the same times): half the
// squared difference of two such frames is the variance at their mean. Robust per-level variances
// (median absolute deviation) are fitted by weighted least squares. Frames whose exposures repeat
// are paired by `exposure` (relative exposures, one per frame). Returns the defaults (estimated =
// false) when no exposure repeats or too few levels are usable.
NoiseModel estimateNoise(const std::vector<const BracketFrame*>& frames, const std::vector<double>& exposure,
                         double saturation);

} // namespace ll::capture
