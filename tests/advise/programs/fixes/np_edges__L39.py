# ruff: noqa
"""Sobel edge detection and three-level edge classification over a batch of synthetic frames."""
import numpy as np


def make_frames(n, h, w, rng):
    yy, xx = np.mgrid[0:h, 0:w]
    frames = []
    for _ in range(n):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = np.hypot(xx - cx, yy - cy)
        img = (r < 0.3 * min(h, w)).astype(np.float64) + 0.1 * rng.normal(size=(h, w))
        frames.append(img)
    return np.stack(frames)


def smooth(img):
    p = np.pad(img, 1, mode="edge")
    acc = np.zeros_like(img)
    for dy in range(3):
        for dx in range(3):
            acc += p[dy : dy + img.shape[0], dx : dx + img.shape[1]]
    return acc / 9.0


def sobel(img):
    h, w = img.shape
    mag = np.zeros_like(img)
    for y, x in np.ndindex(h - 2, w - 2):
        gx = img[y, x + 2] + 2 * img[y + 1, x + 2] + img[y + 2, x + 2] - img[y, x] - 2 * img[y + 1, x] - img[y + 2, x]
        gy = img[y + 2, x] + 2 * img[y + 2, x + 1] + img[y + 2, x + 2] - img[y, x] - 2 * img[y, x + 1] - img[y, x + 2]
        mag[y + 1, x + 1] = np.sqrt(gx * gx + gy * gy)
    return mag


def classify(mag, lo, hi):
    flat = mag.ravel()
    labels = np.where(flat >= hi, 2, np.where(flat >= lo, 1, 0)).astype(np.int8)
    return labels.reshape(mag.shape)


rng = np.random.default_rng(0)
frames = make_frames(14, 170, 210, rng)
brightness = [float(f.mean()) for f in frames]

total = 0.0
strong = 0
for k in range(len(frames)):
    mag = sobel(smooth(frames[k]))
    for lo, hi in [(0.3, 1.0), (0.4, 1.2), (0.5, 1.5)]:
        lab = classify(mag, lo, hi)
        strong += int((lab == 2).sum()) + int((lab == 1).sum()) * 3
    total += float(mag.sum()) * (k + 1)

print(f"strong edge pixels: {strong}")
print(f"result: {total + strong + sum(brightness):.10e}")
