# ruff: noqa
"""Radial-velocity survey reduction: for each star, a generalised Lomb-Scargle periodogram of
its irregularly sampled velocities (with per-point uncertainties) is computed on a common
frequency grid, the best period and its semi-amplitude are kept, and candidate planets above a
power threshold are listed."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Observations:
    star: str
    t: np.ndarray
    v: np.ndarray
    err: np.ndarray


class Periodogram:
    def __init__(self, f_min=1 / 400.0, f_max=1 / 1.5, n_freq=3000):
        self.freqs = jnp.linspace(f_min, f_max, n_freq)

    @staticmethod
    @jax.jit
    def power(t, v, w, freqs):
        w = w / w.sum()
        v = v - (w * v).sum()
        arg = 2 * jnp.pi * freqs[:, None] * t[None, :]
        c, s = jnp.cos(arg), jnp.sin(arg)
        C, S = c @ w, s @ w
        YY = (w * v * v).sum()
        YC = (c * (w * v)).sum(1)
        YS = (s * (w * v)).sum(1)
        CC = (c * c * w).sum(1) - C * C
        SS = (s * s * w).sum(1) - S * S
        CS = (c * s * w).sum(1) - C * S
        D = CC * SS - CS ** 2
        return (SS * YC ** 2 + CC * YS ** 2 - 2 * CS * YC * YS) / (YY * D)

    def best(self, obs):
        p = self.power(jnp.asarray(obs.t), jnp.asarray(obs.v), jnp.asarray(1.0 / obs.err ** 2), self.freqs)
        k = int(jnp.argmax(p))
        return obs.star, 1.0 / float(self.freqs[k]), float(p[k])


def survey(rng, n_stars):
    for i in range(n_stars):
        n = int(rng.integers(24, 160))
        t = np.sort(rng.uniform(0.0, 900.0, n)).astype(np.float32)
        err = rng.uniform(1.0, 4.0, n).astype(np.float32)
        period = rng.uniform(2.0, 300.0)
        amp = rng.uniform(0.0, 25.0)
        v = amp * np.sin(2 * np.pi * t / period + rng.uniform(0, 6.28)) + rng.normal(0, err)
        yield Observations(f"HD {20000 + 17 * i}", t, v.astype(np.float32), err)


rng = np.random.default_rng(8)
pgram = Periodogram()
results = list(map(pgram.best, survey(rng, 10)))
candidates = [(s, p, pw) for s, p, pw in results if pw > 0.6]
for s, p, pw in candidates[:6]:
    print(f"{s}: P = {p:8.2f} d  power {pw:.3f}")
print(f"{len(candidates)} candidates of {len(results)} stars")
print(f"result: {sum(pw for _, _, pw in results) + len(candidates):.10e}")
