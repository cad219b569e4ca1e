# ruff: noqa
"""Fits a well-temperament for a five-octave harpsichord: every course has slightly inharmonic
partials, and a coordinate search nudges each course's offset (in cents) to keep the beat rates
of its fifths and thirds low, then prints the temperament table."""
from dataclasses import dataclass, field

import numpy as np

A415 = 415.0
N_KEYS = 61
N_PARTIALS = 32
PARTNERS = (3, 4, 5, 7, 12, -5)  # minor third, major third, fourth, fifth, octave, fourth below
NAMES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]


@dataclass
class Course:
    key: int
    partials: np.ndarray
    offset: float = 0.0

    def tuned(self, offset=None):
        cents = self.offset if offset is None else offset
        return self.partials * 2.0 ** (cents / 1200.0)


@dataclass
class BeatReport:
    rates: np.ndarray
    weights: list = field(default_factory=lambda: [1.0, 1.0, 0.8, 0.6, 0.5, 0.4])

    @property
    def worst(self):
        return max(self.rates)

    @property
    def weight_norm(self):
        return sum(self.weights)


def make_courses(rng):
    courses = []
    for key in range(N_KEYS):
        f0 = A415 * 2.0 ** ((key - 45) / 12.0)
        b = rng.uniform(2e-5, 8e-5)
        n = np.arange(1, N_PARTIALS + 1)
        partials = f0 * n * np.sqrt(1.0 + b * n * n)
        courses.append(Course(key, partials, rng.normal(0.0, 3.0)))
    return courses


def beats(course, offset, courses):
    mine = course.tuned(offset)
    rows = []
    for step in PARTNERS:
        other = course.key + step
        if 0 <= other < N_KEYS:
            theirs = courses[other].tuned()
            diff = np.abs(mine[:, None] - theirs[None, :])
            rows.append(np.where(diff < 30.0, diff, 30.0).ravel())
    return BeatReport(np.concatenate(rows))


def sweep(courses, step_cents):
    total = 0.0
    for course in courses:
        best, best_off = None, course.offset
        for cand in (-2.0, -1.0, 0.0, 1.0, 2.0):
            off = course.offset + cand * step_cents
            report = beats(course, off, courses)
            score = report.worst / report.weight_norm + 0.01 * abs(off)
            if best is None or score < best:
                best, best_off = score, off
        course.offset = best_off
        total += best
    return total


rng = np.random.default_rng(1761)
courses = make_courses(rng)
history = []
step = 1.0
for it in range(12):
    history.append(sweep(courses, step))
    step *= 0.7
table = np.array([])
for course in courses[:12]:
    table = np.append(table, course.offset)
for name, cents in zip(NAMES, table):
    print(f"{name:>3}: {cents:+7.3f} cents")
print(f"objective per sweep: {', '.join(f'{h:.2f}' for h in history)}")
offsets = np.array([c.offset for c in courses])
print(f"result: {float(np.sum(offsets)) + history[-1]:.10e}")
