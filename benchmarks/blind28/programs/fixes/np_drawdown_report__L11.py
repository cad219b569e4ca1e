# ruff: noqa
"""Risk report for a book of simulated fund NAV series: for every fund, the running peak, the
drawdown path, the worst drawdown and the time under water, plus a per-strategy summary table."""
import numpy as np

STRATEGIES = ["macro", "equity l/s", "credit", "vol arb", "cta", "merger arb", "stat arb", "em debt"]


def running_peak(series):
    peak = -np.inf
    for value in series:
        peak = max(peak, value)
        yield peak


def fund_risk(nav):
    peaks = np.maximum.accumulate(nav)
    dd = 1.0 - nav / peaks
    under = dd > 1e-12
    return dd.max(), under.mean(), dd.mean()


def simulate_navs(rng, n_funds, n_days):
    mu = rng.normal(3e-4, 2e-4, (n_funds, 1))
    sig = rng.uniform(0.004, 0.02, (n_funds, 1))
    r = mu + sig * rng.standard_t(5, (n_funds, n_days)) / np.sqrt(5 / 3)
    return 100.0 * np.exp(np.cumsum(r, axis=1))


rng = np.random.default_rng(5)
navs = simulate_navs(rng, 2200, 2520)
strategy = rng.integers(0, len(STRATEGIES), len(navs))
risk = np.array([fund_risk(nav) for nav in navs])
labels = np.vectorize(str.upper)(np.array(STRATEGIES))
for s, label in enumerate(labels):
    rows = risk[strategy == s]
    if len(rows):
        print(f"{label:>11}: {len(rows):3d} funds, worst dd {rows[:, 0].max():.4f}, "
              f"under water {rows[:, 1].mean():.3f}")
print(f"result: {risk.sum():.10e}")
