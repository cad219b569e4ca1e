# ruff: noqa
"""Cost model for container voyages between ports.

Every voyage loads a batch of containers described by twelve features (weight, reefer power,
hazard class, dwell days...). A linear cost model prices each container, the voyage's cargo is
split by destination port, and a per-port summary of revenue and cost is printed at the end."""
from dataclasses import dataclass, field

import numpy as np

PORTS = ["Rotterdam", "Singapore", "Shanghai", "Santos", "Durban"]


@dataclass
class CostModel:
    weights: np.ndarray
    handling: float = 35.0

    @staticmethod
    def _line_cost(features, weights, handling):
        return features @ weights + handling

    def price(self, containers):
        return self._line_cost(containers, self.weights, self.handling)


@dataclass
class PortLedger:
    revenue: np.ndarray = field(default_factory=lambda: np.zeros(0))
    cost: np.ndarray = field(default_factory=lambda: np.zeros(0))


def make_voyage(rng, n_containers, n_features):
    feats = rng.gamma(2.0, 1.0, size=(n_containers, n_features))
    dest = rng.integers(0, len(PORTS), size=n_containers)
    tariff = rng.uniform(900.0, 1600.0, size=n_containers)
    return feats, dest, tariff


def run_season(model, n_voyages, rng):
    sums = np.zeros((2, len(PORTS)))
    for _ in range(n_voyages):
        feats, dest, tariff = make_voyage(rng, 420, 12)
        costs = model.price(feats)
        sums[0] += np.bincount(dest, weights=tariff, minlength=len(PORTS))
        sums[1] += np.bincount(dest, weights=costs, minlength=len(PORTS))
    return {port: sums[:, k] for k, port in enumerate(PORTS)}


rng = np.random.default_rng(5)
model = CostModel(weights=rng.uniform(5.0, 60.0, size=12))
totals = run_season(model, 3500, rng)
ledger = PortLedger()
for port in PORTS:
    ledger.revenue = np.append(ledger.revenue, totals[port][0])
    ledger.cost = np.append(ledger.cost, totals[port][1])
margin = ledger.revenue - ledger.cost
for port, m in zip(PORTS, margin):
    print(f"{port:>10}: margin {m:,.0f}")
print(f"result: {margin.sum() + ledger.cost.sum():.10e}")
