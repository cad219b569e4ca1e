# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Metropolis sampling: each proposal depends on the current state."""

import numpy as np


def metropolis(logp, x0: np.ndarray, n: int, step: float = 0.5, seed: int = 0):
    rng = np.random.default_rng(seed)
    x, lp = x0.copy(), logp(x0)
    chain = np.empty((n, x0.size))
    for t in range(n):
        prop = x + step * rng.standard_normal(x.size)
        lp_prop = logp(prop)
        if np.log(rng.random()) < lp_prop - lp:
            x, lp = prop, lp_prop
        chain[t] = x
    return chain
