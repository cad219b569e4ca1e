# ruff: noqa
"""Wafer-map yield analysis for a fab line: die-level parametric measurements are simulated for
every wafer of every lot, each die is scored against the spec window, edge losses and the worst
die per wafer are recorded, and a yield summary per lot is printed."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Spec:
    lo: float = -1.8
    hi: float = 1.8
    weights: tuple = (0.5, 0.3, 0.2)


@dataclass
class WaferResult:
    wafer: int
    good: int
    worst: float
    edge_loss: float


class WaferInspector:
    def __init__(self, n_die, spec, rng):
        self.n_die = n_die
        self.spec = spec
        self.rng = rng
        yy, xx = np.mgrid[0:n_die, 0:n_die]
        self.radius = np.hypot(xx - n_die / 2, yy - n_die / 2) / (n_die / 2)
        self.edge = self.radius > 0.85
        self.band_gain = np.array([1.02, 0.97, 1.01])

    def measure(self, drift):
        raw = self.rng.standard_normal((3, self.n_die, self.n_die))
        return raw * self.band_gain[:, None, None] + drift * self.radius

    def score(self, params):
        w = np.asarray(self.spec.weights)
        norm = self.band_gain.sum() / 3.0
        return np.tensordot(w, params, axes=1) / (w.sum() * norm)

    @staticmethod
    def worst_die(score):
        return float(max(np.abs(score).ravel()))

    def inspect(self, wafer, drift):
        s = self.score(self.measure(drift))
        ok = (s > self.spec.lo) & (s < self.spec.hi)
        edge_loss = float((~ok & self.edge).sum() / self.edge.sum())
        return WaferResult(wafer, int(ok.sum()), self.worst_die(s), edge_loss)


def run_lots(n_lots, wafers_per_lot, inspector, rng):
    report = {}
    for lot in range(n_lots):
        drift = rng.uniform(0.0, 1.5)
        results = [inspector.inspect(w, drift) for w in range(wafers_per_lot)]
        report[lot] = results
    return report


rng = np.random.default_rng(11)
inspector = WaferInspector(96, Spec(), rng)
report = run_lots(60, 50, inspector, rng)
total_good = 0
total_worst = 0.0
for lot, results in report.items():
    good = np.array([r.good for r in results])
    total_good += int(good.sum())
    total_worst += sum(r.worst for r in results)
    if lot % 15 == 0:
        print(f"lot {lot:02d}: yield {good.mean() / 96**2:.3f}, edge loss {np.mean([r.edge_loss for r in results]):.3f}")
print(f"result: {total_good + total_worst:.10e}")
