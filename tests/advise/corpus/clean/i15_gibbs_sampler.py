# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Gibbs sampler for a bivariate normal: each draw depends on the other coordinate's last."""

import numpy as np


def gibbs(n: int, rho: float = 0.8, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, 2))
    x = y = 0.0
    s = np.sqrt(1 - rho**2)
    for t in range(n):
        x = rng.normal(rho * y, s)
        y = rng.normal(rho * x, s)
        out[t] = x, y
    return out
