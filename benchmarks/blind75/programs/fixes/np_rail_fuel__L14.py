# ruff: noqa
"""Freight rail run simulation: each train's speed profile over a route with grades, tractive
and braking effort, fuel burn per second, and the running fuel and distance totals used to find
where each train crosses the refuelling points; a fleet fuel report at the end."""
import numpy as np

SEGMENTS = [(0.0, 18e3, 0.002), (18e3, 31e3, 0.008), (31e3, 52e3, -0.004),
            (52e3, 70e3, 0.006), (70e3, 95e3, 0.0), (95e3, 120e3, -0.006)]
REFUEL_POINTS = np.array([30e3, 60e3, 90e3])


def grade_profile(positions):
    starts = np.array([s[0] for s in SEGMENTS])
    stops = np.array([s[1] for s in SEGMENTS])
    gs = np.array([s[2] for s in SEGMENTS])
    k = np.clip(np.searchsorted(starts, positions, side='right') - 1, 0, len(SEGMENTS) - 1)
    inside = (positions >= starts[k]) & (positions < stops[k])
    return np.where(inside, gs[k], 0.0)


def running_total(x):
    out = np.empty_like(x)
    acc = 0.0
    i = 0
    while i < len(x):
        acc = acc + x[i]
        out[i] = acc
        i += 1
    return out


class Train:
    def __init__(self, mass_t, power_kw, rng):
        self.mass = mass_t * 1e3
        self.power = power_kw * 1e3
        self.noise = rng.normal(1.0, 0.05, size=3)

    def speed_profile(self, n_sec, route_grade):
        t = np.arange(n_sec, dtype=float)
        v_max = 22.0 * self.noise[0]
        v = v_max * (1 - np.exp(-t / (self.mass / self.power * 40.0)))
        v *= 1.0 - 8.0 * np.interp(t * 3.0, np.arange(len(route_grade)) * 100.0, route_grade)
        return np.clip(v, 0.5, None)

    def fuel_rate(self, v):
        return 0.02 * self.noise[1] + 2.1e-7 * self.power * (v / 22.0) ** 2 * self.noise[2]


rng = np.random.default_rng(21)
route = grade_profile(np.arange(0.0, 120e3, 100.0))
report = []
for k in range(260):
    train = Train(rng.uniform(3000, 9000), rng.uniform(3000, 6500), rng)
    v = train.speed_profile(36000, route)
    distance = running_total(v)
    fuel = running_total(train.fuel_rate(v))
    crossings = np.searchsorted(distance, REFUEL_POINTS)
    crossings = np.minimum(crossings, len(fuel) - 1)
    report.append(np.concatenate([fuel[crossings], [distance[-1], fuel[-1]]]))
report = np.array(report)
print(f"mean fuel at refuel points: {report[:, :3].mean(axis=0).round(1)}")
print("result:", f"{report.sum():.10e}")
