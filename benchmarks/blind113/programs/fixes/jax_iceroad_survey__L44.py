# ruff: noqa
"""Ice-thickness survey processing for a winter road: every pass of the ground-penetrating radar
sled over a road segment yields a two-way travel-time trace whose length depends on the segment;
each trace is smoothed, converted to ice thickness, and checked against the load table for the
heaviest convoy class; the day's passes are summarised per segment and the weakest segments
reported."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

ICE_VELOCITY = 0.167  # m/ns, radar wave speed in freshwater ice
LOAD_TABLE_CM = {"pickup": 38.0, "tanker": 86.0, "b-train": 102.0}


MAX_TRACE = 1536


@jax.jit
def padded_summary(trace, n, velocity, limit_cm):
    kernel = jnp.ones(7) / 7.0
    smooth = jnp.convolve(trace, kernel, mode="same")
    thickness = 100.0 * velocity * smooth / 2.0
    valid = jnp.arange(trace.shape[0]) < n
    weak = (thickness < limit_cm) & valid
    step = jnp.where(valid[1:], jnp.abs(jnp.diff(thickness)), 0.0)
    return jnp.stack([jnp.where(valid, thickness, jnp.inf).min(),
                      jnp.where(valid, thickness, 0.0).sum() / n, weak.sum() / n, step.max()])


def trace_summary(trace, velocity, limit_cm):
    n = trace.shape[0]
    padded = np.zeros(MAX_TRACE, dtype=np.float32)
    padded[:n] = trace
    return padded_summary(padded, n, velocity, limit_cm)


@dataclass
class Segment:
    name: str
    length_m: int
    base_cm: float


class SurveyDay:
    def __init__(self, segments, limit_cm):
        self.segments = segments
        self.summarise = functools.partial(trace_summary, velocity=ICE_VELOCITY, limit_cm=limit_cm)

    def process(self, rng, passes):
        rows = []
        for seg in self.segments:
            for _ in range(passes):
                trace = simulate_trace(rng, seg)
                rows.append(self.summarise(trace))
        return jnp.stack(rows)


def simulate_trace(rng, seg):
    x = np.arange(seg.length_m) / 40.0
    thick_cm = seg.base_cm + 8.0 * np.sin(x * 0.7) + rng.normal(0.0, 3.0, seg.length_m)
    return (2.0 * thick_cm / 100.0 / ICE_VELOCITY + rng.normal(0.0, 0.05, seg.length_m)).astype(np.float32)


rng = np.random.default_rng(5)
segments = [Segment(f"km-{10 * i:03d}", int(rng.integers(300, 1500)), float(rng.uniform(85.0, 125.0)))
            for i in range(6)]
survey = SurveyDay(segments, LOAD_TABLE_CM["b-train"])
days = []
for day in range(4):
    stats = survey.process(rng, passes=3)
    weakest = float(stats[:, 0].min())
    print(f"day {day}: weakest reading {weakest:.1f} cm over {len(segments)} segments")
    days.append(stats)
stats = jnp.stack(days)
print(f"result: {float(stats.sum()):.10e}")
