# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Mean squared displacement that copies the whole trajectory with np.array() for every lag."""

# Source: https://github.com/pdebuyl-lab/tidynamics/issues/6 ("msd seems to force a copy despite
# not modifying the input ... calls np.array so will always copy") and
# https://github.com/numpy/numpy/issues/17842 (np.array copies an array argument).

import numpy as np


def msd(pos: np.ndarray, lags) -> np.ndarray:
    out = np.empty(len(lags))
    for k, lag in enumerate(lags):
        x = np.array(pos)  # expect: AB203
        disp = x[lag:] - x[:-lag]
        out[k] = np.mean(np.sum(disp**2, axis=1))
    return out
