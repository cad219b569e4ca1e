# ruff: noqa
"""Discrete-event simulation of a single-server queue (Poisson arrivals, exponential service)
over several independent replications; a recorder keeps every customer's waiting time, and the
replications' summaries are collected for a confidence interval. Prints the mean wait and a
checksum."""
import math
import random

import numpy as np


class Recorder:
    def __init__(self):
        self.waits = np.empty(0)
        self.longest = 0.0

    def record(self, wait):
        self.waits = np.append(self.waits, wait)
        if wait > self.longest:
            self.longest = wait


def simulate(n_customers, arrival_rate, service_rate, rng):
    rec = Recorder()
    clock = 0.0
    free_at = 0.0
    for _ in range(n_customers):
        clock += rng.expovariate(arrival_rate)
        start = max(clock, free_at)
        rec.record(start - clock)
        free_at = start + rng.expovariate(service_rate)
    return rec


rng = random.Random(11)
summary = np.empty((0, 3))
for rep in range(6):
    rec = simulate(60_000, 0.9, 1.0, rng)
    w = rec.waits
    stats = np.array([[w.mean(), np.percentile(w, 95), rec.longest]])
    summary = np.concatenate([summary, stats])
mean = summary[:, 0].mean()
half = 1.96 * summary[:, 0].std(ddof=1) / math.sqrt(len(summary))
print(f"mean wait {mean:.3f} +- {half:.3f}")
print(f"result: {summary.sum():.8f}")
