# ruff: noqa
"""Reliability report for a tram operator: a month of recorded running times for every route
variant (each with its own number of segments and of trips), compared with the timetable;
per variant the worst knock-on lateness, mean lateness, a reliability index and the spread of
running-time ratios, then a summary per tram line."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class RouteVariant:
    line: str
    code: str
    scheduled: np.ndarray
    recorded: np.ndarray


@jax.jit
def lateness_stats(recorded, scheduled):
    excess = recorded - scheduled[None, :]
    late = jnp.cumsum(excess, axis=1)
    worst = jnp.max(late)
    mean_late = jnp.mean(jnp.maximum(late, 0.0))
    reliability = jnp.mean(jnp.exp(-jnp.abs(excess) / 0.5))
    spread = jnp.std(recorded / scheduled[None, :])
    return jnp.stack([worst, mean_late, reliability, spread])


def variant_profile(variant):
    return lateness_stats(jnp.asarray(variant.recorded), jnp.asarray(variant.scheduled))


def summarise_line(variants):
    return [variant_profile(v) for v in variants]


def month_of_records(rng):
    variants = []
    for k in range(6):
        n_seg = 18 + k
        n_trips = 40 + 3 * (k % 7)
        sched = rng.uniform(1.0, 3.0, n_seg).astype(np.float32)
        rec = (sched[None, :] * rng.lognormal(0.03, 0.12, (n_trips, n_seg))).astype(np.float32)
        variants.append(RouteVariant("146"[k % 3], f"V{k:02d}", sched, rec))
    return variants


rng = np.random.default_rng(9)
variants = month_of_records(rng)
report = {}
for line in "146":
    stats = jnp.stack(summarise_line([v for v in variants if v.line == line]))
    report[line] = stats[:, 0].max()
    print(f"line {line}: worst lateness {report[line]:.2f} min, mean reliability {stats[:, 2].mean():.4f}")
report = dict(zip(report, np.asarray(jnp.stack(list(report.values()))).tolist()))
print(f"result: {sum(report.values()):.10e}")
