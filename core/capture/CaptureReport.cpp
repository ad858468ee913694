#include "capture/CaptureReport.h"
#include "util/Percentile.h"

#include "image/ImageIO.h"
#include "image/Resample.h"
#include "metrics/BitmapFont.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ll::capture {

namespace {

constexpr int kPanel = 480, kMargin = 12, kCaption = 22;

float luminance(const float* p) { return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]; }

std::uint8_t encode(float v) {
    v = std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f;
    const float s = v <= 0.0031308f ? 12.92f * v : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f;
    return std::uint8_t(std::lround(s * 255.0f));
}

void drawImage(Canvas& c, int ox, int oy, const Image& small, float scale) {
    for (int y = 0; y < small.height(); ++y)
        for (int x = 0; x < small.width(); ++x) {
            const float* p = small.pixel(x, y);
            c.set(ox + x, oy + y, {encode(p[0] * scale), encode(p[1] * scale), encode(p[2] * scale)});
        }
}

void drawHistogram(Canvas& c, int ox, int oy, int w, int h, const Image& on, const Image& off, double clip,
                   const CaptureSummary& s) {
    // log2 luminance from clip / 2^20 to clip, 96 bins.
    constexpr int kBins = 96;
    const double top = std::log2(clip), bottom = top - 20.0;
    std::vector<double> hOn(kBins, 0), hOff(kBins, 0);
    auto fill = [&](const Image& img, std::vector<double>& hist) {
        for (std::size_t i = 0; i < img.pixelCount(); i += 7) {
            const double l = luminance(img.data() + 3 * i);
            if (!(l > 0)) continue;
            const int b = int((std::log2(l) - bottom) / (top - bottom) * kBins);
            hist[std::clamp(b, 0, kBins - 1)] += 1;
        }
    };
    fill(on, hOn);
    fill(off, hOff);
    const double peak = std::max(*std::max_element(hOn.begin(), hOn.end()), *std::max_element(hOff.begin(), hOff.end()));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) c.set(ox + x, oy + y, {24, 24, 24});
    const int bw = std::max(1, w / kBins);
    for (int b = 0; b < kBins; ++b) {
        const int hOnPx = peak > 0 ? int(hOn[b] / peak * (h - 1)) : 0;
        const int hOffPx = peak > 0 ? int(hOff[b] / peak * (h - 1)) : 0;
        for (int x = b * bw; x < (b + 1) * bw && x < w; ++x) {
            for (int y = 0; y < hOnPx; ++y) c.set(ox + x, oy + h - 1 - y, {230, 160, 40});
            for (int y = 0; y < hOffPx; ++y) {
                const bool both = y < hOnPx;
                c.set(ox + x, oy + h - 1 - y, both ? Rgb8{150, 150, 150} : Rgb8{70, 130, 230});
            }
        }
    }
    // 1 EV ticks, and the clip level at the right edge.
    for (int ev = 0; ev <= 20; ++ev) {
        const int x = int(double(ev) / 20.0 * (w - 1));
        for (int y = h - 4; y < h; ++y) c.set(ox + x, oy + y, {200, 200, 200});
    }
    for (int y = 0; y < h; ++y) c.set(ox + w - 1, oy + y, {230, 40, 40});
    // Each frame's saturation level (0.98 / relative exposure): the top of the range it records.
    auto mark = [&](const std::vector<double>& exposure, int y0, Rgb8 colour) {
        for (double e : exposure) {
            const double l = std::log2(0.98 / e);
            if (!(l >= bottom && l <= top)) continue;
            const int x = std::min(w - 1, int((l - bottom) / (top - bottom) * (w - 1)));
            for (int y = y0; y < y0 + 8; ++y)
                for (int dx = 0; dx < 2 && x + dx < w; ++dx) c.set(ox + x + dx, oy + y, colour);
        }
    };
    mark(s.on.relativeExposure, 2, {230, 160, 40});
    mark(s.off.relativeExposure, 12, {70, 130, 230});
}

} // namespace

