# ruff: noqa
"""Canal lock scheduling: water levels in a flight of pounds between locks are simulated minute
by minute from inflow, lockage withdrawals and leakage; a scheduler picks, for each day, the
lockage slots that keep every pound inside its navigable band, over a season of days."""
import itertools

import numpy as np

STEPS = 17280  # 5-second steps


class Pound:
    def __init__(self, name, area, leak, band):
        self.name = name
        self.area = area
        self.leak = leak
        self.band = band

    @staticmethod
    def levels(start, retain, net_flow):
        out = np.empty_like(net_flow)
        level = start
        for i in range(net_flow.shape[0]):
            level = retain * level + net_flow[i]
            out[i] = level
        return out


def lockage_plan(rng, n_slots):
    slots = np.zeros(STEPS)
    starts = rng.choice(np.arange(0, STEPS - 240, 240), size=n_slots, replace=False)
    slots[(starts[:, None] + np.arange(144)).ravel()] = 1.0
    return slots


def simulate_day(pounds, rng, inflow):
    plan = lockage_plan(rng, 30)
    spans = []
    for p in pounds:
        net = (inflow - 0.9 * plan) / p.area / 12.0
        lv = Pound.levels(p.band[0] + 0.3, 1.0 - p.leak, net)
        spans.append((lv.min(), lv.max()))
    return plan, spans


rng = np.random.default_rng(21)
pounds = [Pound(f"pound-{k}", area, leak, (2.0, 2.9))
          for k, area, leak in zip(itertools.count(1), [40.0, 55.0, 35.0, 60.0, 45.0, 50.0, 30.0, 65.0],
                                         [1e-4, 2e-4, 5e-5, 1.5e-4, 1e-4, 8e-5, 2e-4, 1.2e-4])]
ok_days = 0
margin = 0.0
for day in range(150):
    inflow = 0.25 + 0.05 * np.sin(np.linspace(0, 2 * np.pi, STEPS) + day / 7.0)
    plan, spans = simulate_day(pounds, rng, inflow)
    inside = all(lo >= p.band[0] - 1.0 and hi <= p.band[1] + 5.0 for (lo, hi), p in zip(spans, pounds))
    ok_days += inside
    margin += sum(hi - lo for lo, hi in spans)
print(f"days inside band: {ok_days} / 150")
print(f"result: {margin + ok_days:.10e}")
