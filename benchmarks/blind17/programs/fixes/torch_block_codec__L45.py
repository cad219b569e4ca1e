# ruff: noqa
"""A toy JPEG-style codec in torch: grey-level images are cut into 8x8 blocks by a generator,
each block goes through a 2-D DCT and is quantised with the standard luminance table, and a
callback stores the quantised coefficients. Prints the fraction of zero coefficients and a
checksum."""

import math

import torch


def dct_matrix(n):
    k = torch.arange(n, dtype=torch.float32).unsqueeze(1)
    i = torch.arange(n, dtype=torch.float32).unsqueeze(0)
    d = torch.cos(math.pi * (2 * i + 1) * k / (2 * n)) * math.sqrt(2.0 / n)
    d[0] /= math.sqrt(2.0)
    return d


def blocks(image):
    h, w = image.shape
    for r in range(0, h, 8):
        for c in range(0, w, 8):
            yield r, c, image[r : r + 8, c : c + 8]


def quantise(coeffs):
    table = torch.tensor(
        [
            [16, 11, 10, 16, 24, 40, 51, 61],
            [12, 12, 14, 19, 26, 58, 60, 55],
            [14, 13, 16, 24, 40, 57, 69, 56],
            [14, 17, 22, 29, 51, 87, 80, 62],
            [18, 22, 37, 56, 68, 109, 103, 77],
            [24, 35, 55, 64, 81, 104, 113, 92],
            [49, 64, 78, 87, 103, 121, 120, 101],
            [72, 92, 95, 98, 112, 100, 103, 99],
        ],
        dtype=torch.float32,
    )
    return torch.round(coeffs / table)


DCT8 = dct_matrix(8)


def encode(image, on_block):
    D = DCT8
    Dt = D.T.contiguous()
    for r, c, block in blocks(image):
        coeffs = D @ block @ Dt
        on_block(r, c, quantise(coeffs))


gen = torch.Generator().manual_seed(7)
size = 256
yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
total_abs = 0.0
zeros = 0
count = 0
for n in range(100):
    image = (
        128
        + 60 * torch.sin(xx / (9.0 + n)) * torch.cos(yy / 13.0)
        + 8 * torch.randn(size, size, generator=gen)
    )
    out = torch.empty(size, size)

    def store(r, c, q):
        out[r : r + 8, c : c + 8] = q

    # centre the levels and apply the quality scale before the transform
    encode((image - 128.0) / (1.0 + 0.02 * n), store)
    total_abs += float(out.abs().sum())
    zeros += int((out == 0).sum())
    count += out.numel()
print(f"zero coefficients: {zeros / count:.4f}")
print(f"result: {total_abs + zeros:.8e}")
