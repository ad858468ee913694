#!/usr/bin/env python3
"""An independent implementation of SIE and LFE, written from spec/metrics-3dlp.md alone (numpy/scipy,
double precision throughout), used to check the C++ engine and to compute the expected values that
tests/metrics/test_engine_vs_independent.cpp embeds. Not needed to build or run the tests.

    python3 metrics_3dlp_reference.py --on ON --off OFF --edit EDIT --task on|off [--k K] [--clip-level V]

Images: 8-bit PNG (sRGB codes, linearised with the sRGB EOTF; real PNGs clip at 1.0, edit code 255 is
clipped) or PFM (float, scene-linear, no clip test). Prints a JSON object with the scores and the
per-channel medians and MADs. Implements the full-size case only (no resizing), without window
polygons; the low-signal blur is the exactly sampled kernel (scipy.ndimage.gaussian_filter).
"""
import argparse
import json
import sys

import numpy as np
from scipy import ndimage


def read_pfm(path):
    with open(path, "rb") as f:
        kind = f.readline().strip()
        if kind != b"PF":
            raise ValueError(f"{path}: only colour PFM (PF) is supported")
        w, h = map(int, f.readline().split())
        scale = float(f.readline())
        data = np.frombuffer(f.read(), dtype="<f4" if scale < 0 else ">f4")
    return data.reshape(h, w, 3)[::-1].astype(np.float32)


def write_pfm(path, img):
    img = np.ascontiguousarray(np.asarray(img, dtype="<f4")[::-1])
    with open(path, "wb") as f:
        f.write(b"PF\n%d %d\n-1.0\n" % (img.shape[1], img.shape[0]))
        f.write(img.tobytes())


def srgb_eotf(v, gamma=2.4, offset=0.055):
    """The sRGB EOTF as the project's OpenColorIO config defines it (ExponentWithLinearTransform, gamma
    2.4, offset 0.055): the linear segment meets the power curve with a continuous slope, so it breaks
    at offset / (gamma - 1) = 0.03929 with slope 12.9232 (IEC 61966-2-1 rounds these to 0.04045 and
    12.92, a 2.5e-4 relative difference for codes 1 to 10)."""
    v = np.asarray(v, dtype=np.float64)
    brk = offset / (gamma - 1.0)
    slope = brk / ((brk + offset) / (1.0 + offset)) ** gamma
    return np.where(v < brk, v / slope, ((v + offset) / (1.0 + offset)) ** gamma)


def read_png_codes(path):
    from PIL import Image
    return np.asarray(Image.open(path).convert("RGB"), dtype=np.uint8)


def load(path):
    """(linear float32 image, 8-bit codes or None)"""
    if str(path).lower().endswith(".pfm"):
        return read_pfm(path), None
    codes = read_png_codes(path)
    return srgb_eotf(codes / 255.0).astype(np.float32), codes


def median(x):
    return float(np.median(x))  # mean of the two central values for an even count


def med_mad(x):
    m = median(x)
    return m, median(np.abs(x - m))


