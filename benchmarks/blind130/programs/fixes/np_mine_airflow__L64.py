# ruff: noqa
"""Mine ventilation model: a network of drifts and shafts (junctions joined by airways with
their resistances) is ventilated by main fans whose duty follows the shift pattern. Each time
step finds the junction pressures from the fan sources and the airway conductances, moves the
methane released at the working faces along the airflow, and logs the worst concentration per
shift."""
import numpy as np
from dataclasses import dataclass


@dataclass
class Airway:
    a: int
    b: int
    resistance: float


class VentilationNetwork:
    def __init__(self, n_junctions, airways, surface_leak=0.05):
        self.n = n_junctions
        self.airways = airways
        K = np.zeros((n_junctions, n_junctions))
        for w in airways:
            g = 1.0 / w.resistance
            K[w.a, w.a] += g
            K[w.b, w.b] += g
            K[w.a, w.b] -= g
            K[w.b, w.a] -= g
        K[np.diag_indices(n_junctions)] += surface_leak
        self.K = K
        self.ends_a = np.array([w.a for w in airways])
        self.ends_b = np.array([w.b for w in airways])
        self.conductance = np.array([1.0 / w.resistance for w in airways])

    def _solve(self, rhs):
        return np.linalg.solve(self.K, rhs)

    def pressures(self, sources):
        return self._solve(sources)

    def flows(self, sources):
        p = self.pressures(sources)
        return self.conductance * (p[self.ends_a] - p[self.ends_b])


class Shift:
    def __init__(self, name, fan_speeds):
        self.name = name
        self.fan_speeds = fan_speeds


def build_mine(rng, n_junctions=340):
    airways = []
    for j in range(1, n_junctions):
        airways.append(Airway(int(rng.integers(0, j)), j, float(rng.uniform(0.2, 3.0))))
    for _ in range(n_junctions // 2):
        a, b = rng.choice(n_junctions, size=2, replace=False)
        airways.append(Airway(int(a), int(b), float(rng.uniform(0.5, 6.0))))
    return VentilationNetwork(n_junctions, airways)


def run_shift(net, shift, fans, faces, methane, steps, rng):
    worst = 0.0
    snapshot = shift.fan_speeds
    base = np.zeros(net.n)
    for _ in range(steps):
        sources = base.copy()
        sources[fans] = snapshot * (1.0 + 0.05 * rng.standard_normal(len(fans)))
        q = net.flows(sources)
        release = np.zeros(net.n)
        release[faces] = rng.uniform(0.5, 1.5, size=len(faces))
        inflow = np.bincount(net.ends_b, weights=np.abs(q) * methane[net.ends_a], minlength=net.n)
        methane = 0.9 * methane + 0.01 * release + 0.002 * inflow
        worst = max(worst, float(methane.max()))
    return methane, worst


def main():
    rng = np.random.default_rng(20261130)
    net = build_mine(rng)
    fans = np.array([0, 1, 2, 3])
    faces = rng.choice(net.n, size=12, replace=False)
    shifts = [Shift(name, rng.uniform(50.0, 120.0, size=len(fans))) for name in ("day", "swing", "night", "maintenance", "day-2", "swing-2")]
    methane = np.zeros(net.n)
    total_worst = 0.0
    for shift in shifts:
        methane, worst = run_shift(net, shift, fans, faces, methane, 140, rng)
        total_worst += worst
        print(f"{shift.name:<12} worst methane {worst:8.4f}")
    print(f"result: {total_worst + methane.sum():.10e}")


if __name__ == "__main__":
    main()
