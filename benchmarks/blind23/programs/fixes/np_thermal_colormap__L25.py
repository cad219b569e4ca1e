"""False-colour rendering of HDR thermal-camera frames, tile by tile: each 32x32 tile is
tone-mapped (log compression with a per-tile exposure), mapped through a 1024-entry colour map
and gamma corrected; the frame's mean colour and hot-spot count are reported."""
import math

import numpy as np

COLORMAP = [
    [round(0.5 + 0.5 * math.sin(2.0 * math.pi * (i / 1023.0) + phase), 6) for phase in (0.0, 2.1, 4.2)]
    for i in range(1024)
]
LUT = np.array(COLORMAP, dtype=np.float32)
GAMMA_POINTS = [0.0, 0.25, 0.5, 0.75, 1.0]


class Renderer:
    def __init__(self, tile=32, gamma=2.2):
        self.tile = tile
        self.gamma = gamma

    def tone_map(self, tile):
        exposure = 1.0 / (tile.mean() + 1e-6)
        return np.log1p(exposure * tile) / np.log1p(exposure * tile.max())

    def colorize(self, level):
        lut = LUT
        idx = np.minimum((level * (len(lut) - 1)).astype(np.int64), len(lut) - 1)
        return lut[idx]

    def render(self, frame):
        t = self.tile
        out = np.empty(frame.shape + (3,), dtype=np.float32)
        for i in range(0, frame.shape[0], t):
            for j in range(0, frame.shape[1], t):
                rgb = self.colorize(self.tone_map(frame[i:i + t, j:j + t]))
                out[i:i + t, j:j + t] = rgb ** (1.0 / self.gamma)
        return out


def thermal_frame(rng, h=256, w=256):
    yy, xx = np.mgrid[0:h, 0:w]
    base = 20.0 + 5.0 * rng.random((h, w))
    for _ in range(4):
        cy, cx = rng.integers(0, h), rng.integers(0, w)
        base += 200.0 * np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 300.0)
    return base.astype(np.float32)


rng = np.random.default_rng(17)
renderer = Renderer()
total = 0.0
hot = 0
for k in range(180):
    img = renderer.render(thermal_frame(rng))
    curve = np.interp(img.mean(axis=(0, 1)), np.array(GAMMA_POINTS), np.array(GAMMA_POINTS) ** 2)
    total += float(curve.sum())
    hot += int((img[..., 0] > 0.95).sum())
print(f"mean colour checksum {total:.4f}, hot pixels {hot}")
print(f"result: {total + hot:.10e}")
