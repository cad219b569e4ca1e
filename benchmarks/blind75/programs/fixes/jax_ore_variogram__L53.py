# ruff: noqa
"""Variogram modelling for a drill-hole database: experimental semivariograms down each hole
from pairs of assay composites, a spherical model (nugget, sill, range) fitted to each hole by
gradient descent in JAX, and a summary of the fitted parameters by lithology."""
import jax
import jax.numpy as jnp
import numpy as np


def spherical(params, h):
    nugget, sill, rng_ = jnp.abs(params[0]), jnp.abs(params[1]), jnp.abs(params[2]) + 1.0
    r = jnp.minimum(h / rng_, 1.0)
    return nugget + sill * (1.5 * r - 0.5 * r ** 3)


def loss(params, lags, gammas, weights):
    resid = spherical(params, lags) - gammas
    return jnp.sum(weights * resid ** 2) / jnp.sum(weights)


@jax.jit
def fit(lags, gammas, weights):
    grad = jax.grad(loss)

    def step(i, p):
        return p - 0.5 * grad(p, lags, gammas, weights) * jnp.array([0.2, 0.2, 40.0])

    p = jax.lax.fori_loop(0, 300, step, jnp.array([0.05, 0.5, 30.0]))
    return p, loss(p, lags, gammas, weights)


def experimental_variogram(depths, grades, lag_width=2.0, n_lags=None):
    d = np.abs(depths[:, None] - depths[None, :])
    g = 0.5 * (grades[:, None] - grades[None, :]) ** 2
    bins = (d / lag_width).astype(int)
    n_lags = n_lags or bins.max()
    iu = np.triu_indices(len(depths), 1)
    counts = np.bincount(bins[iu], minlength=n_lags + 1)[1:n_lags + 1]
    sums = np.bincount(bins[iu], weights=g[iu], minlength=n_lags + 1)[1:n_lags + 1]
    lags = (np.arange(1, n_lags + 1) * lag_width).astype(np.float32)
    return lags, (sums / np.maximum(counts, 1)).astype(np.float32), counts.astype(np.float32)


rng = np.random.default_rng(8)
results = {"granite": [], "skarn": [], "porphyry": []}
lith_names = list(results)
for hole in range(9):
    n = int(rng.integers(40, 160))
    depths = np.sort(rng.uniform(0, 2.0 * n, size=n))
    smooth = np.convolve(rng.standard_normal(n + 20), np.ones(21) / 21, mode="valid")
    grades = 0.6 * smooth * 4 + 0.2 * rng.standard_normal(n)
    lags, gammas, counts = experimental_variogram(depths, grades, n_lags=160)
    params, final = fit(jnp.asarray(lags), jnp.asarray(gammas), jnp.asarray(counts))
    results[lith_names[hole % 3]].append(np.concatenate([np.abs(np.asarray(params)), [float(final)]]))

total = 0.0
for lith, rows in results.items():
    rows = np.array(rows)
    print(f"{lith:>9}: nugget {rows[:, 0].mean():.3f} sill {rows[:, 1].mean():.3f} range {rows[:, 2].mean():.1f}")
    total += rows.sum()
print("result:", f"{total:.10e}")
