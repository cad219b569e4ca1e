# ruff: noqa
"""Gray-Scott reaction-diffusion on a periodic float32 grid, with a radial feed profile that
is strongest at the centre, and a pattern report (mean concentrations and spot count)."""
from dataclasses import dataclass, field

import numpy as np

N = 384


def radial_profile(n, strength):
    r = np.hypot(*np.meshgrid(np.linspace(-1, 1, n), np.linspace(-1, 1, n)))
    return 1.0 + strength * np.exp(-4.0 * r * r)


@dataclass
class Params:
    du: float = 0.16
    dv: float = 0.08
    feed: float = 0.035
    kill: float = 0.062
    profile: np.ndarray = field(default_factory=lambda: radial_profile(N, 0.3).astype(np.float32))


class Simulator:
    def __init__(self, params, rng):
        self.p = params
        self.u = np.ones((N, N), dtype=np.float32)
        self.v = np.zeros((N, N), dtype=np.float32)
        c = slice(N // 2 - 20, N // 2 + 20)
        self.u[c, c] = 0.5
        self.v[c, c] = 0.25
        self.u += 0.02 * rng.standard_normal((N, N)).astype(np.float32)

    @staticmethod
    def laplacian(a):
        return (np.roll(a, 1, 0) + np.roll(a, -1, 0) + np.roll(a, 1, 1) + np.roll(a, -1, 1)
                - 4 * a)

    def step(self):
        u, v, p = self.u, self.v, self.p
        uvv = u * v * v
        feed = p.feed * p.profile
        self.u = u + p.du * self.laplacian(u) - uvv + feed * (1 - u)
        self.v = v + p.dv * self.laplacian(v) + uvv - (p.feed + p.kill) * v


rng = np.random.default_rng(3)
sim = Simulator(Params(), rng)
history = []
for it in range(1200):
    sim.step()
    if it % 50 == 0:
        history.append(np.float64(sim.v.mean()))
spots = int((sim.v > 0.2).sum())
print(f"dtype: {sim.u.dtype}, mean u {sim.u.mean():.5f}, mean v {sim.v.mean():.5f}, spots {spots}")
print(f"result: {float(sim.u.sum()) + float(sim.v.sum()) + sum(history):.6e}")
