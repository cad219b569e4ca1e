# ruff: noqa
"""Monte Carlo pricing of a ladder lookback call under geometric Brownian motion with a term
structure of volatility: at each monthly observation date the holder earns the gain of the spot
over the running minimum so far; a European call serves as control variate."""
import math
from functools import partial

import numpy as np

STEPS = 252
OBS = np.arange(20, STEPS, 21)


def vol_curve(steps):
    t = np.linspace(0.0, 1.0, steps)
    return 0.18 + 0.07 * np.exp(-3.0 * t)


def discount_factors(rates, dt):
    return np.exp(-np.cumsum(rates) * dt)


def simulate(rng, s0, r, vols, dt, n_paths):
    z = rng.standard_normal((n_paths, len(vols)))
    inc = (r - 0.5 * vols**2) * dt + vols * np.sqrt(dt) * z
    return s0 * np.exp(np.cumsum(inc, axis=1))


def running_min(path):
    out = np.empty_like(path)
    lo = path[0]
    for i in range(len(path)):
        if path[i] < lo:
            lo = path[i]
        out[i] = lo
    return out


def ladder_payoff(path, obs):
    lows = running_min(path)
    return np.maximum(path[obs] - lows[obs], 0.0).sum()


def price_chunk(rng, s0, strike, r, vols, dt, n_paths):
    paths = simulate(rng, s0, r, vols, dt, n_paths)
    pay = np.fromiter(map(partial(ladder_payoff, obs=OBS), paths), dtype=float, count=n_paths)
    euro = np.maximum(paths[:, -1] - strike, 0.0)
    return pay, euro


rng = np.random.default_rng(2024)
s0, strike, r = 100.0, 100.0, 0.03
dt = 1.0 / STEPS
vols = vol_curve(STEPS)
monthly = np.full(12, r) + np.linspace(0.0, 0.004, 12)
df = discount_factors(monthly, 1.0 / 12)
pays, euros = [], []
for chunk in range(12):
    p, e = price_chunk(rng, s0, strike, r, vols, dt, 8000)
    pays.append(p)
    euros.append(e)
pay = np.concatenate(pays) * df[-1]
euro = np.concatenate(euros) * df[-1]
beta = np.cov(pay, euro)[0, 1] / euro.var(ddof=1)
sig = math.sqrt(float(np.mean(vols**2)))
d1 = (math.log(s0 / strike) + (r + 0.5 * sig**2)) / sig
bs = s0 * 0.5 * math.erfc(-d1 / math.sqrt(2)) - strike * math.exp(-r) * 0.5 * math.erfc(-(d1 - sig) / math.sqrt(2))
price = pay.mean() - beta * (euro.mean() - bs)
print(f"ladder lookback {price:.4f} (std err {pay.std(ddof=1) / math.sqrt(len(pay)):.4f}), beta {beta:.3f}")
print(f"result: {price + euro.mean() + df.sum():.10e}")
