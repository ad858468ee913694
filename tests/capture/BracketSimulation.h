#pragma once
// Simulated exposure brackets for the capture tests (header-only): a real HDR photograph as scene
// radiance, exposed like a 14-bit sensor (shot and read noise, quantisation, saturation), written as
// linear 16-bit TIFF frames (through OpenImageIO, with EXIF) or as Bayer DNG files (through libtiff,
// with the DNG and EXIF tags that LibRaw reads back).
#include "image/Image.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "support/TestSupport.h"

#include <OpenImageIO/imageio.h>
#include <tiffio.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace ll::test {

struct SensorModel {
    int levels = 16383;                     // codes from black to white (14 bits)
    double shot = 5e-5;                     // variance per unit signal (units of full scale)
    double read = (3.0 / 16383) * (3.0 / 16383); // read noise variance (3 codes)
};

struct FrameExifTags {
    double exposureTime = 0; // 0: no EXIF exposure time written
    double fNumber = 8.0;
    int iso = 100;
    std::string make = "LightLens", model = "Simulated 14-bit", lens;
    double focalLength = 0;
};

// The scene radiance: bottles.hdr (piccante, MPL-2.0), shrunk by area averaging to width x height.
inline Image sceneRadiance(int width, int height) {
    Image src = loadImage(dataFile("piccante/bottles.hdr"));
    return resampleLinear(src, width, height);
}

// Sensor codes (0..levels) of radiance * scale: Gaussian shot + read noise, rounding, clipping.
inline std::vector<std::uint16_t> exposeCodes(const Image& radiance, double scale, const SensorModel& s,
                                              std::mt19937_64& rng) {
    std::normal_distribution<double> gauss(0.0, 1.0);
    std::vector<std::uint16_t> codes(radiance.floatCount());
    for (std::size_t i = 0; i < codes.size(); ++i) {
        const double z = std::max(0.0, double(radiance.data()[i]) * scale);
        const double noisy = z + std::sqrt(s.shot * z + s.read) * gauss(rng);
        const double code = std::round(noisy * s.levels);
        codes[i] = std::uint16_t(std::clamp(code, 0.0, double(s.levels)));
    }
    return codes;
}

// A linear 16-bit TIFF frame: code16 = round(code * 65535 / levels), with EXIF when exposureTime > 0.
inline void writeLinearTiff(const std::filesystem::path& path, const std::vector<std::uint16_t>& codes, int w, int h,
                            const SensorModel& s, const FrameExifTags& exif) {
    std::vector<std::uint16_t> c16(codes.size());
    for (std::size_t i = 0; i < codes.size(); ++i)
        c16[i] = std::uint16_t(std::lround(codes[i] * 65535.0 / s.levels));
    OIIO::ImageSpec spec(w, h, 3, OIIO::TypeDesc::UINT16);
    if (exif.exposureTime > 0) {
        spec.attribute("ExposureTime", float(exif.exposureTime));
        spec.attribute("FNumber", float(exif.fNumber));
        spec.attribute("Exif:ISOSpeedRatings", exif.iso);
        spec.attribute("Make", exif.make);
        spec.attribute("Model", exif.model);
    }
    auto out = OIIO::ImageOutput::create(path.string());
    if (!out || !out->open(path.string(), spec) || !out->write_image(OIIO::TypeDesc::UINT16, c16.data()) ||
        !out->close())
        throw std::runtime_error("cannot write " + path.string());
}

