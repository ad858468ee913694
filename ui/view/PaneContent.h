#pragma once
// PaneContent: what a pane of the grid shows, with its name and the legend text (formula and sign
// convention) researchers need to read the colours.
#include <QString>

#include <array>

namespace ll::ui {

enum class PaneContent {
    Input,        // the real image the model was given (I_off for turn-on, I_on for turn-off)
    Edit,         // the model's edit G, linearised and divided by k
    Target,       // the real target (I_on for turn-on, I_off for turn-off)
    RatioReal,    // E_R
    RatioEdit,    // E_G
    StdReal,      // S(E_R), mean over channels
    StdEdit,      // S(E_G), mean over channels
    SieMap,       // mean_c D_c
    LfeMap,       // mean_c S(M_R) - S(M_G)
    Validity,     // first exclusion reason
    Bands,        // intensity band labels
};

inline constexpr int kPaneContentCount = 11;

inline constexpr std::array<PaneContent, kPaneContentCount> allPaneContents() {
    return {PaneContent::Input,   PaneContent::Edit,    PaneContent::Target, PaneContent::RatioReal,
            PaneContent::RatioEdit, PaneContent::StdReal, PaneContent::StdEdit, PaneContent::SieMap,
            PaneContent::LfeMap,  PaneContent::Validity, PaneContent::Bands};
}

QString paneContentName(PaneContent c);
// One-line formula and sign convention shown under the pane.
QString paneContentFormula(PaneContent c);

} // namespace ll::ui
