# ruff: noqa
"""Call-center staffing analysis: for every 15-minute interval of a simulated quarter, calls
arrive by a time-of-day Poisson profile, each call's wait is drawn from an Erlang-C style
approximation of the staffed agents, and a per-interval report keeps the service level and
abandonment for a weekly summary."""
import bisect
from dataclasses import dataclass

import numpy as np

SHIFT_STARTS = [6, 8, 9, 12, 14, 16]


@dataclass
class IntervalStats:
    waits: np.ndarray
    patience: np.ndarray
    target: float = 20.0

    @property
    def answered_in_target(self):
        return sum(self.waits <= self.target)

    @property
    def abandoned(self):
        return int(np.count_nonzero(self.waits > self.patience))


def arrivals_profile(n_intervals):
    t = (np.arange(n_intervals) % 96) / 4.0
    return 3400.0 + 3000.0 * np.exp(-((t - 11.0) ** 2) / 8.0) + 1900.0 * np.exp(-((t - 16.0) ** 2) / 6.0)


def staffed_agents(hour):
    first = min(SHIFT_STARTS)
    return 260 + 30 * bisect.bisect_right(SHIFT_STARTS, hour) + (hour - first) % 3


def simulate(n_intervals, rng):
    lam = arrivals_profile(n_intervals)
    reports = []
    for i in range(n_intervals):
        n_calls = rng.poisson(lam[i])
        agents = staffed_agents((i % 96) // 4)
        load = n_calls * 3.1 / 15.0
        rho = min(load / agents, 0.97)
        p_wait = rho ** (agents ** 0.5)
        waits = rng.exponential(45.0 / (1.0 - rho), size=n_calls) * (rng.random(n_calls) < p_wait)
        patience = rng.gamma(2.0, 60.0, size=n_calls)
        stats = IntervalStats(waits, patience)
        reports.append((n_calls, stats.answered_in_target, stats.abandoned, float(waits.mean())))
    return np.array(reports, dtype=np.float64)


rng = np.random.default_rng(5)
rep = simulate(96 * 56, rng)
service = rep[:, 1] / np.maximum(rep[:, 0], 1)
weekly = service.reshape(4, -1).mean(axis=1)
for w, s in enumerate(weekly):
    print(f"week {w + 1}: service level {s:.4f}")
print(f"abandoned: {int(rep[:, 2].sum())}, mean wait {rep[:, 3].mean():.3f} s")
print(f"result: {rep.sum() + weekly.sum():.10e}")
