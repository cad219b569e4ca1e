# ruff: noqa
"""Timetable check for a signalled main line: for every block section and hour of the working
timetable, the planned passages of trains are checked against the minimum headway the signalling
allows (braking distance, overlap and sighting time per train class), and the hours whose
headway margins are too thin are reported per block."""
from dataclasses import dataclass
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")


@dataclass(frozen=True)
class BlockSection:
    name: str
    length_m: float
    overlap_m: float
    sighting_s: float


def _headway_penalty(times, speeds, n, decel, section_len, overlap, sighting):
    order = jnp.argsort(times)
    t = times[order]
    v = speeds[order]
    braking = v * v / (2.0 * decel)
    needed = (section_len + overlap + braking[:-1]) / v[:-1] + sighting
    gaps = t[1:] - t[:-1]
    valid = jnp.arange(gaps.shape[0]) < n - 1
    short = jnp.where(valid, jax.nn.relu(needed - gaps), 0.0)
    return jnp.sum(short * short), jnp.min(jnp.where(valid, gaps - needed, jnp.inf))


class HeadwayChecker:
    def __init__(self, decel=0.5):
        self.decel = decel
        self._kernel = jax.jit(partial(_headway_penalty, decel=decel))

    def check(self, section, times, speeds):
        n = times.shape[0]
        t = np.full(64, 1e6, dtype=np.float32)
        t[:n] = np.asarray(times)
        v = np.full(64, 22.0, dtype=np.float32)
        v[:n] = np.asarray(speeds)
        penalty, worst = self._kernel(t, v, n, section_len=section.length_m,
                                      overlap=section.overlap_m, sighting=section.sighting_s)
        return penalty, worst


def plan_hour(rng, n_trains):
    times = np.sort(rng.uniform(0.0, 3600.0, size=n_trains)).astype(np.float32)
    speeds = rng.choice(np.array([22.0, 33.0, 44.0], dtype=np.float32), size=n_trains)
    return jnp.asarray(times), jnp.asarray(speeds)


def main():
    rng = np.random.default_rng(1863)
    checker = HeadwayChecker()
    sections = [BlockSection(f"B{k:03d}", 1200.0 + 150.0 * (k % 5), 180.0, 8.0) for k in range(3)]
    totals = []
    thin = 0
    for section in sections:
        for hour in range(8):
            n_trains = int(rng.integers(8, 19))
            times, speeds = plan_hour(rng, n_trains)
            penalty, worst = checker.check(section, times, speeds)
            totals.append(float(penalty))
            thin += int(worst < 0.0)
        weights = np.mean([section.length_m, section.overlap_m, section.sighting_s])
        totals.append(float(weights) * 1e-3)
    print(f"block-hours checked: {len(sections) * 8}, with thin margins: {thin}")
    print(f"result: {sum(totals) + thin:.10e}")


if __name__ == "__main__":
    main()
