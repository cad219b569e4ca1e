# ruff: noqa
"""Float-glass line inspection: frames from a line-scan camera over the ribbon (synthetic: a
bright background with streaks, bubbles and stones), flat-field corrected with the camera's
per-pixel gain table, high-pass filtered, thresholded into defect masks and counted per
class; prints the defect counts of the shift."""
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F

ROWS, COLS = 64, 384
# per-pixel gain of the camera, as exported by the calibration tool (vignetting and a slow ripple)
GAIN_TABLE = [[round(1.0 / (1.0 - 0.25 * ((c - COLS / 2) / (COLS / 2)) ** 2 + 0.01 * math.sin(r / 5.0)), 6)
               for c in range(COLS)] for r in range(ROWS)]


@dataclass
class Calibration:
    dark_level: float
    table: list

    def apply(self, frame):
        gain = torch.tensor(self.table)
        return (frame - self.dark_level) * gain


class Inspector:
    def __init__(self, calib, k=7):
        self.calib = calib
        self.blur = torch.ones(1, 1, k, k) / (k * k)
        self.counts = torch.zeros(3, dtype=torch.int64)

    def __call__(self, frame):
        flat = self.calib.apply(frame)
        smooth = F.conv2d(flat[None, None], self.blur, padding=self.blur.shape[-1] // 2)[0, 0]
        detail = flat - smooth
        limits = torch.tensor([-0.12, 0.12])
        dark = detail < limits[0]
        bright = detail > limits[1]
        mask = dark.clone()
        mask |= bright
        streak = mask.float().mean(dim=0) > 0.5
        self.counts += torch.stack([dark.sum(), bright.sum(), streak.sum()])
        return detail.abs().sum()


def frames(n, g):
    vignette = 1.0 - 0.25 * ((torch.arange(COLS) - COLS / 2) / (COLS / 2)) ** 2
    for i in range(n):
        f = 0.05 + 0.8 * vignette * (1 + 0.01 * torch.randn(ROWS, COLS, generator=g))
        r, c = torch.randint(4, ROWS - 4, (1,), generator=g), torch.randint(4, COLS - 4, (1,), generator=g)
        f[r - 2:r + 2, c - 2:c + 2] *= 0.6
        if i % 9 == 0:
            f[:, c] *= 1.3
        yield f


g = torch.Generator().manual_seed(1)
inspector = Inspector(Calibration(dark_level=0.05, table=GAIN_TABLE))
total = sum(float(inspector(f)) for f in frames(600, g))
print(f"defects (dark, bright, streak columns): {inspector.counts.tolist()}")
print(f"result: {total + float(inspector.counts.sum()):.10e}")
