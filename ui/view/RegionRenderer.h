#pragma once
// renderRegion: turns a rectangle of one mip level of an ImageSource into screen colours
// (QImage::Format_RGB32) following the DisplaySettings. Pure function; safe on any thread.
#include "view/DisplaySettings.h"
#include "view/ImageSource.h"

#include <QImage>
#include <QRect>

namespace ll::ui {

QImage renderRegion(const ImageSource& source, int level, QRect rect, const DisplaySettings& settings);

// The symmetric range a signed source is shown with under these settings.
double signedRangeFor(const ImageSource& source, const DisplaySettings& settings);

} // namespace ll::ui
