#!/usr/bin/env python3
"""SIE, SIE1, LFE and their region and band means as a researcher would write them with NumPy and
SciPy, following docs/metrics.md, timed on a case written by
`lightlens-cli bench-metrics --size WxH --write-case DIR` (on.npy, off.npy, edit.npy: linear float32
H x W x 3; region_<name>.npy: uint8 H x W, "window" excluded). Turn-on task, k = 1, no clipped pixels.

Usage: numpy-reference.py DIR [--repeat N]
Prints one JSON object: the median and minimum compute time over N runs (loading excluded) and the scores.
The reference is the speed yardstick of scripts/bench-vs-numpy.sh, not a test oracle: its low-signal
blur is scipy's exact Gaussian, so its scores differ from the engine's default (recursive) blur by about
1e-3 relative.
"""
import argparse
import glob
import json
import os
import time

import numpy as np
from scipy import ndimage

BAND_EDGES = [100, 16, 6, 3, 2, 1, 0]


def median_mad(x):
    m = np.median(x)
    return m, np.median(np.abs(x - m))


def evaluate(on, off, edit, regions):
    h, w, _ = on.shape
    num, den = on, off  # turn-on: E_R = I_on / I_off, E_G = G / I_off
    light = np.maximum(on - off, 0.0).mean(axis=2)
    light[~np.isfinite(light)] = 0.0
    blurred = ndimage.gaussian_filter(light, sigma=0.02 * max(h, w), mode="reflect", truncate=4.0)
    p99 = np.percentile(blurred, 99)
    window = regions.get("window", np.zeros((h, w), bool))
    valid = (np.isfinite(on).all(2) & np.isfinite(off).all(2) & np.isfinite(edit).all(2) & (den > 0).all(2)
             & (blurred >= 0.01 * p99) & ~window)
    er = np.where(valid[..., None], num / den, 0.0)
    eg = np.where(valid[..., None], edit / den, 0.0)

    # SIE and SIE1.
    abs_d = np.zeros((h, w))
    sie, sie1 = [], []
    for c in range(3):
        mr, dr = median_mad(er[..., c][valid])
        mg, dg = median_mad(eg[..., c][valid])
        d = (er[..., c] - mr) / dr - (eg[..., c] - mg) / dg
        d1 = (er[..., c] - 1) / dr - (eg[..., c] - 1) / dg
        sie.append(np.abs(d[valid]).mean())
        sie1.append(np.abs(d1[valid]).mean())
        abs_d += np.abs(d) / 3
    # LFE: gradients on the valid interior (the pixel and its four neighbours valid).
    cross = ndimage.generate_binary_structure(2, 1)
    domain = ndimage.binary_erosion(valid, structure=cross, border_value=0)
    lfe, lfe_abs, omega80 = [], [], []
    for c in range(3):
        gy, gx = np.gradient(er[..., c])
        m_r = np.hypot(gx, gy)
        gy, gx = np.gradient(eg[..., c])
        m_g = np.hypot(gx, gy)
        o80 = domain & (m_r <= np.percentile(m_r[domain], 80)) & (m_g <= np.percentile(m_g[domain], 80))
        mr, dr = median_mad(m_r[o80])
        mg, dg = median_mad(m_g[o80])
        d = np.abs((m_r - mr) / dr - (m_g - mg) / dg)
        lfe.append(d[o80].mean())
        lfe_abs.append(d)
        omega80.append(o80)

    def area_scores(mask):
        out = {"sie": float(abs_d[valid & mask].mean()) if (valid & mask).sum() >= 100 else None}
        means = [lfe_abs[c][omega80[c] & mask].mean() for c in range(3) if (omega80[c] & mask).sum() >= 100]
        out["lfe"] = float(np.mean(means)) if len(means) == 3 else None
        return out

    # Regions (but the window) and intensity bands: percent of the largest light where the real pair
    # is usable (finite and positive, below 1 as the model saw it, not a window).
    region_scores = {name: area_scores(m) for name, m in regions.items() if name != "window"}
    pair = ((on > 0) & (off > 0) & (on < 1) & (off < 1)).all(2) & ~window
    pct = 100.0 * light / light[pair].max()
    bands = {}
    for hi, lo in zip(BAND_EDGES[:-1], BAND_EDGES[1:]):
        bands[f"{lo}-{hi}"] = area_scores((pct > lo) & (pct <= hi) if lo > 0 else pct <= hi)
    return {"sie": float(np.mean(sie)), "sie1": float(np.mean(sie1)), "lfe": float(np.mean(lfe)),
            "valid_fraction": float(valid.mean()), "regions": region_scores, "bands": bands}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    load = lambda name: np.load(os.path.join(a.dir, name)).astype(np.float64)
    on, off, edit = load("on.npy"), load("off.npy"), load("edit.npy")
    regions = {os.path.basename(p)[len("region_"):-len(".npy")]: np.load(p).astype(bool)
               for p in sorted(glob.glob(os.path.join(a.dir, "region_*.npy")))}
    times = []
    for _ in range(max(1, a.repeat)):
        t0 = time.perf_counter()
        scores = evaluate(on, off, edit, regions)
        times.append(1e3 * (time.perf_counter() - t0))
    print(json.dumps({"size": [on.shape[1], on.shape[0]], "repeat": len(times),
                      "median_ms": float(np.median(times)), "min_ms": float(np.min(times)),
                      "sie": scores["sie"], "lfe": scores["lfe"], "sie1": scores["sie1"],
                      "valid_fraction": scores["valid_fraction"]}))


if __name__ == "__main__":
    main()