// A Bayer (RGGB) DNG of the codes: black level `black`, white level black + levels, a colour matrix
// making the camera's RGB the linear sRGB primaries, exposure facts in the EXIF directory.
inline void writeDng(const std::filesystem::path& path, const std::vector<std::uint16_t>& codes, int w, int h,
                     const SensorModel& s, const FrameExifTags& exif, int black = 512) {
    TIFF* tif = TIFFOpen(path.string().c_str(), "w");
    if (!tif) throw std::runtime_error("cannot write " + path.string());
    const std::uint16_t cfaDim[2] = {2, 2};
    const char cfa[4] = {0, 1, 1, 2};
    // XYZ (D65) to linear sRGB: the camera sees sRGB primaries.
    const float xyzToCam[9] = {3.2404542f, -1.5371385f, -0.4985314f, -0.9692660f, 1.8760108f,
                               0.0415560f, 0.0556434f,  -0.2040259f, 1.0572252f};
    const float neutral[3] = {1.0f, 1.0f, 1.0f};
    const float blackLevel[1] = {float(black)};
    const std::uint32_t whiteLevel[1] = {std::uint32_t(black + s.levels)};
    TIFFSetField(tif, TIFFTAG_DNGVERSION, "\01\04\00\00");
    TIFFSetField(tif, TIFFTAG_DNGBACKWARDVERSION, "\01\01\00\00");
    TIFFSetField(tif, TIFFTAG_SUBFILETYPE, 0);
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, std::uint32_t(w));
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, std::uint32_t(h));
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, 16);
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
    TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_NONE);
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_CFA);
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tif, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT);
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, std::uint32_t(h));
    TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_UINT);
    TIFFSetField(tif, TIFFTAG_MAKE, exif.make.c_str());
    TIFFSetField(tif, TIFFTAG_MODEL, exif.model.c_str());
    TIFFSetField(tif, TIFFTAG_UNIQUECAMERAMODEL, (exif.make + " " + exif.model).c_str());
    TIFFSetField(tif, TIFFTAG_CFAREPEATPATTERNDIM, cfaDim);
    TIFFSetField(tif, TIFFTAG_CFAPATTERN, 4, cfa);
    TIFFSetField(tif, TIFFTAG_CFAPLANECOLOR, 3, "\00\01\02");
    TIFFSetField(tif, TIFFTAG_CFALAYOUT, 1);
    TIFFSetField(tif, TIFFTAG_COLORMATRIX1, 9, xyzToCam);
    TIFFSetField(tif, TIFFTAG_CALIBRATIONILLUMINANT1, 21);
    TIFFSetField(tif, TIFFTAG_ASSHOTNEUTRAL, 3, neutral);
    TIFFSetField(tif, TIFFTAG_BLACKLEVEL, 1, blackLevel);
    TIFFSetField(tif, TIFFTAG_WHITELEVEL, 1, whiteLevel);
    TIFFSetField(tif, TIFFTAG_EXIFIFD, std::uint64_t(0));
    std::vector<std::uint16_t> row(static_cast<std::size_t>(w));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const int c = cfa[(y % 2) * 2 + (x % 2)];
            row[std::size_t(x)] = std::uint16_t(black + codes[(std::size_t(y) * w + x) * 3 + c]);
        }
        if (TIFFWriteScanline(tif, row.data(), std::uint32_t(y), 0) < 0) {
            TIFFClose(tif);
            throw std::runtime_error("cannot write " + path.string());
        }
    }
    TIFFWriteDirectory(tif);
    std::uint64_t exifOffset = 0;
    TIFFCreateEXIFDirectory(tif);
    if (exif.exposureTime > 0) {
        TIFFSetField(tif, EXIFTAG_EXPOSURETIME, exif.exposureTime);
        TIFFSetField(tif, EXIFTAG_FNUMBER, exif.fNumber);
        const std::uint16_t iso[1] = {std::uint16_t(exif.iso)};
        TIFFSetField(tif, EXIFTAG_ISOSPEEDRATINGS, 1, iso);
    }
    if (exif.focalLength > 0) TIFFSetField(tif, EXIFTAG_FOCALLENGTH, exif.focalLength);
    if (!exif.lens.empty()) TIFFSetField(tif, EXIFTAG_LENSMODEL, exif.lens.c_str());
    TIFFWriteCustomDirectory(tif, &exifOffset);
    TIFFSetDirectory(tif, 0);
    TIFFSetField(tif, TIFFTAG_EXIFIFD, exifOffset);
    TIFFClose(tif);
}

} // namespace ll::test
