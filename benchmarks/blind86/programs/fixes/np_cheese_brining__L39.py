# ruff: noqa
"""Salt uptake and moisture loss of cheese wheels during brining and ripening.

Salt diffuses radially into each wheel; the rind sees a brine whose concentration follows a
schedule of days. The salt profile is advanced with an implicit (backward Euler) diffusion step
per time step, moisture is lost where salt has arrived, and a report of the final profiles is
printed at the end."""
import numpy as np

SCHEDULE_DAYS = [0.0, 2.0, 4.0, 10.0, 30.0]
SCHEDULE_BRINE = [0.22, 0.22, 0.18, 0.05, 0.0]


class WheelModel:
    def __init__(self, n_cells, radius_mm, diffusivity, dt):
        self.n = n_cells
        self.dx = radius_mm / n_cells
        self.diffusivity = diffusivity
        self.dt = dt
        self.salt = np.zeros(n_cells)
        self.moisture = np.full(n_cells, 0.42)

    def laplacian(self):
        n = self.n
        lap = np.zeros((n, n))
        idx = np.arange(n)
        lap[idx, idx] = -2.0
        lap[idx[:-1], idx[:-1] + 1] = 1.0
        lap[idx[1:], idx[1:] - 1] = 1.0
        lap[0, 0] = -1.0
        return lap / self.dx**2

    @property
    def step_operator(self):
        a = np.eye(self.n) - self.dt * self.diffusivity * self.laplacian()
        return np.linalg.inv(a)

    def advance(self, brine):
        rhs = self.salt
        rhs[-1] += self.dt * self.diffusivity * brine / self.dx**2
        self.salt = self.step_operator @ rhs
        self.moisture -= 2e-4 * self.dt * self.salt * self.moisture


def brine_at(day):
    return float(np.interp(day, SCHEDULE_DAYS, SCHEDULE_BRINE))


def ripen(model, days, steps_per_day):
    profiles = {}
    for day in range(days):
        brine = brine_at(day)
        for _ in range(steps_per_day):
            model.advance(brine)
        if day % 10 == 9:
            profiles[day + 1] = model.salt[::20].copy()
    return profiles


rng = np.random.default_rng(11)
wheel = WheelModel(n_cells=300, radius_mm=160.0, diffusivity=0.9, dt=0.25)
wheel.moisture += rng.normal(0.0, 0.004, size=wheel.n)
profiles = ripen(wheel, days=40, steps_per_day=20)
for day, prof in profiles.items():
    print(f"day {day:3d}: rind {prof[-1]:.4f}  core {prof[0]:.4f}")
loss = 0.42 - wheel.moisture.mean()
print(f"mean moisture loss {loss:.5f}")
print(f"result: {wheel.salt.sum() + wheel.moisture.sum() + sum(p.sum() for p in profiles.values()):.10e}")
