#pragma once
// A benchmark table (core/bench/Table.h) as HTML for on-screen display: spanning group headers, the
// best value of each column bold and the runner-up underlined (the same emphasis as the LaTeX and
// Markdown writers), the caption above and the notes below.
#include "bench/Table.h"

#include <QString>

namespace ll::ui {

QString tableToHtml(const bench::Table& table);

} // namespace ll::ui
