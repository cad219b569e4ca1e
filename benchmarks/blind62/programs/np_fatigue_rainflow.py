"""Variable-amplitude fatigue assessment of welded specimens: a random load history is generated
block by block for each specimen, reduced to its turning points, the turning points are kept by a
cycle counter, and at the end the stress ranges are binned and Miner's damage sum computed from
an S-N curve with a fatigue limit."""
import numpy as np
from dataclasses import dataclass, field


@dataclass
class SNCurve:
    C: float = 2.0e12
    m: float = 3.0
    limit: float = 35.0

    def cycles_to_failure(self, stress_range):
        s = np.maximum(stress_range, 1e-9)
        n = self.C / s ** self.m
        return np.where(s < self.limit, np.inf, n)


def turning_points(x):
    d = np.diff(x)
    keep = np.flatnonzero(d[1:] * d[:-1] < 0) + 1
    return x[keep]


@dataclass
class CycleCounter:
    peaks: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def add(self, block):
        self.peaks = np.concatenate([self.peaks, turning_points(block)])

    def ranges(self):
        return np.abs(np.diff(self.peaks))


def load_blocks(rng, n_blocks, size, mean, amp):
    state = 0.0
    for _ in range(n_blocks):
        w = rng.normal(0.0, 1.0, size)
        x = np.empty(size)
        x[0] = state
        x[1:] = w[1:]
        state = w[-1]
        yield mean + amp * np.convolve(x, [0.5, 0.3, 0.2], mode="same")


rng = np.random.default_rng(21)
curve = SNCurve()
base = np.array([80.0, 60.0, 45.0, 100.0, 70.0, 55.0])
damage = []
for specimen in range(4):
    params = base.copy()
    params[specimen] *= 1.1
    counter = CycleCounter()
    for block in load_blocks(rng, 3500, 200, 20.0, params[specimen]):
        counter.add(block)
    rng_s = counter.ranges()
    hist, edges = np.histogram(rng_s, bins=40)
    mids = 0.5 * (edges[1:] + edges[:-1])
    damage.append(float(np.sum(hist / curve.cycles_to_failure(mids))))
print("damage per specimen:", [round(d, 6) for d in damage])
print(f"result: {sum(damage):.10e}")
