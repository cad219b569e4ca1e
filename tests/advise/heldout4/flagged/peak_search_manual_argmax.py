# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""CLEAN-style deconvolution loop that finds the brightest residual pixel by scanning the array in Python."""

# Source: https://py4u.org/questions/73039544/ (question: index of the maximum of a 750,000-element |array|^2 found ~10^6 times; argmax dominates the run time)

import numpy as np


def find_peak(residual_power: np.ndarray):
    best = -np.inf
    imax = -1
    for i in range(residual_power.size):  # expect: AB104
        if residual_power[i] > best:
            best = residual_power[i]
            imax = i
    return imax, best


def hogbom_clean(dirty: np.ndarray, psf_shift, gain=0.1, n_iter=1000):
    residual = dirty.astype(np.complex128).ravel().copy()
    components = np.zeros_like(residual)
    for _ in range(n_iter):
        imax, _ = find_peak(np.abs(residual) ** 2)
        flux = gain * residual[imax]
        components[imax] += flux
        residual -= flux * psf_shift(imax)
    return components, residual
