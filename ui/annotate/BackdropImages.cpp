#include "annotate/BackdropImages.h"

#include "view/DisplayEncoder.h"

#include <QCoreApplication>

#include <cmath>

namespace ll::ui {

QString backdropName(Backdrop b) {
    switch (b) {
    case Backdrop::Pane: return QCoreApplication::translate("Backdrop", "Pane content");
    case Backdrop::Difference: return QCoreApplication::translate("Backdrop", "I_on − I_off (probe light)");
    case Backdrop::On: return QCoreApplication::translate("Backdrop", "I_on");
    case Backdrop::Off: return QCoreApplication::translate("Backdrop", "I_off");
    }
    return {};
}

void BackdropImages::setCase(CasePtr c) {
    if (c == case_) return;
    const bool sameImages = c && case_ && c->id.scene == case_->id.scene && c->size == case_->size;
    case_ = std::move(c);
    if (!sameImages) {
        difference_ = Image();
        cache_.clear();
    }
}

QSize BackdropImages::size() const { return case_ ? case_->size : QSize(); }

QImage BackdropImages::image(Backdrop b, double ev, int level) {
    if (b == Backdrop::Pane || !case_) return {};
    for (auto it = cache_.begin(); it != cache_.end(); ++it)
        if (it->b == b && it->ev == ev && it->level == level) {
            cache_.splice(cache_.begin(), cache_, it);
            return cache_.front().image;
        }
    const Image* src = &case_->loaded().on;
    if (b == Backdrop::Off) src = &case_->loaded().off;
    if (b == Backdrop::Difference) {
        if (difference_.width() != case_->loaded().on.width()) {
            const Image& on = case_->loaded().on;
            const Image& off = case_->loaded().off;
            difference_ = on;
            float* d = difference_.data();
            const float* o = off.data();
            const std::size_t n = std::size_t(on.width()) * std::size_t(on.height()) * 3;
            for (std::size_t i = 0; i < n; ++i) d[i] = std::max(0.0f, d[i] - o[i]);
        }
        src = &difference_;
    }
    const int W = src->width(), H = src->height();
    if (W <= 0 || H <= 0) return {};
    const int step = 1 << level;
    const int w = (W + step - 1) / step, h = (H + step - 1) / step;
    QImage img(w, h, QImage::Format_RGB32);
    const float gain = float(std::exp2(ev));
    const DisplayEncoder& enc = DisplayEncoder::srgb();
    const float* data = src->data();
    for (int y = 0; y < h; ++y) {
        auto* row = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < w; ++x) {
            float sum[3] = {0, 0, 0};
            int count = 0;
            for (int yy = y * step; yy < std::min(H, (y + 1) * step); ++yy)
                for (int xx = x * step; xx < std::min(W, (x + 1) * step); ++xx) {
                    const float* p = data + (std::size_t(yy) * std::size_t(W) + std::size_t(xx)) * 3;
                    sum[0] += p[0];
                    sum[1] += p[1];
                    sum[2] += p[2];
                    ++count;
                }
            const float k = gain / float(count);
            row[x] = qRgb(enc.encode(sum[0] * k), enc.encode(sum[1] * k), enc.encode(sum[2] * k));
        }
    }
    cache_.push_front({b, ev, level, img});
    if (cache_.size() > 6) cache_.pop_back();
    return img;
}

} // namespace ll::ui
