#pragma once
// Every threshold of the unintended-change analysis (StableI2I taxonomy, spec: edit-scores.md), with
// the spec's defaults. Luminance values are sRGB luma in [0, 1].
namespace ll::edit {

struct UnintendedChangeParams {
    // Preserved region P = not (m dilated by this fraction of the image diagonal); whole image without m.
    double preservedDilation = 0.02;

    // structure / misalignment
    double globalShiftMax = 1.0;          // px: |global shift| above this flags
    int blockSize = 32;                   // px
    int searchRadius = 8;                 // px
    double blockTextureStd = 0.02;        // a block is textured when std(x) >= this
    double blockMinEigen = 2e-4;          // ... and two-dimensional when its structure tensor's min eigenvalue >= this ((luma/px)^2)
    double blockMatchNcc = 0.6;           // a block votes only when its best NCC >= this (quality floor)
    double blockNccGain = 0.05;           // its shift is believed only when NCC(best) - NCC(no shift) >= this
    int globalPeakCandidates = 4;         // phase-correlation peaks that, with "no shift", reliable blocks vote among
    double globalSupportMin = 0.5;        // share of the votes the global shift needs
    int supportSearchRadius = 2;          // px: block search around each rounded candidate when voting
    double supportTolerance = 1.0;        // px per axis: a block's match must lie this close to the candidate
    double localShiftMax = 1.5;           // px
    double localShiftQuantile = 0.95;     // the quantile of local shifts compared with localShiftMax
    double localAreaFraction = 0.005;     // reliable blocks beyond localShiftMax must cover more than this of P ...
    int localMinBlocks = 2;               // ... and number at least this many (one block alone is weak evidence)
    double compensateShiftAbove = 0.25;   // px: larger global shifts are undone (Fourier shift) before the other checks

    // structure / repainting
    int fineLevels = 2;                   // fine bands: Laplacian levels 0 .. fineLevels-1
    int coarseLevel = 3;                  // coarse bands: levels >= coarseLevel (with the residual)
    double fineWindowSigma = 3.0;         // px: Gaussian window of the local NCC of the fine bands
    double coarseWindowSigma = 12.0;      // px: window of the coarse NCC
    double fineTextureStd = 0.01;         // a pixel is textured when the local std of x's fine bands >= this ...
    double fineTextureNoiseFactor = 2.0;  // ... and >= this times the robust sigma of the fine-band difference y - x (over textured pixels)
    double fineNccMax = 0.5;              // repainted: fine NCC below this ...
    double coarseNccMin = 0.8;            // ... while the coarse NCC is above this
    double repaintEnergyRatio = 0.7;      // ... and y's fine-band local std is at least this share of x's (new texture, not lost texture)
    double repaintedAreaFraction = 0.02;  // of P

    // low-level
    double blurEnergyRatio = 0.7;         // Laplacian level-0 energy ratio y / x below this: blur
    double noiseSigmaIncrease = 1.5 / 255.0; // Immerkaer sigma(y) - sigma(x) above this: noise
    double colourCastDeltaAB = 2.3;       // |mean (a*, b*) shift| above this: color cast
    double exposureDeltaL = 5.0;          // |mean L* shift| above this: exposure degradation
    double contrastRatioMin = 0.85;       // RMS contrast (std of L*) ratio y / x outside [min, max]: exposure
    double contrastRatioMax = 1.15;
    double clippedIncreaseFraction = 0.01; // clipped pixels gained, as a share of P
    double clipHigh = 254.5 / 255.0;      // sRGB value at or above which a channel is clipped
    double clipLow = 0.5 / 255.0;         // all channels at or below: crushed black
    double clipMargin = 12.0 / 255.0;     // a pixel gained clipping only when x was at least this far from clipping
    double blockinessRatio = 1.3;         // 8x8 blockiness ratio y / x above this: artifact

    // semantic (candidate list)
    double changeSsim = 0.5;              // changed where 1 - SSIM > this ...
    double changeDeltaE = 15.0;           // ... or CIEDE2000 > this
    double changeSmoothSigma = 2.0;       // px: smoothing of the change evidence before thresholding
    double minComponentFraction = 0.001;  // components smaller than this share of the image are dropped
    double flatStd = 0.015;               // local std (sRGB luma, sigma 3 window) of a flat area
    double textureGain = 2.0;             // add: y's texture exceeds x's by this factor over a flat x
};

} // namespace ll::edit
