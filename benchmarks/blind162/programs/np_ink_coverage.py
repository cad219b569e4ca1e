# ruff: noqa
"""Ink coverage for the shop's letterpress formes: sets each forme as a raster of type lines and
rules, runs it through the roller-spread model, and estimates the grams of ink per colour for the
week's jobs. Prints the total ink in grams."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np

CELL_MM = 0.5  # one raster cell is half a millimetre square


@dataclass(frozen=True)
class Ink:
    name: str
    film_um: float  # film thickness laid by the rollers
    density: float  # g/cm^3


INKS = (
    Ink("black", 1.8, 1.05),
    Ink("vermilion", 2.3, 1.12),
    Ink("ultramarine", 2.0, 1.09),
)


@dataclass
class Job:
    name: str
    copies: int
    colours: tuple
    width_mm: float = 80.0
    height_mm: float = 60.0
    leading: int = 9  # cells from one type line to the next
    rng: np.random.Generator = field(default=None, repr=False)

    @property
    def shape(self):
        return int(self.height_mm / CELL_MM), int(self.width_mm / CELL_MM)


def set_forme(job):
    """Lay out type lines of random length with a rule now and then."""
    h, w = job.shape
    raster = np.zeros((h, w))
    tops = np.arange(2, h - 6, job.leading)
    ends = job.rng.integers(w // 3, w - 2, size=len(tops))
    cols = np.arange(w)
    body = (cols[None, :] < ends[:, None]) & (cols[None, :] > 3)
    face = 0.35 + 0.5 * job.rng.random((len(tops), w))
    for k in range(5):
        raster[tops + k] = body * face
    if job.rng.random() < 0.4:
        raster[h - 4] = 1.0
    return raster


def roller_spread(raster, passes=2):
    """Ink spreads a little across the form rollers: box blur along the rows."""
    out = raster
    for _ in range(passes):
        padded = np.pad(out, ((0, 0), (1, 1)), mode="edge")
        out = (padded[:, :-2] + padded[:, 1:-1] + padded[:, 2:]) / 3.0
    return out


def coverage(raster):
    return sum(raster.ravel()) / raster.size


def grams_for(job, cov, ink):
    area_cm2 = job.width_mm * job.height_mm / 100.0
    return cov * area_cm2 * ink.film_um * 1e-4 * ink.density * job.copies


def week_of_jobs(n, seed=7):
    rng = np.random.default_rng(seed)
    names = ("ticket", "card", "invite", "broadside", "label")
    jobs = []
    for i in range(n):
        colours = tuple(INKS[j] for j in range(3) if rng.random() < (0.9, 0.4, 0.3)[j]) or INKS[:1]
        jobs.append(
            Job(
                name=f"{names[i % 5]}-{i}",
                copies=int(rng.integers(50, 600)),
                colours=colours,
                width_mm=float(rng.choice([60.0, 80.0, 100.0])),
                height_mm=float(rng.choice([50.0, 60.0, 70.0])),
                leading=int(rng.integers(7, 12)),
                rng=rng,
            )
        )
    return jobs


def main():
    jobs = week_of_jobs(900)
    totals = {ink.name: 0.0 for ink in INKS}
    spread = partial(roller_spread, passes=3)
    for job in jobs:
        for ink in job.colours:
            cov = coverage(spread(set_forme(job)))
            totals[ink.name] += grams_for(job, cov, ink)
    per_ink = np.array([totals[ink.name] for ink in INKS])
    for ink in INKS:
        share = totals[ink.name] / per_ink.sum()
        print(f"{ink.name:12s} {totals[ink.name]:9.2f} g  ({share:.1%})")
    print(f"result: {per_ink.sum():.10e}")


if __name__ == "__main__":
    main()
