"""Risk report for a set of simulated fund equity curves: maximum drawdown, the longest time
under water and the Calmar ratio of every fund, then the fund-level summary."""
import math

import numpy as np


def running_peak(values):
    peak = -math.inf
    for v in values:
        if v > peak:
            peak = v
        yield peak


class RiskReport:
    def __init__(self, days_per_year=252):
        self.days_per_year = days_per_year

    def drawdown(self, equity):
        peaks = np.maximum.accumulate(equity)
        return 1.0 - equity / peaks

    def under_water(self, dd):
        wet = np.concatenate([[0], (dd > 0).astype(np.int8), [0]])
        edges = np.flatnonzero(np.diff(wet))
        spells = edges[1::2] - edges[::2]
        return int(spells.max()) if len(spells) else 0

    def summary(self, equity):
        dd = self.drawdown(equity)
        years = len(equity) / self.days_per_year
        cagr = equity[-1] ** (1.0 / years) - 1.0
        mdd = float(dd.max())
        return {"cagr": cagr, "mdd": mdd, "calmar": cagr / mdd, "under_water": self.under_water(dd)}


def simulate_funds(n_funds, n_days, rng):
    for _ in range(n_funds):
        drift = rng.uniform(0.0001, 0.0006)
        vol = rng.uniform(0.006, 0.02)
        rets = drift + vol * rng.standard_normal(n_days)
        yield np.cumprod(1.0 + rets)


rng = np.random.default_rng(42)
names = [f"fund-{i:02d}-{'growth value macro quant'.split()[i % 4]}" for i in range(24)]
curves = simulate_funds(len(names), 1_200_000, rng)
report = RiskReport()
rows = [report.summary(c) for c in curves]
width = max(len(n) for n in names)
for n, r in list(zip(names, rows))[:4]:
    print(f"{n:>{width}}  cagr {r['cagr']:+.4f}  mdd {r['mdd']:.3f}  calmar {r['calmar']:.2f}")
total = sum(r["mdd"] + r["calmar"] + r["under_water"] for r in rows)
print(f"result: {total:.10e}")
