# ruff: noqa
"""Affineur's drying-curve fit: each shelf of the cave holds a different number of wheels, each
weighed every few days. For every shelf a two-parameter exponential drying curve
(w(t) = w0 * (1 - a * (1 - exp(-k t)))) is fitted to its wheels' relative weights by gradient
descent, shelf by shelf as the weighing rounds come in; the fitted rates are compared with the
cave's humidity log. Prints the mean drying rate and a checksum of the fits."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class FitConfig:
    steps: int = 40
    lr: float = 0.05
    weighing_days: tuple = (0.0, 3.0, 7.0, 14.0, 21.0, 30.0, 45.0, 60.0)


def drying_curve(params, days):
    a, k = params[0], params[1]
    return 1.0 - jax.nn.sigmoid(a) * (1.0 - jnp.exp(-jax.nn.softplus(k) * days))


def shelf_loss(params, days, weights):
    pred = drying_curve(params, days)[None, :]
    return jnp.mean((pred - weights) ** 2)


@jax.jit
def descend(params, days, weights, lr):
    def body(_, p):
        return p - lr * jax.grad(shelf_loss)(p, days, weights)

    fitted = jax.lax.fori_loop(0, 40, body, params)
    return fitted, shelf_loss(fitted, days, weights)


@dataclass
class Shelf:
    name: str
    weights: np.ndarray  # wheels x weighing days, relative to the first weighing
    humidity: float

    def fit(self, cfg):
        days = jnp.asarray(cfg.weighing_days, dtype=jnp.float32)
        params = jnp.array([-1.5, -3.0], dtype=jnp.float32)
        return descend(params, days, jnp.asarray(self.weights, dtype=jnp.float32), cfg.lr)


def synthetic_shelves(rng, cfg, n_shelves):
    days = np.asarray(cfg.weighing_days)
    shelves = []
    for s in range(n_shelves):
        n_wheels = int(rng.integers(6, 60))
        humidity = rng.uniform(0.86, 0.96)
        k = 0.04 * (1.0 - humidity) * 10 * rng.uniform(0.8, 1.2, (n_wheels, 1))
        a = rng.uniform(0.08, 0.14, (n_wheels, 1))
        w = 1.0 - a * (1.0 - np.exp(-k * days)) + rng.normal(0.0, 0.002, (n_wheels, days.size))
        shelves.append(Shelf(f"shelf-{s:02d}", w, humidity))
    return shelves


def main():
    rng = np.random.default_rng(19)
    cfg = FitConfig()
    shelves = synthetic_shelves(rng, cfg, 14)
    fits = list(map(lambda shelf: shelf.fit(cfg), shelves))
    rates = []
    checksum = 0.0
    for shelf, (params, loss) in zip(shelves, fits):
        rates.append(float(jax.nn.softplus(params[1])))
        checksum += float(jnp.sum(params)) + 1e3 * float(loss)
    corr = np.corrcoef(rates, [s.humidity for s in shelves])[0, 1]
    print(f"mean drying rate {np.mean(rates):.5f}/day, corr with humidity {corr:.3f}")
    print(f"result: {checksum:.6f}")


if __name__ == "__main__":
    main()
