# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Sums a weighted set of precomputed Zernike mode maps into a wavefront, wrapping each mode in np.array first."""

# Source: https://github.com/brandondube/prysm/issues/67 (profiling found np.array in sum_of_2d_modes: np.array always copies, np.asarray does not)

import numpy as np


def sum_of_2d_modes(modes, weights):
    out = np.zeros_like(modes[0])
    for mode, w in zip(modes, weights):
        out += w * np.array(mode)  # expect: AB203
    return out


if __name__ == "__main__":
    modes = [np.random.rand(2048, 2048) for _ in range(36)]
    coefs = np.random.randn(36) * 1e-2
    wavefront = sum_of_2d_modes(modes, coefs)
    print(wavefront.std())
