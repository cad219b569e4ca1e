"""Constructed-wetland (reed-bed) filtration model for a small village works: hourly sewage
inflow with a diurnal pattern and storm events is routed through a train of reed-bed cells, each
a linear reservoir with first-order BOD removal; the model is run for several planting and
loading scenarios and reports the effluent compliance of each."""
from dataclasses import dataclass

import numpy as np
from scipy import signal

DIURNAL = np.array([0.55, 0.5, 0.45, 0.45, 0.5, 0.65, 0.95, 1.3, 1.45, 1.35, 1.2, 1.1,
                    1.05, 1.0, 0.95, 0.95, 1.0, 1.1, 1.25, 1.3, 1.2, 1.0, 0.8, 0.65])


@dataclass
class Cell:
    area_m2: float
    depth_m: float
    k_bod: float  # 1/day removal rate

    def residence_h(self, flow_m3h):
        return self.area_m2 * self.depth_m * 0.35 / flow_m3h

    @staticmethod
    def _route(inflow, a):
        out = np.empty_like(inflow)
        level = inflow[0]
        for i in range(len(inflow)):
            level = a * level + (1.0 - a) * inflow[i]
            out[i] = level
        return out

    def treat(self, flow, load, mean_flow):
        tau = self.residence_h(mean_flow)
        a = np.exp(-1.0 / tau)
        routed = self._route(flow, a)
        removal = np.exp(-self.k_bod * tau / 24.0 * (mean_flow / np.maximum(routed, 1e-3)) ** 0.3)
        conc = load / np.maximum(flow, 1e-3) * removal
        return routed, conc * routed


def inflow_series(rng, hours, base):
    profile = DIURNAL / DIURNAL.mean()
    flow = base * np.tile(profile, hours // 24 + 1)[:hours]
    storms = rng.random(hours) < 0.004
    flow += np.convolve(storms * rng.gamma(2.0, base, size=hours), np.exp(-np.arange(48) / 9.0))[:hours]
    flow *= rng.lognormal(0.0, 0.08, size=hours)
    load = flow * rng.normal(220.0, 25.0, size=hours)  # g BOD per hour
    return flow, load


def run_scenario(rng, cells, hours, base):
    flow, load = inflow_series(rng, hours, base)
    mean_flow = flow.mean()
    for cell in cells:
        flow, load = cell.treat(flow, load, mean_flow)
    effluent = load / np.maximum(flow, 1e-3)
    window = np.ones(24) / 24.0
    daily = np.convolve(effluent, window, mode="valid")[::24]
    trend = signal.savgol_filter(daily, 31, 2)
    return effluent, daily, trend


rng = np.random.default_rng(5)
scenarios = {
    "two-cell, summer": ([Cell(900, 0.6, 0.9), Cell(700, 0.6, 0.7)], 11.0),
    "two-cell, winter": ([Cell(900, 0.6, 0.45), Cell(700, 0.6, 0.35)], 11.0),
    "three-cell, growth": ([Cell(700, 0.6, 0.8), Cell(600, 0.5, 0.8), Cell(500, 0.5, 0.6)], 14.0),
    "three-cell, storm year": ([Cell(700, 0.6, 0.8), Cell(600, 0.5, 0.8), Cell(500, 0.5, 0.6)], 12.0),
}
checksum = 0.0
for name, (cells, base) in scenarios.items():
    effluent, daily, trend = run_scenario(rng, cells, 24 * 365 * 25, base)
    ok = np.mean(daily < 25.0)
    print(f"{name:>24}: mean {effluent.mean():6.2f} mg/l, p95 {np.percentile(effluent, 95):6.2f}, compliant days {ok:.1%}")
    checksum += effluent.sum() + daily.sum() + trend.sum()
print(f"result: {checksum:.10e}")
