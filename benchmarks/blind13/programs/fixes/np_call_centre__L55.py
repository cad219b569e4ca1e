# ruff: noqa
"""Discrete-event simulation of a call centre over one month: Poisson arrivals whose rate
follows the hour of the day, exponential handling times and a fixed pool of agents; reports the
mean wait, the 95th percentile wait and the agents' utilisation."""

import numpy as np

AGENTS = 14
HORIZON = 30 * 24 * 60.0  # minutes
MEAN_HANDLE = 6.0
HOURLY_PROFILE = np.array(
    [
        0.2,
        0.1,
        0.1,
        0.1,
        0.2,
        0.4,
        0.8,
        1.4,
        2.0,
        2.3,
        2.4,
        2.2,
        2.0,
        2.1,
        2.2,
        2.1,
        1.9,
        1.6,
        1.2,
        0.9,
        0.7,
        0.5,
        0.4,
        0.3,
    ]
)

rng = np.random.default_rng(2024)
free_at = np.zeros(AGENTS)
waits = np.array([])
busy = 0.0
t = 0.0
while t < HORIZON:
    hour = int(t // 60.0) % 24
    t += rng.exponential(1.0 / HOURLY_PROFILE[hour])
    agent = int(np.argmin(free_at))
    start = max(t, free_at[agent])
    handle = rng.exponential(MEAN_HANDLE)
    free_at[agent] = start + handle
    busy += handle
    waits = np.append(waits, start - t)

summary = np.array([waits.mean(), *np.percentile(waits, [50, 95])])
print(
    f"{len(waits)} calls, mean wait {summary[0]:.2f} min, p95 {summary[2]:.2f} min, "
    f"utilisation {busy / (AGENTS * HORIZON):.3f}"
)
print(f"result: {float(summary.sum() + busy / 1e3):.10e}")
