#!/usr/bin/env python3
"""The real desk-lamp pair case of tests/metrics/test_engine_vs_independent.cpp: prints the scores the
independent implementation (metrics_3dlp_reference.py) gives, which that test embeds.

    python3 lamp_pair_case.py [DATA_DIR]     (default: tests/data/mls-dataset)

The pair: crop_2HAL_desk_off.png / crop_2HAL_DESK_desk_on.png (8-bit sRGB, 268x220; see the folder's
README for the source and licence). The edit is made from the on image's codes by integer arithmetic
that the C++ test repeats exactly (edit_codes below): the on codes plus a deterministic pattern of
-6..6 codes, clipped to 0..254. All three are linearised with srgb_eotf (double, then float32, as the test does), k = 1, the
real images clip at 1.0, edit code 255 is clipped; turn-on task; exact low-signal blur.
Also prints what the engine's former arithmetic gave (ratios and gradient magnitudes rounded to float
before the Omega80 test), to show the size of that effect on this pair.
"""
import json
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from metrics_3dlp_reference import evaluate, read_png_codes, srgb_eotf  # noqa: E402


def edit_codes(on_codes):
    h, w, _ = on_codes.shape
    y, x, c = np.meshgrid(np.arange(h), np.arange(w), np.arange(3), indexing="ij")
    pattern = (x * 7 + y * 13 + c * 5) % 13 - 6                       # -6 .. 6
    return np.clip(on_codes.astype(np.int64) + pattern, 0, 254).astype(np.uint8)


def former_float_lfe(on, off, edit, omega, dom):
    """LFE with E and M rounded to float before the Omega80 test (the engine before the fix)."""
    def med(v):
        v = np.sort(v)
        n = len(v)
        return float(v[n // 2]) if n % 2 else (float(v[n // 2 - 1]) + float(v[n // 2])) / 2
    out = []
    for c in range(3):
        Ms = []
        for nm in (on[..., c], edit[..., c]):
            E = np.where(omega, (nm / off[..., c]).astype(np.float32), np.float32(0)).astype(np.float64)
            gx = np.zeros_like(E)
            gy = np.zeros_like(E)
            gx[:, 1:-1] = (E[:, 2:] - E[:, :-2]) * 0.5
            gy[1:-1, :] = (E[2:, :] - E[:-2, :]) * 0.5
            Ms.append(np.sqrt(gx * gx + gy * gy).astype(np.float32))
        MR, MG = Ms
        pR = np.percentile(MR[dom].astype(np.float64), 80)
        pG = np.percentile(MG[dom].astype(np.float64), 80)
        o80 = dom & (MR <= pR) & (MG <= pG)
        st = []
        for M in (MR, MG):
            x = M[o80]
            m = med(x)
            st.append((m, med(np.abs(x.astype(np.float64) - m).astype(np.float32))))
        d = (MR[o80] - st[0][0]) / st[0][1] - (MG[o80] - st[1][0]) / st[1][1]
        out.append(float(np.mean(np.abs(d))))
    return out


def main():
    warnings.filterwarnings("ignore")  # divisions by 0 outside Omega
    here = os.path.dirname(os.path.abspath(__file__))
    data = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "data", "mls-dataset")
    on_c = read_png_codes(os.path.join(data, "crop_2HAL_DESK_desk_on.png"))
    off_c = read_png_codes(os.path.join(data, "crop_2HAL_desk_off.png"))
    ed_c = edit_codes(on_c)
    lin = lambda codes: srgb_eotf(codes / 255.0).astype(np.float32)
    on, off, ed = lin(on_c), lin(off_c), lin(ed_c)
    r = evaluate(on, off, ed, "on", 1.0, 1.0, ed_c)
    maps = r.pop("_maps")
    former = former_float_lfe(on, off, ed, maps["omega"], maps["domain"])
    r["former_float_lfe_per_channel"] = former
    r["former_float_lfe"] = float(np.mean(former))
    r["former_relative_difference"] = (r["former_float_lfe"] - r["lfe"]) / r["lfe"]
    json.dump(r, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