void writeCaptureReport(const std::filesystem::path& path, const MergedState& on, const MergedState& off,
                        const CaptureSummary& s) {
    const int W = on.radiance.width(), H = on.radiance.height();
    const int pw = std::min(kPanel, W), ph = std::max(1, int(std::lround(double(H) * pw / W)));
    const Image smallOn = resampleLinear(on.radiance, pw, ph), smallOff = resampleLinear(off.radiance, pw, ph);
    // Display scale: the 99th percentile of the on luminance maps to 1 (applied to both states).
    std::vector<float> lum;
    for (std::size_t i = 0; i < smallOn.pixelCount(); ++i) lum.push_back(luminance(smallOn.data() + 3 * i));
    const double p99 = percentileInPlace(lum, 99.0); // util/Percentile.h
    const float scale = p99 > 0 ? float(1.0 / p99) : 1.0f;

    const int cw = 2 * pw + 3 * kMargin, ch = 2 * (ph + kCaption) + 3 * kMargin + 40;
    Canvas c(cw, ch, {12, 12, 12});
    char buf[256];
    std::snprintf(buf, sizeof buf, "CAPTURE %dX%d  BASE %.4gS  CLIP %.4g  SHIFT %.2fPX  LENS %s", W, H,
                  s.baseExposureTime, s.clipLevel, s.shift.magnitude(), s.lensApplied ? "CORRECTED" : "NONE");
    drawText(c, kMargin, kMargin, buf, {230, 230, 230}, 2);
    const int y1 = kMargin + 30, y2 = y1 + ph + kCaption + kMargin;
    drawText(c, kMargin, y1, "ON (BASE EXPOSURE)", {230, 230, 230}, 2);
    drawImage(c, kMargin, y1 + kCaption, smallOn, scale);
    drawText(c, 2 * kMargin + pw, y1, "OFF (SAME BASE EXPOSURE)", {230, 230, 230}, 2);
    drawImage(c, 2 * kMargin + pw, y1 + kCaption, smallOff, scale);

    // Problem map: dimmed on image, red = clipped (either state), yellow = on frames disagreed,
    // cyan = off frames disagreed. Any full-resolution pixel under a report pixel counts.
    std::snprintf(buf, sizeof buf, "CLIPPED %zu/%zu  MOVED %zu/%zu", s.on.clippedPixels, s.off.clippedPixels,
                  s.on.disagreeingPixels, s.off.disagreeingPixels);
    drawText(c, kMargin, y2, buf, {230, 230, 230}, 2);
    std::vector<std::uint8_t> flags(std::size_t(pw) * ph, 0);
    for (int y = 0; y < H; ++y) {
        const int sy = std::min(ph - 1, int(std::int64_t(y) * ph / H));
        for (int x = 0; x < W; ++x) {
            const int sx = std::min(pw - 1, int(std::int64_t(x) * pw / W));
            std::uint8_t& f = flags[std::size_t(sy) * pw + sx];
            const std::size_t i = std::size_t(y) * W + x;
            if (on.clippedChannels[i] || off.clippedChannels[i]) f |= 1;
            if (on.disagreeing[i]) f |= 2;
            if (off.disagreeing[i]) f |= 4;
        }
    }
    for (int y = 0; y < ph; ++y)
        for (int x = 0; x < pw; ++x) {
            const std::uint8_t f = flags[std::size_t(y) * pw + x];
            const std::uint8_t g = std::uint8_t(encode(luminance(smallOn.pixel(x, y)) * scale) / 3);
            Rgb8 col{g, g, g};
            if (f & 2) col = {230, 210, 40};
            if (f & 4) col = {40, 210, 230};
            if (f & 1) col = {230, 40, 40};
            c.set(kMargin + x, y2 + kCaption + y, col);
        }
    drawText(c, 2 * kMargin + pw, y2, "LOG2 LUMINANCE, FRAME TOPS", {230, 230, 230}, 2);
    drawHistogram(c, 2 * kMargin + pw, y2 + kCaption, pw, ph, on.radiance, off.radiance, s.clipLevel, s);
    savePng8(c.rgb.data(), c.width, c.height, path);
}

} // namespace ll::capture
