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


@jax.jit
def section_score(heights, girths):
    angle = jnp.arctan2(heights, 40.0 * girths)
    cut = jnp.clip(0.6 * girths, 0.5, 3.0)
    regrow = jnp.exp(-cut / girths) * jnp.cos(angle) + 0.1 * jnp.tanh(heights - 3.0)
    return jnp.sum(regrow * heights) / heights.shape[0], jnp.max(cut)


def score_section(section):
    score, deepest = section_score(jnp.asarray(section.heights), jnp.asarray(section.girths))
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
day, grand, days = 0, 0.0, []
while queue:
    done, metres, total = crew.lay_day(queue)
    days.append((len(done), metres, total))
    day += 1
totals = jax.device_get([t for _, _, t in days])
for d, ((n_done, metres, _), day_total) in enumerate(zip(days, totals)):
    day_total = float(day_total)
    grand += day_total
    print(f"day {d}: {n_done} sections, {metres:.1f} m, score {day_total:.4f}")
print(f"result: {grand:.10e}")
