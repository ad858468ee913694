#include "view/PaneContent.h"

#include <QCoreApplication>

namespace ll::ui {

QString paneContentName(PaneContent c) {
    switch (c) {
    case PaneContent::Input: return QCoreApplication::translate("PaneContent", "Input");
    case PaneContent::Edit: return QCoreApplication::translate("PaneContent", "Edit");
    case PaneContent::Target: return QCoreApplication::translate("PaneContent", "Real target");
    case PaneContent::RatioReal: return QStringLiteral("E_R");
    case PaneContent::RatioEdit: return QStringLiteral("E_G");
    case PaneContent::StdReal: return QStringLiteral("S(E_R)");
    case PaneContent::StdEdit: return QStringLiteral("S(E_G)");
    case PaneContent::SieMap: return QCoreApplication::translate("PaneContent", "SIE map");
    case PaneContent::LfeMap: return QCoreApplication::translate("PaneContent", "LFE map");
    case PaneContent::Validity: return QCoreApplication::translate("PaneContent", "Validity mask");
    case PaneContent::Bands: return QCoreApplication::translate("PaneContent", "Intensity bands");
    }
    return {};
}

QString paneContentFormula(PaneContent c) {
    switch (c) {
    case PaneContent::Input: return QStringLiteral("real HDR the model saw (8-bit): I_off for turn-on, I_on for turn-off");
    case PaneContent::Edit: return QStringLiteral("G = linear(edit) / k");
    case PaneContent::Target: return QStringLiteral("real HDR target: I_on for turn-on, I_off for turn-off");
    case PaneContent::RatioReal: return QStringLiteral("E_R = target / input, log2 of channel mean (P1..P99)");
    case PaneContent::RatioEdit: return QStringLiteral("E_G = G / input, log2 of channel mean (P1..P99)");
    case PaneContent::StdReal: return QStringLiteral("S(E_R) = (E_R − median_Ω) / MAD_Ω, mean over channels");
    case PaneContent::StdEdit: return QStringLiteral("S(E_G) = (E_G − median_Ω) / MAD_Ω, mean over channels");
    case PaneContent::SieMap: return QStringLiteral("mean_c S(E_R) − S(E_G);  + reality brighter than the edit, black outside Ω");
    case PaneContent::LfeMap: return QStringLiteral("mean_c S(|∇E_R|) − S(|∇E_G|) on Ω80;  + real gradients stronger");
    case PaneContent::Validity: return QStringLiteral("first reason a pixel is excluded from Ω");
    case PaneContent::Bands: return QStringLiteral("r = L / max_P L over the real pair (bulb left out), L = mean_c max(I_on − I_off, 0)");
    }
    return {};
}

} // namespace ll::ui
