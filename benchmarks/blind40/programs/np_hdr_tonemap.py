# ruff: noqa
"""HDR tone mapping for a burst of synthetic camera frames: white balance from a grey patch,
luminance, a filmic tone curve with a linear toe and a soft shoulder, colour re-applied from
the luminance ratio, and a mean brightness and contrast report for the burst."""
import numpy as np


class FilmicCurve:
    def __init__(self, toe=0.18, shoulder=0.8, white=4.0):
        self.toe, self.shoulder, self.white = toe, shoulder, white
        self._apply = np.vectorize(self.value, otypes=[np.float64])

    def value(self, x):
        if x < self.toe:
            return 0.5 * x / self.toe * self.toe
        if x < self.shoulder:
            return 0.5 * self.toe + (x - self.toe) * 0.9
        y = (x - self.shoulder) / (self.white - self.shoulder)
        return 0.5 * self.toe + (self.shoulder - self.toe) * 0.9 + 0.4 * y / (1.0 + y)

    def __call__(self, lum):
        return self._apply(lum)


def white_balance(img, patch):
    grey = np.apply_along_axis(np.median, 0, patch.reshape(-1, 3))
    gains = grey.mean() / grey
    out = np.empty_like(img)
    for c in range(3):
        out[..., c] = img[..., c] * gains[c]
    return out


def make_frame(rng, h, w):
    yy, xx = np.mgrid[0:h, 0:w] / max(h, w)
    base = np.exp(3.0 * np.sin(4 * xx) * np.cos(3 * yy))
    tint = np.array([1.1, 1.0, 0.85])
    return base[..., None] * tint * rng.uniform(0.9, 1.1, size=(h, w, 3))


rng = np.random.default_rng(2)
curve = FilmicCurve()
lum_w = np.array([0.2126, 0.7152, 0.0722])
stats = []
for i in range(24):
    img = make_frame(rng, 480, 640)
    img = white_balance(img, img[:16, :16])
    lum = img @ lum_w
    mapped = curve(lum)
    out = img * (mapped / np.maximum(lum, 1e-6))[..., None]
    stats.append((out.mean(), out.std()))
stats = np.array(stats)
print(f"mean brightness {stats[:, 0].mean():.4f}, contrast {stats[:, 1].mean():.4f}")
print(f"result: {stats.sum():.10e}")
