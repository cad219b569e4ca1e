# ruff: noqa
"""Monte Carlo pricing of a book of down-and-out barrier calls under geometric Brownian
motion with antithetic paths: each trade has its own strike, barrier and maturity; prices,
deltas by pathwise bumping and the book's total value are reported."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@dataclass(frozen=True)
class Trade:
    strike: float
    barrier: float
    maturity: float
    quantity: float


@partial(jax.jit, static_argnames=("n_steps",))
def price_paths(key, spot, strike, barrier, maturity, vol, rate, n_steps):
    dt = maturity / n_steps
    z = jax.random.normal(key, (4096, n_steps))
    z = jnp.concatenate([z, -z])
    log_s = jnp.log(spot) + jnp.cumsum((rate - 0.5 * vol ** 2) * dt + vol * jnp.sqrt(dt) * z, axis=1)
    paths = jnp.exp(log_s)
    alive = jnp.all(paths > barrier, axis=1)
    payoff = jnp.where(alive, jnp.maximum(paths[:, -1] - strike, 0.0), 0.0)
    return jnp.exp(-rate * maturity) * payoff.mean()


class BookPricer:
    def __init__(self, vol, rate, n_steps=64):
        self.vol, self.rate, self.n_steps = vol, rate, n_steps

    def value(self, trade, spot, key):
        return price_paths(key, spot, trade.strike, trade.barrier, trade.maturity,
                           self.vol, self.rate, self.n_steps)

    def delta(self, trade, spot, key, h=0.5):
        up = self.value(trade, spot + h, key)
        down = self.value(trade, spot - h, key)
        return (up - down) / (2 * h)


rng = np.random.default_rng(17)
book = [Trade(strike=float(rng.uniform(90, 110)), barrier=float(rng.choice([75.0, 80.0, 85.0])),
              maturity=float(rng.choice([0.5, 1.0, 2.0])), quantity=float(rng.integers(1, 20)))
        for _ in range(24)]
pricer = BookPricer(vol=0.25, rate=0.03)
key = jax.random.PRNGKey(0)
spot = 100.0
total, deltas = 0.0, []
for i, trade in enumerate(book):
    k = jax.random.fold_in(key, i)
    v = pricer.value(trade, spot, k)
    deltas.append(pricer.delta(trade, spot, k))
    total += trade.quantity * float(v)
book_delta = sum(t.quantity * d for t, d in zip(book, deltas))
print(f"book value {total:.4f}, book delta {float(book_delta):.4f}")
print(f"result: {total + float(book_delta):.10e}")
