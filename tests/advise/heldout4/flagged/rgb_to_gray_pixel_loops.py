# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Converts the 1080p frames of a decoded video clip to grayscale with a per-pixel luminance formula."""

# Source: https://theneuralbase.com/opencv/learn/advanced/vectorized-operations/ (tutorial: a for y in range(height): for x in range(width) loop per pixel loses to whole-array NumPy operations)

import numpy as np


def to_gray(frame: np.ndarray) -> np.ndarray:
    h, w, _ = frame.shape
    gray = np.zeros((h, w), dtype=np.uint8)
    for y in range(h):  # expect: AB101
        for x in range(w):
            b, g, r = frame[y, x]
            gray[y, x] = 0.114 * b + 0.587 * g + 0.299 * r
    return gray


def convert_clip(npz_path="clip_frames.npz"):
    frames = np.load(npz_path)["frames"]  # (n_frames, 1080, 1920, 3), BGR uint8
    gray = np.stack([to_gray(f) for f in frames])
    np.savez_compressed(npz_path.replace(".npz", "_gray.npz"), frames=gray)
