# ruff: noqa
"""Risk report for a book of simulated strategies: geometric random-walk equity curves, the
running peak and drawdown of each, its worst drawdown and the longest time under water, and a
ranking of the strategies."""
import itertools

import numpy as np


def simulate_curves(n_strats, n_steps, rng):
    mu = rng.uniform(-5e-5, 5e-5, size=n_strats)
    sigma = rng.uniform(0.005, 0.02, size=n_strats)
    steps = mu[:, None] + sigma[:, None] * rng.standard_normal((n_strats, n_steps))
    return np.exp(np.cumsum(steps, axis=1))


def drawdowns(curve):
    peak = curve[0]
    for value in curve:
        if value > peak:
            peak = value
        yield 1.0 - value / peak


def time_under_water(dd):
    under = dd > 1e-12
    best = run = 0
    for flag, group in itertools.groupby(under):
        run = sum(1 for _ in group)
        if flag and run > best:
            best = run
    return best


def report(curves, names):
    rows = []
    for name, curve in zip(names, curves):
        dd = np.fromiter(drawdowns(curve), dtype=np.float64, count=len(curve))
        rows.append((name, dd.max(), time_under_water(dd[::500]), curve[-1]))
    return rows


rng = np.random.default_rng(3)
curves = simulate_curves(80, 200000, rng)
names = [f"strat-{i:02d}" for i in range(len(curves))]
rows = report(curves, names)
rows.sort(key=lambda r: r[1])
for name, mdd, tuw, final in rows[:5]:
    print(f"{name}: max dd {mdd:.4f}, under water {tuw * 500} steps, final {final:.3f}")
total = sum(r[1] for r in rows) + sum(r[2] for r in rows) + sum(np.log(r[3]) for r in rows)
print(f"result: {total:.10e}")
