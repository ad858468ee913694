#pragma once
// Panel titles that only repeat the y label ("SIE, turn-on" above an axis labelled "SIE"): when every
// panel's title starts with its own y label, the y label stays (the axis needs its name) and the title
// keeps only what tells the panels apart ("turn-on"), or is dropped when nothing is left. Titles that
// say more than the axis (or one panel that does not follow the pattern) leave every title as it is,
// so panels of one figure are titled alike.
#include <QString>

#include <vector>

namespace ll::figure {

struct Panel;

// The title without the repeated y label, for every panel, or the titles unchanged.
void dropRepeatedYLabels(std::vector<Panel>& panels);

} // namespace ll::figure
