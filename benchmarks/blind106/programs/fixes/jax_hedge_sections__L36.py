# ruff: noqa
"""Day planner for a hedge-laying crew: every hedge section on the job has its own number of
stems, each stem with a height and a girth; the crew scores each section (how well the pleachers
will lie and regrow after the cut), lays the best sections first each day within the day's
metres, and reports the work done per day."""
from collections import deque
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")


@dataclass
class Section:
    name: str
    heights: np.ndarray
    girths: np.ndarray

    @property
    def metres(self):
        return 0.3 * len(self.heights)


MAX_STEMS = 64


@jax.jit
def section_score(heights, girths, n):
    mask = jnp.arange(heights.shape[0]) < n
    angle = jnp.arctan2(heights, 40.0 * girths)
    cut = jnp.clip(0.6 * girths, 0.5, 3.0)
    regrow = jnp.exp(-cut / girths) * jnp.cos(angle) + 0.1 * jnp.tanh(heights - 3.0)
    total = jnp.sum(jnp.where(mask, regrow * heights, 0.0))
    return total / n.astype(jnp.float32), jnp.max(jnp.where(mask, cut, -jnp.inf))


def score_section(section):
    n = len(section.heights)
    pad = MAX_STEMS - n
    heights = np.pad(section.heights, (0, pad), constant_values=1.0)
    girths = np.pad(section.girths, (0, pad), constant_values=1.0)
    score, deepest = section_score(jnp.asarray(heights), jnp.asarray(girths), jnp.int32(n))
    return score, deepest


class LayingCrew:
    def __init__(self, metres_per_day):
        self.metres_per_day = metres_per_day
        self.log = []

    def assess(self, section):
        score, deepest = score_section(section)
        return score + 0.01 * deepest

    def lay_day(self, queue):
        done, metres, total = [], 0.0, jnp.zeros(())
        while queue and metres + queue[0].metres <= self.metres_per_day:
            section = queue.popleft()
            total = total + self.assess(section)
            metres += section.metres
            done.append(section.name)
        return done, metres, total


def survey(rng, n):
    out = []
    for i in range(n):
        stems = int(rng.integers(40, 48))
        heights = rng.uniform(1.5, 5.0, size=stems).astype(np.float32)
        girths = rng.uniform(2.0, 9.0, size=stems).astype(np.float32)
        out.append(Section(f"hedge-{i:03d}", heights, girths))
    return out


rng = np.random.default_rng(42)
sections = survey(rng, 150)
sections.sort(key=lambda s: -float(s.heights.mean()))
queue = deque(sections)
crew = LayingCrew(metres_per_day=600.0)
day, grand = 0, 0.0
while queue:
    done, metres, total = crew.lay_day(queue)
    day_total = float(total)
    grand += day_total
    print(f"day {day}: {len(done)} sections, {metres:.1f} m, score {day_total:.4f}")
    day += 1
print(f"result: {grand:.10e}")
