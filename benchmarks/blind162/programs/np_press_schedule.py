# ruff: noqa
"""Press scheduling for the shop: four presses (two platens, a Vandercook and the big cylinder)
and a season of jobs. Run time on each press is estimated from the shop's own log of past jobs
with a ridge fit per press; jobs are then put greedily on whichever press finishes them first.
Prints the makespan of the season in hours."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np

FEATURES = ("sheets", "colours", "area", "gsm", "lockup", "rules", "photopolymer", "rush")


@dataclass
class PressModel:
    name: str
    log_x: np.ndarray  # past jobs, one row each (standardised features + squares)
    log_minutes: np.ndarray
    ridge: float = 0.5

    @property
    def coef(self):
        x = self.log_x
        return np.linalg.solve(x.T @ x + self.ridge * np.eye(x.shape[1]), x.T @ self.log_minutes)

    def minutes(self, job_x):
        return max(5.0, float(job_x @ self.coef))


def expand(raw):
    """The shop's features: the raw ones, their squares and pairwise products of the first few."""
    pairs = [raw[..., i] * raw[..., j] for i in range(6) for j in range(i + 1, 6)]
    return np.concatenate([raw, raw**2, np.stack(pairs, axis=-1), np.ones(raw.shape[:-1] + (1,))], axis=-1)


def press_logs(rng, n_jobs=2000):
    speeds = {"platen A": 1.0, "platen B": 1.1, "Vandercook": 1.6, "cylinder": 0.7}
    true_w = rng.normal(0.0, 1.0, expand(np.zeros((1, len(FEATURES)))).shape[1])
    models = []
    for name, slow in speeds.items():
        raw = rng.normal(0.0, 1.0, (n_jobs, len(FEATURES)))
        x = expand(raw)
        minutes = 60.0 * slow + 8.0 * slow * (x @ true_w) + rng.normal(0.0, 5.0, n_jobs)
        models.append(PressModel(name, x, minutes))
    return models


@dataclass(order=True)
class Slot:
    free_at: float
    press: PressModel = field(compare=False)
    jobs: list = field(default_factory=list, compare=False)


def schedule(models, season_x):
    slots = [Slot(0.0, m) for m in models]
    for job_x in season_x:
        finish = [s.free_at + s.press.minutes(job_x) for s in slots]
        best = int(np.argmin(finish))
        slots[best].free_at = finish[best]
        slots[best].jobs.append(job_x)
    return slots


def overrun_hours(slots, trials=12000, seed=5):
    """Jobs never run to the estimate: redo the season with log-normal run times per job."""
    rng = np.random.default_rng(seed)
    planned = (np.maximum(5.0, np.stack(s.jobs) @ s.press.coef) for s in slots)
    totals = np.stack([rng.lognormal(0.0, 0.2, (trials, len(p))) @ p for p in planned])
    return np.percentile(totals.max(axis=0), 90) / 60.0


def main():
    rng = np.random.default_rng(11)
    models = press_logs(rng)
    raw = rng.normal(0.0, 1.0, (3000, len(FEATURES)))
    season = expand(raw)
    plan = season.copy()  # the planner gets its own copy of the season
    slots = schedule(models, plan)
    by_press = sorted(slots, key=lambda s: -s.free_at)
    for s in by_press:
        print(f"{s.press.name:11s} {len(s.jobs):4d} jobs  {s.free_at / 60:7.1f} h")
    makespan = max(s.free_at for s in slots) / 60.0
    p90 = overrun_hours(slots)
    print(f"planned {makespan:.1f} h, 90th percentile with overruns {p90:.1f} h")
    print(f"result: {makespan + p90:.10e}")


if __name__ == "__main__":
    main()
