# ruff: noqa
"""Monthly crew rostering for one fleet: pairings (multi-day trips) are assigned greedily, in
order of report time, to the legal crew member (enough rest, under the monthly block-hour cap,
right base) who keeps the roster fairest; reports block-hour spread per base."""
from dataclasses import dataclass, field

import numpy as np

BASES = ("LHR", "MAN", "EDI")
MONTH_CAP_MIN = 100 * 60
MIN_REST_MIN = 12 * 60


@dataclass
class Pairing:
    pid: int
    base: int
    report: int      # minutes from month start
    release: int
    block: int       # block minutes


@dataclass
class Roster:
    base_of: np.ndarray
    block_minutes: np.ndarray = field(init=False)
    free_from: np.ndarray = field(init=False)
    assigned: int = 0

    def __post_init__(self):
        n = self.base_of.shape[0]
        self.block_minutes = np.zeros(n, dtype=np.int64)
        self.free_from = np.zeros(n, dtype=np.int64)

    @property
    def mean_block(self):
        return sum(self.block_minutes) / len(self.block_minutes)

    def legal(self, p):
        return (
            (self.base_of == p.base)
            & (self.free_from + MIN_REST_MIN <= p.report)
            & (self.block_minutes + p.block <= MONTH_CAP_MIN)
        )

    def assign(self, p, who):
        self.block_minutes[who] += p.block
        self.free_from[who] = p.release
        self.assigned += 1


def make_pairings(rng, n):
    report = np.sort(rng.integers(0, 29 * 24 * 60, size=n))
    days = rng.integers(1, 4, size=n)
    block = rng.integers(180, 420, size=n) * days
    release = report + days * 24 * 60 - rng.integers(300, 600, size=n)
    base = rng.choice(len(BASES), size=n, p=[0.5, 0.3, 0.2])
    return [Pairing(i, int(base[i]), int(report[i]), int(release[i]), int(block[i]))
            for i in range(n)]


def choose(roster, p, seniority):
    ok = roster.legal(p)
    if not ok.any():
        return -1
    gap = np.abs(roster.block_minutes + p.block - roster.mean_block)
    cost = np.where(ok, gap + 0.5 * seniority, np.inf)
    return int(np.argmin(cost))


rng = np.random.default_rng(2024)
n_crew = 1800
roster = Roster(rng.choice(len(BASES), size=n_crew, p=[0.5, 0.3, 0.2]))
seniority = rng.uniform(0, 30, size=n_crew)
pairings = make_pairings(rng, 14000)
uncovered = 0
for p in pairings:
    who = choose(roster, p, seniority)
    if who < 0:
        uncovered += 1
        continue
    roster.assign(p, who)

spread = 0.0
for b, code in enumerate(BASES):
    hours = roster.block_minutes[roster.base_of == b] / 60.0
    spread += hours.max() - hours.min()
    print(f"{code}: {hours.size} crew, block hours {hours.mean():.1f} (min {hours.min():.1f}, max {hours.max():.1f})")
print(f"assigned {roster.assigned}, uncovered {uncovered}")
print(f"result: {spread + uncovered + roster.block_minutes.sum() / 60.0:.10e}")
