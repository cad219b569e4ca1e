# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""NDVI of two satellite bands, pixel by pixel over zip()ped flattened bands."""

# Source: https://commit-web.commit.tu-berlin.de/en/book/sci-python/chapter/ch05/section/s04
# ("SLOW: Python loop ... result[i] = x[i] ** 2 + 2 * x[i] + 1" against one vectorized expression).

import numpy as np


def ndvi(nir_band: np.ndarray, red_band: np.ndarray) -> np.ndarray:
    nir = nir_band.astype(np.float32).ravel()
    red = red_band.astype(np.float32).ravel()
    out = np.empty_like(nir)
    for i, (n, r) in enumerate(zip(nir, red)):  # expect: AB101
        out[i] = (n - r) / (n + r + 1e-6)
    return out.reshape(nir_band.shape)
