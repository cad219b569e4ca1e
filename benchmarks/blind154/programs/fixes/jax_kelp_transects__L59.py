# ruff: noqa
"""Kelp stipe-density transects: divers count stipes along transects of different lengths at
several survey sites; a logistic density model with a depth gradient is fitted to every transect
by a few gradient steps, and the fitted carrying capacities are summarised per site."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

SITES = ["Carmel Pinnacles", "Whalers Cove", "Bluefish Cove", "Granite Point"]


@dataclass
class Transect:
    site: str
    depth: np.ndarray
    counts: np.ndarray


@jax.jit
def fit_logistic(depth, counts):
    x = depth - depth.mean()
    slope = jnp.sum(x * counts) / jnp.sum(x * x)
    resid = counts - counts.mean() - slope * x
    return jnp.stack([counts.mean(), slope]), jnp.mean(resid * resid)


def on_transect(results, transect):
    params, mse = fit_logistic(jnp.asarray(transect.depth), jnp.asarray(transect.counts))
    results.setdefault(transect.site, []).append((params, mse))


def survey(transects, callback):
    for t in transects:
        callback(t)


def make_transects(n, rng):
    out = []
    for i in range(n):
        length = 40 + 3 * i
        depth = np.sort(rng.uniform(2.0, 18.0, length)).astype(np.float32)
        k = rng.uniform(8.0, 20.0)
        counts = (k / (1.0 + np.exp(0.6 * (depth - 10.0))) + rng.normal(0.0, 1.0, length)).astype(np.float32)
        out.append(Transect(SITES[i % len(SITES)], depth, counts))
    return out


rng = np.random.default_rng(9)
transects = make_transects(10, rng)
results = {}
survey(transects, partial(on_transect, results))

site_mse = jnp.stack([jnp.mean(jnp.stack([m for _, m in results[s]])) for s in SITES]).tolist()
total = 0.0
for i, site in enumerate(SITES):
    ks = jnp.stack([p[0] for p, _ in results[site]])
    mse = site_mse[i]
    total += float(ks.mean()) + mse
    print(f"{site:>16}: mean capacity {float(ks.mean()):.3f} stipes/m2, mse {mse:.3f}")
print(f"result: {total:.10e}")
