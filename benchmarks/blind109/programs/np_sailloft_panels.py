# ruff: noqa
"""Sail-loft panel check: a mainsail is split into membrane panels, each a grid of nodes tied by
a stiffness matrix from the cloth's warp/weft moduli. For every wind load case (gust, luff,
reach...) the loft solves each panel's deflection, scores seam strain against the cloth's
limits and reports the panels that need a heavier cloth."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Cloth:
    warp: float
    weft: float
    bias: float


@dataclass
class Panel:
    pid: int
    nx: int
    ny: int
    cloth: Cloth

    def stiffness(self):
        n = self.nx * self.ny
        k = np.zeros((n, n))
        idx = np.arange(n).reshape(self.ny, self.nx)
        for a, b, mod in (
            (idx[:, :-1], idx[:, 1:], self.cloth.warp),
            (idx[:-1, :], idx[1:, :], self.cloth.weft),
            (idx[:-1, :-1], idx[1:, 1:], self.cloth.bias),
        ):
            a, b = a.ravel(), b.ravel()
            k[a, a] += mod
            k[b, b] += mod
            k[a, b] -= mod
            k[b, a] -= mod
        return k + 0.05 * np.eye(n)


def _membrane_solve(panel, rhs):
    compliance = np.linalg.inv(panel.stiffness())
    return compliance @ rhs


def deflect(panel, pressure, weights):
    rhs = pressure.ravel() * weights[panel.pid % len(weights)]
    return _membrane_solve(panel, rhs).reshape(panel.ny, panel.nx)


def seam_strain(u):
    return np.abs(np.diff(u, axis=0)).max() + np.abs(np.diff(u, axis=1)).max()


def load_cases(n, shape, rng):
    for k in range(n):
        base = rng.uniform(0.5, 1.5)
        yield f"case-{k:03d}", base * (1.0 + 0.3 * rng.standard_normal(shape))


def main():
    rng = np.random.default_rng(42)
    cloths = [Cloth(9.0, 6.0, 2.0), Cloth(12.0, 8.0, 3.0), Cloth(7.0, 7.0, 1.5)]
    panels = [Panel(i, 10, 9, cloths[i % 3]) for i in range(6)]
    base_weights = np.array([1.0, 0.9, 1.1, 0.95, 1.05])
    worst = np.zeros(len(panels))
    total = 0.0
    for name, pressure in load_cases(240, (9, 10), rng):
        weights = base_weights.copy()
        for p in panels:
            u = deflect(p, pressure, weights)
            s = seam_strain(u)
            worst[p.pid] = max(worst[p.pid], s)
            total += float(u.sum())
    heavy = [p.pid for p in panels if worst[p.pid] > np.median(worst)]
    print(f"panels for heavier cloth: {heavy}")
    print(f"result: {total + worst.sum():.10e}")


if __name__ == "__main__":
    main()
