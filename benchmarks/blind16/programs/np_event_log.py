"""Simulates a queue of arriving jobs with random service times, records the waiting time of
every served job, and prints the mean and 99th percentile of the waits."""
import numpy as np

N_JOBS = 110000

rng = np.random.default_rng(5)
arrivals = np.cumsum(rng.exponential(1.0, N_JOBS))
service = rng.exponential(0.9, N_JOBS)
waits = np.array([])
free_at = 0.0
i = 0
while i < N_JOBS:
    start = max(arrivals[i], free_at)
    waits = np.append(waits, start - arrivals[i])
    free_at = start + service[i]
    i += 1
parts = [waits[:10], waits[10:100], waits[100:1000], waits[1000:]]
all_waits = np.concatenate(parts)
print(f"mean wait {all_waits.mean():.4f}, p99 {np.percentile(all_waits, 99):.4f}")
print(f"result: {float(all_waits.sum()):.10e}")
