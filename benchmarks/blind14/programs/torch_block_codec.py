# ruff: noqa
"""Compresses synthetic photos the way a baseline JPEG encoder does in torch: converts each RGB
image to luminance, cuts it into 8x8 blocks, applies a 2-D DCT, quantises with the standard
luminance table scaled for a quality setting, and decodes it back. Prints the reconstruction
error and how many coefficients survive quantisation at each quality."""

import math

import torch

torch.set_num_threads(1)

QTABLE = [
    [16, 11, 10, 16, 24, 40, 51, 61],
    [12, 12, 14, 19, 26, 58, 60, 55],
    [14, 13, 16, 24, 40, 57, 69, 56],
    [14, 17, 22, 29, 51, 87, 80, 62],
    [18, 22, 37, 56, 68, 109, 103, 77],
    [24, 35, 55, 64, 81, 104, 113, 92],
    [49, 64, 78, 87, 103, 121, 120, 101],
    [72, 92, 95, 98, 112, 100, 103, 99],
]


def dct_matrix(n):
    k = torch.arange(n, dtype=torch.float32)[:, None]
    i = torch.arange(n, dtype=torch.float32)[None, :]
    d = torch.cos(math.pi * (2 * i + 1) * k / (2 * n)) * math.sqrt(2.0 / n)
    d[0] /= math.sqrt(2.0)
    return d


def quant_table(quality):
    s = 5000 / quality if quality < 50 else 200 - 2 * quality
    return [[min(255, max(1, (v * s + 50) // 100)) for v in row] for row in QTABLE]


def code_block(block, d, quality):
    q = torch.tensor(quant_table(quality), dtype=torch.float32)
    coef = d @ (block - 128.0) @ d.T
    levels = torch.round(coef / q)
    recon = d.T @ (levels * q) @ d + 128.0
    return recon.clamp(0.0, 255.0), levels


def synthetic_photo(h, w, gen):
    y = torch.linspace(0, 1, h)[:, None, None]
    x = torch.linspace(0, 1, w)[None, :, None]
    phase = torch.tensor([0.0, 1.0, 2.0])
    img = 128 + 60 * torch.sin(12 * x + 5 * y + phase) + 40 * torch.cos(63 * y * x + phase)
    img = img + 12 * torch.randn(h, w, 3, generator=gen)
    return img.clamp(0, 255)


gen = torch.Generator().manual_seed(5)
d = dct_matrix(8)
total_err = 0.0
kept = 0
for quality in (10, 25, 40, 50, 60, 75, 90, 95):
    rgb = synthetic_photo(640, 640, gen)
    luma_weights = torch.tensor([0.299, 0.587, 0.114])
    img = rgb @ luma_weights
    out = torch.empty_like(img)
    nonzero = 0
    for by in range(0, img.shape[0], 8):
        for bx in range(0, img.shape[1], 8):
            recon, levels = code_block(img[by : by + 8, bx : bx + 8], d, quality)
            out[by : by + 8, bx : bx + 8] = recon
            nonzero += (levels != 0).sum()
    err = float(((out - img) ** 2).mean().sqrt())
    total_err += err
    kept += int(nonzero)
    print(f"quality {quality}: rmse {err:.3f}, {int(nonzero)} nonzero coefficients")
print(f"result: {total_err + kept:.8e}")
