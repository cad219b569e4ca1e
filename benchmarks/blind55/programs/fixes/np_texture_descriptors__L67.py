# ruff: noqa
"""Texture descriptors for a batch of grey-level images: images are denoised with a box filter,
split into overlapping 7x7 patches, and each patch is described by a robust local contrast and
a gradient energy; per-image histograms of the descriptors are compared against a reference
texture with a chi-square distance."""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def synthetic_images(rng, n, size):
    y, x = np.mgrid[0:size, 0:size]
    images = []
    for k in range(n):
        freq = 0.05 + 0.01 * k
        img = np.sin(freq * x + 0.3 * k) * np.cos(freq * 0.7 * y) + 0.3 * rng.standard_normal((size, size))
        images.append(img.astype(np.float64))
    return images


def box_filter(img, r=1):
    pad = np.pad(img, r, mode="edge")
    win = sliding_window_view(pad, (2 * r + 1, 2 * r + 1))
    return win.mean(axis=(-1, -2))


def patches(img, k=7, stride=2):
    win = sliding_window_view(img, (k, k))[::stride, ::stride]
    return win.reshape(-1, k * k)


def robust_contrast(p):
    lo, hi = np.percentile(p, [10, 90])
    return (hi - lo) / (p.std() + 1e-6)


def contrast_step(rows):
    return np.apply_along_axis(robust_contrast, 1, rows)


def gradient_step(rows):
    sq = rows.reshape(len(rows), 7, 7)
    gx = np.diff(sq, axis=2)
    gy = np.diff(sq, axis=1)
    return (gx ** 2).mean(axis=(1, 2)) + (gy ** 2).mean(axis=(1, 2))


PIPELINE = [("contrast", contrast_step, (0.0, 8.0)), ("gradient", gradient_step, (0.0, 2.0))]


def describe(img, bins=24):
    rows = patches(box_filter(img))
    hists = []
    for name, step, rng_ in PIPELINE:
        values = step(rows)
        h, _ = np.histogram(values, bins=bins, range=rng_)
        hists.append(h / max(h.sum(), 1))
    return np.concatenate(hists)


def chi2(a, b):
    return 0.5 * np.sum((a - b) ** 2 / (a + b + 1e-12))


rng = np.random.default_rng(3)
images = synthetic_images(rng, 24, 112)
reference = describe(images[0])
thresholds = np.round(np.linspace(0.001, 0.02, 10), 4)
dists = []
for img in images[1:]:
    d = chi2(describe(img), reference)
    dists.append(d)
    print(f"chi2 {d:.5f} similar at {int((d < thresholds).sum())} of {len(thresholds)} thresholds")
print(f"result: {sum(dists) + thresholds.sum():.10e}")
