"""Lamp wear log for the rig.

After each performance the board op's cue levels are turned into effective burn hours per lamp
(halogen life falls steeply with voltage, and every cold strike costs some life), appended to
the wear log, and the last fortnight of shows is used to predict which lamps need relamping
before the next show. Prints the total predicted relamps over the run plus the worn fraction."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

FAMILIES = ("HPL575", "HPL750", "FEL1000", "CP40")


@dataclass(frozen=True)
class LampFamily:
    name: str
    rated_hours: float
    strike_cost_h: float


def catalogue() -> list[LampFamily]:
    return [
        LampFamily(
            name,
            rated_hours={"HPL575": 2000.0, "HPL750": 1500.0, "FEL1000": 300.0}.get(name, 150.0),
            strike_cost_h=0.8 if name.startswith("HPL") else 0.3,
        )
        for name in FAMILIES
    ]


@dataclass
class ShowPlan:
    n_cues: int = 120
    show_hours: float = 2.6
    seed: int = 19

    def performances(self, n_lamps: int, n_shows: int) -> Iterable[np.ndarray]:
        rng = np.random.default_rng(self.seed)
        base = rng.uniform(0.0, 1.0, (self.n_cues, n_lamps)) ** 2
        for _ in range(n_shows):
            jitter = rng.normal(0.0, 0.03, base.shape)
            yield np.clip(base + jitter, 0.0, 1.0)


@dataclass
class WearLog:
    lamp_family: np.ndarray
    rated: np.ndarray
    strike: np.ndarray
    log: np.ndarray = field(init=False)

    def __post_init__(self):
        self.log = np.empty((0, self.lamp_family.size))

    def record(self, levels: np.ndarray, show_hours: float) -> np.ndarray:
        dwell = show_hours / levels.shape[0]
        # life consumed ~ (V/Vrated)^13, level is roughly V/Vrated on a square-law dimmer
        burn = (levels ** 6.5).sum(axis=0) * dwell
        strikes = ((levels[1:] > 0.05) & (levels[:-1] <= 0.05)).sum(axis=0)
        wear = (burn + strikes * self.strike) / self.rated
        self.log = np.vstack([self.log, wear])
        return wear

    @property
    def used(self) -> np.ndarray:
        return self.log.sum(axis=0)

    def recent_rate(self, shows: int = 14) -> np.ndarray:
        return self.log[-shows:].mean(axis=0)


def main() -> None:
    n_lamps, n_shows = 400, 1800
    fams = catalogue()
    rng = np.random.default_rng(4)
    which = rng.integers(0, len(fams), n_lamps)
    rated = np.array([f.rated_hours for f in fams])[which]
    strike = np.array([f.strike_cost_h for f in fams])[which]
    wl = WearLog(which, rated, strike)

    plan = ShowPlan()
    life_left = np.ones(n_lamps)
    relamps = 0
    for levels in plan.performances(n_lamps, n_shows):
        life_left -= wl.record(levels, plan.show_hours)
        due = life_left < 2.0 * wl.recent_rate()
        relamps += int(due.sum())
        life_left[due] = 1.0
    result = relamps + float(wl.used.mean())
    print(f"result: {result:.10e}")


if __name__ == "__main__":
    main()
