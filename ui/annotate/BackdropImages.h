#pragma once
// BackdropImages: what an annotator may draw over instead of the pane's own content: the
// difference I_on - I_off (the probe's light alone), or I_on or I_off, at the display exposure.
// Encoded to 8-bit sRGB (DisplayEncoder) at the mip level the zoom needs, the last few kept.
#include "inspect/CaseData.h"

#include <QImage>
#include <QString>

#include <list>

namespace ll::ui {

enum class Backdrop { Pane, Difference, On, Off };
inline constexpr int kBackdropCount = 4;
QString backdropName(Backdrop b);

class BackdropImages {
public:
    void setCase(CasePtr c);
    const CasePtr& currentCase() const { return case_; }
    QSize size() const;
    // The backdrop box-averaged by 2^level, exposure `ev` stops, sRGB; null for Backdrop::Pane or
    // without a case. Negative differences (noise, the probe's own occlusion) show black.
    QImage image(Backdrop b, double ev, int level);

private:
    struct Entry {
        Backdrop b;
        double ev;
        int level;
        QImage image;
    };
    CasePtr case_;
    Image difference_;
    std::list<Entry> cache_;
};

} // namespace ll::ui
