# ruff: noqa
"""Discrete-event simulation of a call centre with three agent pools: calls arrive at random,
wait for the first free agent of their pool, and a recorder callback collects each call's
waiting time for the service-level report. Prints the service level and a checksum."""

import numpy as np


def make_recorder():
    """Callback that records every answered call's waiting time."""
    store = {"waits": np.empty(0)}

    def record(pool, wait):
        store["waits"] = np.append(store["waits"], wait)

    return record, store


def run_centre(arrivals, pools, durations, agents_per_pool, on_answer):
    free_at = [np.zeros(agents_per_pool) for _ in range(3)]
    for t, pool, dur in zip(arrivals, pools, durations):
        agents = free_at[pool]
        k = int(np.argmin(agents))
        start = max(t, agents[k])
        agents[k] = start + dur
        on_answer(pool, start - t)
    return free_at


rng = np.random.default_rng(99)
n_calls = 100_000
arrivals = np.cumsum(rng.exponential(0.5, n_calls))
pools = rng.choice(3, size=n_calls, p=[0.5, 0.3, 0.2])
durations = rng.gamma(2.0, 1.2, n_calls)
record, store = make_recorder()
free_at = run_centre(arrivals.tolist(), pools.tolist(), durations.tolist(), 3, record)

waits = np.asarray(store["waits"])
level = float((waits < 0.5).mean())
summary = np.empty(0)
for agents in free_at:
    summary = np.append(summary, agents.max())
print(f"service level {level:.4f}, mean wait {waits.mean():.4f}")
print(f"result: {level + float(waits.sum()) + float(np.sum(summary)) * 1e-3:.10e}")
