# ruff: noqa
"""Wave-resistance screening for kayak hull candidates with JAX: each candidate hull is given by
its waterline half-breadth offsets at its own number of stations (designers loft at different
resolutions), a thin-ship (Michell-type) integral is evaluated over a range of paddling speeds,
and the candidates are ranked by their mean wave resistance in three speed bands."""
import functools
import math
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@dataclass
class Candidate:
    name: str
    length_m: float
    offsets: np.ndarray      # half-breadths at equally spaced stations, bow to stern
    draft_m: float


@jax.jit
def michell_resistance(x, slope, draft, speeds):
    """Thin-ship wave resistance (arbitrary units) at each speed, from the hull's slope dy/dx."""
    g = 9.81
    k0 = g / speeds**2
    theta = jnp.linspace(0.0, 1.4, 48)
    k = k0[:, None] / jnp.cos(theta)[None, :] ** 2
    phase = k[:, :, None] * x[None, None, :]
    decay = (1.0 - jnp.exp(-k * draft)) / k
    p = jnp.sum(slope * jnp.cos(phase), axis=-1) * decay
    q = jnp.sum(slope * jnp.sin(phase), axis=-1) * decay
    integrand = (p**2 + q**2) * k**2 / jnp.cos(theta) ** 3
    return jnp.sum(integrand, axis=-1) * (1.4 / 48)


def make_candidates(rng, n):
    out = []
    for i, stations in enumerate(rng.choice(np.arange(41, 120), size=n, replace=False)):
        length = float(rng.uniform(4.6, 5.8))
        s = np.linspace(0.0, 1.0, stations)
        fullness = rng.uniform(0.6, 1.1)
        half_beam = rng.uniform(0.26, 0.31)
        y = half_beam * np.sin(np.pi * s) ** fullness * (1.0 + 0.1 * (s - 0.5))
        out.append(Candidate(f"hull-{i:02d}", length, y, float(rng.uniform(0.11, 0.16))))
    return out


def main():
    rng = np.random.default_rng(8)
    candidates = make_candidates(rng, 8)
    speeds = jnp.linspace(1.2, 3.6, 64)
    band_edges = np.array([1.2, 2.0, 2.8, 3.6])
    scores = []
    i = 0
    while i < len(candidates):
        c = candidates[i]
        evaluate = functools.partial(michell_resistance, draft=c.draft_m, speeds=speeds)
        x = np.linspace(0.0, c.length_m, len(c.offsets))
        slope = np.gradient(c.offsets, x)
        r = evaluate(jnp.asarray(x), jnp.asarray(slope))
        scores.append(r)
        i += 1
    table = np.asarray(jnp.stack(scores))
    v = np.asarray(speeds)
    band_means = []
    for b in range(len(band_edges) - 1):
        sel = (v >= band_edges[b]) & (v <= band_edges[b + 1])
        band_means.append((table * sel).sum(axis=1) / sel.sum())
    band_means = np.stack(band_means, 1)
    rank = np.argsort(band_means.mean(1))
    for j in rank[:5]:
        c = candidates[j]
        print(f"{c.name}: {len(c.offsets):3d} stations, L={c.length_m:.2f} m, bands " + " ".join(f"{v:9.4f}" for v in band_means[j]))
    print(f"result: {float(band_means.sum()):.10e}")


if __name__ == "__main__":
    main()
