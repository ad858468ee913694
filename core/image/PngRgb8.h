#pragma once
// The pixel data of a plain 8-bit RGB PNG (the form image-editing models return their edits in): the
// zlib stream inflated by libdeflate in one call and the rows unfiltered (PNG specification, clause 9),
// about twice as fast as libpng's row-by-row zlib inflate. loadImage8 (ImageIO.h) reads the header
// and the image's facts with OpenImageIO as for any file and asks this reader for the pixels; files of
// any other kind are read by OpenImageIO.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace ll {

// Reads the codes of `path` into rgb (3 bytes per pixel, row by row; resized, its memory reused) when
// the file is a PNG of width x height with 8-bit RGB samples, not interlaced and without a tRNS chunk.
// Returns false, having read nothing, for any other PNG (or a file that is not a PNG). Throws ll::Error
// naming the file when its data are corrupt or truncated (a chunk's CRC, the zlib stream, a filter
// type, missing data).
bool readPngRgb8(const std::filesystem::path& path, int width, int height, std::vector<std::uint8_t>& rgb);

// Unfilters `height` rows of `width` RGB pixels in place: `data` holds the filtered rows (a filter-type
// byte, then 3 width bytes each) and ends with the pixels (3 width bytes per row) at its start.
// Returns false on an unknown filter type (the rows from it on are then undefined).
bool unfilterPngRgb8(std::uint8_t* data, int width, int height);

} // namespace ll