def evaluate(on, off, edit, task, k=1.0, clip_level=None, edit_codes=None, mad_floor=1e-12):
    on64, off64 = on.astype(np.float64), off.astype(np.float64)
    g64 = edit.astype(np.float64) / k
    H, W, _ = on.shape
    num, den = (on64, off64) if task == "on" else (off64, on64)

    # Validity mask
    finite = np.all(np.isfinite(on64) & np.isfinite(off64) & np.isfinite(g64), axis=2)
    positive = np.all(den > 0, axis=2)
    clipped_real = np.zeros((H, W), bool)
    if clip_level is not None:
        clipped_real = np.any((on64 >= clip_level) | (off64 >= clip_level), axis=2)
    clipped_edit = np.zeros((H, W), bool) if edit_codes is None else np.any(edit_codes == 255, axis=2)
    L = np.mean(np.maximum(np.nan_to_num(on64 - off64, nan=0, posinf=0, neginf=0), 0.0), axis=2)
    sigma = 0.02 * max(H, W)
    blurred = ndimage.gaussian_filter(L, sigma, mode="reflect", truncate=4.0)
    p99 = np.percentile(blurred, 99)
    enough = blurred >= 0.01 * p99 if p99 > 0 else np.zeros((H, W), bool)
    omega = finite & positive & ~clipped_real & ~clipped_edit & enough

    with np.errstate(divide="ignore", invalid="ignore"):
        ER = num / den
        EG = g64 / den
    out = {"valid_pixels": int(omega.sum()), "valid_fraction": float(omega.sum()) / (H * W)}

    # SIE (and SIE1)
    sie_c, sie1_c, stats_r, stats_g = [], [], [], []
    for c in range(3):
        r, g = ER[..., c][omega], EG[..., c][omega]
        mr, dr = med_mad(r)
        mg, dg = med_mad(g)
        stats_r.append((mr, dr))
        stats_g.append((mg, dg))
        sie_c.append(float(np.mean(np.abs((r - mr) / dr - (g - mg) / dg))))
        sie1_c.append(float(np.mean(np.abs((r - 1) / dr - (g - 1) / dg))))
    out["sie_per_channel"] = sie_c
    out["sie"] = float(np.mean(sie_c))
    out["sie1"] = float(np.mean(sie1_c))
    out["ratio_stats"] = {"real": {"median": [s[0] for s in stats_r], "mad": [s[1] for s in stats_r]},
                          "edit": {"median": [s[0] for s in stats_g], "mad": [s[1] for s in stats_g]}}

    # LFE
    dom = np.zeros((H, W), bool)
    dom[1:-1, 1:-1] = (omega[1:-1, 1:-1] & omega[:-2, 1:-1] & omega[2:, 1:-1] & omega[1:-1, :-2] & omega[1:-1, 2:])
    lfe_c, lfe_stats = [], []
    lfe_map = np.zeros((H, W))
    for c in range(3):
        Ms = []
        for E in (ER[..., c], EG[..., c]):
            E0 = np.where(omega, E, 0.0)
            gy, gx = np.gradient(E0)  # central differences inside; only used on dom
            Ms.append(np.sqrt(gx * gx + gy * gy))
        MR, MG = Ms
        pR, pG = np.percentile(MR[dom], 80), np.percentile(MG[dom], 80)
        o80 = dom & (MR <= pR) & (MG <= pG)
        r, g = MR[o80], MG[o80]
        mr, dr = med_mad(r)
        mg, dg = med_mad(g)
        lfe_stats.append({"p80": [float(pR), float(pG)], "count": int(o80.sum()), "median": [mr, mg], "mad": [dr, dg]})
        d = (r - mr) / dr - (g - mg) / dg
        lfe_c.append(float(np.mean(np.abs(d))))
        lfe_map[o80] += d / 3.0
    out["lfe_per_channel"] = lfe_c
    out["lfe"] = float(np.mean(lfe_c))
    out["lfe_stats"] = lfe_stats
    out["_maps"] = {"omega": omega, "domain": dom, "lfe_map": lfe_map}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--on", required=True)
    ap.add_argument("--off", required=True)
    ap.add_argument("--edit", required=True)
    ap.add_argument("--task", choices=["on", "off"], required=True)
    ap.add_argument("--k", type=float, default=1.0)
    ap.add_argument("--clip-level", type=float)
    ap.add_argument("--save-lfe-map", help="write the LFE map as .npy")
    a = ap.parse_args()
    on, on_codes = load(a.on)
    off, off_codes = load(a.off)
    edit, edit_codes = load(a.edit)
    clip = a.clip_level
    if clip is None and (on_codes is not None or off_codes is not None):
        clip = 1.0
    res = evaluate(on, off, edit, a.task, a.k, clip, edit_codes)
    maps = res.pop("_maps")
    if a.save_lfe_map:
        np.save(a.save_lfe_map, maps["lfe_map"])
    json.dump(res, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
