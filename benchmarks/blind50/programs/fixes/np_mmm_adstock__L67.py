# ruff: noqa
"""Marketing-mix model for daily sales: geometric adstock and a Hill saturation curve per media
channel, a grid search over each channel's decay rate fitted by least squares, and the fitted
contribution of every channel to sales over the whole period."""
from dataclasses import dataclass

import numpy as np

CHANNELS = ["tv", "radio", "search", "social", "display", "email"]


@dataclass
class ChannelSpend:
    name: str
    spend: np.ndarray
    half_sat: float


def adstock(spend, decay):
    out = np.empty_like(spend)
    carry = 0.0
    for t in range(spend.shape[0]):
        carry = spend[t] + decay * carry
        out[t] = carry
    return out


def hill(x, half_sat, slope=1.5):
    return x**slope / (x**slope + half_sat**slope)


def make_data(rng, n_weeks):
    channels = []
    for name in CHANNELS:
        base = rng.gamma(2.0, 50.0, size=n_weeks)
        pulses = rng.random(n_weeks) < 0.15
        spend = base * (1.0 + 3.0 * pulses)
        channels.append(ChannelSpend(name, spend, float(np.median(spend)) * 2.0))
    season = 1.0 + 0.3 * np.sin(2 * np.pi * np.arange(n_weeks) / 365.0)
    true_decay = np.linspace(0.2, 0.8, len(CHANNELS))
    X = np.column_stack([hill(adstock(c.spend, d), c.half_sat) for c, d in zip(channels, true_decay)])
    sales = 200.0 * season + X @ rng.uniform(20, 80, size=len(CHANNELS)) + rng.normal(0, 5, n_weeks)
    return channels, season, sales


def fit_decays(channels, season, sales, grid):
    best = {}
    for c in channels:
        scores = []
        for decay in grid:
            x = hill(adstock(c.spend, decay), c.half_sat)
            A = np.column_stack([season, x])
            coef, res, *_ = np.linalg.lstsq(A, sales, rcond=None)
            scores.append(float(np.sum((A @ coef - sales) ** 2)))
        best[c.name] = grid[int(np.argmin(scores))]
    return best


rng = np.random.default_rng(11)
channels, season, sales = make_data(rng, 12000)
grid = np.linspace(0.05, 0.95, 200)
best = fit_decays(channels, season, sales, grid)
X = np.column_stack([hill(adstock(c.spend, best[c.name]), c.half_sat) for c in channels])
A = np.column_stack([season, X])
coef = np.linalg.lstsq(A, sales, rcond=None)[0]
contrib = dict(zip([c.name for c in channels], (coef[1:] * X.sum(axis=0)).tolist()))
share = {k: v / sum(contrib.values()) for k, v in contrib.items()}
for k in CHANNELS:
    print(f"{k:>8}: decay {best[k]:.3f}  share {share[k]:.3f}")
print(f"result: {sum(contrib.values()) + sum(best.values()):.10e}")
