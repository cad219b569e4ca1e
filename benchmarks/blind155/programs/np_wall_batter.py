# ruff: noqa
"""Stability check for a retaining dry-stone wall: the wall is split into sections, each a stack of
courses with a batter (the face leans back into the bank). For many sampled soil conditions the
check computes the earth pressure on every section, the restoring and overturning moments of its
stones, and counts the sections whose safety margin drops below one."""
import numpy as np


class Section:
    def __init__(self, rng, n_stones, batter):
        self.batter = batter
        self.mass = rng.uniform(8.0, 40.0, size=n_stones)
        self.lever = rng.uniform(0.05, 0.45, size=n_stones) + batter * np.linspace(0.0, 1.0, n_stones)
        self.course_heights = np.sort(rng.uniform(0.1, 0.25, size=6))[::-1].copy()
        self.moments = self.mass * self.lever * 9.81

    @property
    def restoring(self):
        return sum(self.moments)

    def overturning(self, gamma, phi, height):
        ka = (1.0 - np.sin(phi)) / (1.0 + np.sin(phi))
        return 0.5 * ka * gamma * height**2 * (height / 3.0)


class WallCheck:
    def __init__(self, rng, n_sections):
        self.sections = [Section(rng, 400, 0.02 + 0.01 * (i % 4)) for i in range(n_sections)]

    def margins(self, gamma, phi, height):
        return np.array([s.restoring / s.overturning(gamma, phi, height) for s in self.sections])


def sample_soils(rng, n):
    gamma = rng.normal(18_000.0, 1_500.0, size=n)
    phi = np.deg2rad(rng.uniform(24.0, 38.0, size=n))
    height = rng.uniform(1.2, 2.2, size=n)
    return gamma, phi, height


rng = np.random.default_rng(11)
wall = WallCheck(rng, 30)
gamma, phi, height = sample_soils(rng, 1800)
fails = 0
worst = np.inf
total = 0.0
for g, p, h in zip(gamma, phi, height):
    m = wall.margins(g, p, h)
    fails += int((m < 1.0).sum())
    worst = min(worst, float(m.min()))
    total += float(np.log(m).sum())
tallest = [max(s.course_heights) for s in wall.sections]
print(f"failing section-cases: {fails}, worst margin {worst:.3f}, tallest course {max(tallest):.3f}")
print(f"result: {total + worst + sum(tallest):.10e}")
