#include "edit/Lab.h"

#include <Eigen/Dense>
#include <tbb/parallel_for.h>

#include <cmath>
#include <numbers>

namespace ll::edit {

Eigen::Matrix3d rec709ToXyzD65() {
    // Columns: xyz of the primaries; scaled so that RGB (1,1,1) maps to the white point.
    const double xr = 0.64, yr = 0.33, xg = 0.30, yg = 0.60, xb = 0.15, yb = 0.06;
    const double xw = 0.3127, yw = 0.3290;
    Eigen::Matrix3d p;
    p << xr / yr, xg / yg, xb / yb, 1.0, 1.0, 1.0, (1 - xr - yr) / yr, (1 - xg - yg) / yg, (1 - xb - yb) / yb;
    const Eigen::Vector3d w(xw / yw, 1.0, (1 - xw - yw) / yw);
    const Eigen::Vector3d s = p.colPivHouseholderQr().solve(w);
    return p * s.asDiagonal();
}

namespace {

struct LabConverter {
    Eigen::Matrix3d m = rec709ToXyzD65();
    Eigen::Vector3d white = m * Eigen::Vector3d(1, 1, 1);

    static double f(double t) {
        constexpr double d = 6.0 / 29.0;
        return t > d * d * d ? std::cbrt(t) : t / (3 * d * d) + 4.0 / 29.0;
    }
    Lab operator()(const float rgb[3]) const {
        const Eigen::Vector3d xyz = m * Eigen::Vector3d(rgb[0], rgb[1], rgb[2]);
        const double fx = f(xyz[0] / white[0]), fy = f(xyz[1] / white[1]), fz = f(xyz[2] / white[2]);
        return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }
};

} // namespace

Lab labFromLinearRgb(const float rgb[3]) { return LabConverter{}(rgb); }

LabImage toLab(const Image& linear) {
    const int w = linear.width(), h = linear.height();
    LabImage out{FloatPlane(w, h), FloatPlane(w, h), FloatPlane(w, h)};
    const LabConverter conv;
    tbb::parallel_for(0, h, [&](int y) {
        for (int x = 0; x < w; ++x) {
            const Lab v = conv(linear.pixel(x, y));
            out.L(x, y) = float(v[0]);
            out.a(x, y) = float(v[1]);
            out.b(x, y) = float(v[2]);
        }
    });
    return out;
}

double ciede2000(const Lab& p, const Lab& q) {
    using std::atan2, std::cos, std::sin, std::sqrt, std::pow, std::abs, std::exp;
    constexpr double pi = std::numbers::pi;
    const double deg = pi / 180.0;
    const double L1 = p[0], a1 = p[1], b1 = p[2], L2 = q[0], a2 = q[1], b2 = q[2];
    const double C1 = sqrt(a1 * a1 + b1 * b1), C2 = sqrt(a2 * a2 + b2 * b2);
    const double Cm = 0.5 * (C1 + C2);
    const double Cm7 = pow(Cm, 7.0);
    const double G = 0.5 * (1 - sqrt(Cm7 / (Cm7 + pow(25.0, 7.0))));
    const double a1p = (1 + G) * a1, a2p = (1 + G) * a2;
    const double C1p = sqrt(a1p * a1p + b1 * b1), C2p = sqrt(a2p * a2p + b2 * b2);
    auto hue = [&](double b, double ap) {
        if (b == 0 && ap == 0) return 0.0;
        double h = atan2(b, ap);
        if (h < 0) h += 2 * pi;
        return h;
    };
    const double h1p = hue(b1, a1p), h2p = hue(b2, a2p);
    const double dLp = L2 - L1, dCp = C2p - C1p;
    double dhp = 0;
    if (C1p * C2p != 0) {
        dhp = h2p - h1p;
        if (dhp > pi) dhp -= 2 * pi;
        else if (dhp < -pi) dhp += 2 * pi;
    }
    const double dHp = 2 * sqrt(C1p * C2p) * sin(dhp / 2);
    const double Lmp = 0.5 * (L1 + L2), Cmp = 0.5 * (C1p + C2p);
    double hmp = h1p + h2p;
    if (C1p * C2p != 0) {
        if (abs(h1p - h2p) <= pi) hmp = 0.5 * (h1p + h2p);
        else if (h1p + h2p < 2 * pi) hmp = 0.5 * (h1p + h2p + 2 * pi);
        else hmp = 0.5 * (h1p + h2p - 2 * pi);
    }
    const double T = 1 - 0.17 * cos(hmp - 30 * deg) + 0.24 * cos(2 * hmp) + 0.32 * cos(3 * hmp + 6 * deg) -
                     0.20 * cos(4 * hmp - 63 * deg);
    const double dTheta = 30 * deg * exp(-pow((hmp / deg - 275) / 25, 2));
    const double Cmp7 = pow(Cmp, 7.0);
    const double Rc = 2 * sqrt(Cmp7 / (Cmp7 + pow(25.0, 7.0)));
    const double Sl = 1 + 0.015 * (Lmp - 50) * (Lmp - 50) / sqrt(20 + (Lmp - 50) * (Lmp - 50));
    const double Sc = 1 + 0.045 * Cmp, Sh = 1 + 0.015 * Cmp * T;
    const double Rt = -sin(2 * dTheta) * Rc;
    const double tl = dLp / Sl, tc = dCp / Sc, th = dHp / Sh;
    return sqrt(tl * tl + tc * tc + th * th + Rt * tc * th);
}

FloatPlane deltaE2000Map(const LabImage& x, const LabImage& y) {
    const int w = x.L.width(), h = x.L.height();
    FloatPlane out(w, h);
    tbb::parallel_for(0, h, [&](int r) {
        for (int c = 0; c < w; ++c)
            out(c, r) = float(ciede2000({x.L(c, r), x.a(c, r), x.b(c, r)}, {y.L(c, r), y.a(c, r), y.b(c, r)}));
    });
    return out;
}

} // namespace ll::edit
