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


@jax.jit
def trace_summary(trace, velocity, limit_cm):
    kernel = jnp.ones(7) / 7.0
    smooth = jnp.convolve(trace, kernel, mode="same")
    thickness = 100.0 * velocity * smooth / 2.0
    weak = thickness < limit_cm
    return jnp.stack([thickness.min(), thickness.mean(), weak.mean(), jnp.abs(jnp.diff(thickness)).max()])


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
                rows.append(self.summarise(jnp.asarray(trace)))
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
lows = []
for day in range(4):
    stats = survey.process(rng, passes=3)
    weakest = stats[:, 0].min()
    lows.append(weakest)
    days.append(stats)
for day, weakest in enumerate(jnp.stack(lows).tolist()):
    print(f"day {day}: weakest reading {weakest:.1f} cm over {len(segments)} segments")
stats = jnp.stack(days)
print(f"result: {float(stats.sum()):.10e}")
