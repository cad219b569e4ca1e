# ruff: noqa
"""Monte Carlo prices of a ladder of arithmetic Asian calls under geometric Brownian motion, with
volatility term structures read from a table and a geometric-average control variate."""
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


def price_ladder(s0, strikes, r, n_batches, n_paths, n_steps, rng, vol_table):
    dt = 1.0 / n_steps
    disc = np.exp(-r)
    estimates = np.zeros((n_batches, len(strikes)))
    for b in range(n_batches):
        vols = np.array(vol_table)
        bucket = rng.integers(0, len(vols), size=n_paths)
        paths = simulate(s0, r, vols[bucket], dt, rng)
        avg = paths.mean(axis=1)
        gavg = np.exp(np.log(paths).mean(axis=1))
        for j, strike in enumerate(strikes):
            arith = np.maximum(avg - strike, 0.0)
            geo = np.maximum(gavg - strike, 0.0)
            c = np.cov(arith, geo)
            beta = c[0, 1] / c[1, 1]
            estimates[b, j] = discounted_mean(arith - beta * (geo - geo.mean()), disc)
        last = paths[:, -1]
    return estimates.mean(axis=0), estimates.std(axis=0), last


rng = np.random.default_rng(0)
vol_table = load_vol_table(32, 12000)
strikes = np.linspace(80.0, 120.0, 9)
mean, err, last = price_ladder(100.0, strikes, 0.03, 40, 20_000, 32, rng, vol_table)
for k, m, e in zip(strikes, mean, err):
    print(f"K={k:6.1f}: {m:.4f} +- {e:.4f}")
print(f"result: {float(mean.sum()) + float(last.mean()):.10e}")
