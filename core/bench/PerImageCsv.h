#pragma once
// per_image.csv: one row per edit (scene x model x task) with every score. Columns, in order:
//   scene, model, task, regime, failure, sie, lfe, sie1, psnr, ssim, valid_fraction, valid_pixels,
//   degenerate, eval_width, eval_height, [sd.sie, sd.lfe,]  wb_<shift>.{sie,lfe,psnr,ssim}...,
//   imported.<name>...,  region.<class>.{pixels,sie,lfe}...,  band.<lo-hi>.{pixels,sie,lfe}...,
//   meta.<key>...,  error_file, error
// Region and band columns are the union over all rows (classes alphabetically, bands brightest first);
// a cell is empty when the value is undefined or the row lacks that region. Numbers are written in the
// shortest form that reads back exactly, so reading and rewriting a file reproduces it byte for byte.
#include "bench/ScoreRow.h"

#include <string>
#include <vector>

namespace ll::bench {

// Rows are written in the order given (callers sort them with rowLess).
std::string formatPerImageCsv(const std::vector<ScoreRow>& rows, bool withUncertainty);
// Reads a per_image.csv. Throws ll::Error naming `subject` on a malformed file.
std::vector<ScoreRow> parsePerImageCsv(const std::string& text, const std::string& subject);
// True when the header of a per_image.csv text has the uncertainty columns.
bool perImageCsvHasUncertainty(const std::string& text);

} // namespace ll::bench
