# ruff: noqa
"""Detrends a batch of synthetic light curves: each curve gets a cubic trend fitted by least
squares with iterative sigma clipping (points further than 3 sigma from the fit are dropped and
the fit repeated until no point is dropped). Prints the number of clipped points and the mean
residual scatter."""

import jax
import jax.numpy as jnp
import numpy as np

DEGREE = 3


@jax.jit
def fit_trend(t, flux):
    basis = jnp.stack([t**k for k in range(DEGREE + 1)], axis=1)
    gram = basis.T @ basis
    return jnp.linalg.solve(gram, basis.T @ flux)


@jax.jit
def residuals(coef, t, flux):
    basis = jnp.stack([t**k for k in range(DEGREE + 1)], axis=1)
    return flux - basis @ coef


def clip_curve(t, flux, n_sigma=3.0):
    keep = np.ones(len(t), dtype=bool)
    while True:
        coef = fit_trend(t[keep], flux[keep])
        resid = np.asarray(residuals(coef, t, flux))
        scatter = resid[keep].std()
        new_keep = np.abs(resid) < n_sigma * scatter
        if (new_keep == keep).all():
            return coef, keep, scatter
        keep = new_keep


rng = np.random.default_rng(12)
n_points = 1200
t = np.linspace(-1.0, 1.0, n_points).astype(np.float32)
clipped = 0
scatter_sum = 0.0
for curve in range(20):
    trend = rng.normal(size=DEGREE + 1)
    flux = (trend[0] + trend[1] * t + trend[2] * t**2 + trend[3] * t**3).astype(np.float32)
    flux += rng.normal(0.0, 0.05, size=n_points).astype(np.float32)
    flares = rng.choice(n_points, size=40, replace=False)
    flux[flares] += rng.exponential(0.5, size=40).astype(np.float32)
    coef, keep, scatter = clip_curve(t, flux)
    clipped += int((~keep).sum())
    scatter_sum += float(scatter)

print(f"clipped {clipped} points, mean scatter {scatter_sum / 20:.6f}")
print(f"result: {clipped + scatter_sum:.10e}")
