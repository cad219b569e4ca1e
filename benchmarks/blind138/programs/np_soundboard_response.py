# ruff: noqa
"""Static response of a violin top to string loads: a lumped spring model of the top plate (bass
bar and soundpost included as stiffer springs) is loaded through the bridge feet for every
string, tuning and bowing pressure in a playing session, and the session's peak deflection, bridge
rotation and compliance figures are printed."""
from dataclasses import dataclass, field

import numpy as np

N_NODES = 220
STRINGS = {"G": 196.0, "D": 293.7, "A": 440.0, "E": 659.3}


@dataclass
class TopPlate:
    stiffness: np.ndarray
    bridge_feet: tuple
    post_node: int
    history: list = field(default_factory=list)

    def deflect(self, load):
        compliance = np.linalg.inv(self.stiffness)
        u = compliance @ load
        self.history.append(float(u[self.post_node]))
        return u

    def bridge_rotation(self, u):
        bass, treble = self.bridge_feet
        return u[bass] - u[treble]


def build_top(rng):
    k = rng.uniform(0.8, 1.2, size=N_NODES)
    stiffness = np.diag(2.0 * k + 0.05)
    off = -0.9 * np.minimum(k[:-1], k[1:])
    stiffness += np.diag(off, 1) + np.diag(off, -1)
    coupling = rng.normal(0.0, 0.01, size=(N_NODES, N_NODES))
    stiffness += coupling @ coupling.T
    bar = np.arange(40, 180, 7)
    stiffness[bar, bar] += 0.6
    post = 131
    stiffness[post, post] += 3.0
    return TopPlate(stiffness, (88, 131), post)


def string_load(freq, pressure, feet, rng):
    load = np.zeros(N_NODES)
    tension = 0.002 * freq * pressure
    load[feet[0]] += tension * 0.55
    load[feet[1]] += tension * 0.45
    load += rng.normal(0.0, 1e-4, size=N_NODES)
    return load


def main():
    rng = np.random.default_rng(1698)
    top = build_top(rng)
    peak = 0.0
    rotation = 0.0
    for bar in range(100):
        for name, freq in STRINGS.items():
            pressure = rng.uniform(0.5, 1.5)
            u = top.deflect(string_load(freq, pressure, top.bridge_feet, rng))
            peak = max(peak, float(np.abs(u).max()))
            rotation += top.bridge_rotation(u)
    scales = np.array([0.98, 1.0, 1.02])
    sens = []
    for s in scales:
        sens.append(float((top.stiffness * s).trace()))
    print(f"loads: {len(top.history)}, peak deflection {peak:.4f}, mean rotation {rotation / len(top.history):.5f}")
    print(f"result: {peak + rotation + sum(top.history) + sum(sens) * 1e-3:.10e}")


if __name__ == "__main__":
    main()
