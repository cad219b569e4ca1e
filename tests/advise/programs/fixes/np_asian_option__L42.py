# ruff: noqa
"""Monte Carlo price of an arithmetic Asian call under geometric Brownian motion, with a
volatility term structure read from a table and a geometric-average control variate."""
import numpy as np


def load_vol_table(n_steps, n_buckets):
    t = np.linspace(0.0, 1.0, n_steps)
    table = []
    for b in range(n_buckets):
        table.append([0.18 + 0.04 * np.sin(3.0 * x + 0.2 * b) for x in t])
    return table


def simulate(s0, r, vols, dt, rng):
    n_paths, n_steps = vols.shape
    z = rng.standard_normal((n_paths, n_steps))
    log_inc = (r - 0.5 * vols * vols) * dt + vols * np.sqrt(dt) * z
    return s0 * np.exp(np.cumsum(log_inc, axis=1))


def discounted_mean(payoff, disc):
    total = 0.0
    for v in payoff:
        total += v
    return disc * total / len(payoff)


def price(s0, strike, r, n_batches, n_paths, n_steps, rng, vol_table):
    dt = 1.0 / n_steps
    disc = np.exp(-r)
    estimates = []
    for b in range(n_batches):
        vols = np.array(vol_table)
        bucket = rng.integers(0, len(vols), size=n_paths)
        paths = simulate(s0, r, vols[bucket], dt, rng)
        arith = np.maximum(paths.mean(axis=1) - strike, 0.0)
        geo = np.maximum(np.exp(np.log(paths).mean(axis=1)) - strike, 0.0)
        c = np.cov(arith, geo)
        beta = c[0, 1] / c[1, 1]
        estimates.append(discounted_mean(arith - beta * (geo - geo.mean()), disc))
        last = paths[:, -1]
    return float(np.mean(estimates)), float(np.std(estimates)), last


rng = np.random.default_rng(0)
vol_table = load_vol_table(64, 400)
mean, err, last = price(100.0, 100.0, 0.03, 40, 25_000, 64, rng, vol_table)
print(f"price {mean:.4f} +- {err:.4f}")
print(f"result: {mean + float(last.mean()):.10e}")
