# ruff: noqa
"""Ring-road traffic simulation with the intelligent driver model: a mix of cars and trucks with
their own desired speeds and headways, explicit Euler steps, loop detectors that count passing
vehicles, and the mean flow and speed reported at the end."""
import numpy as np

DETECTOR_WEIGHTS = [0.25, 0.25, 0.3, 0.2]


class RingRoad:
    def __init__(self, n, length, rng):
        self.length = length
        self.x = np.sort((np.arange(n) + rng.uniform(-0.2, 0.2, n)) * (length / n))
        self.v = rng.uniform(20.0, 28.0, n)
        truck = rng.random(n) < 0.2
        self.v0 = np.where(truck, 24.0, 33.0) * rng.uniform(0.9, 1.1, n)
        self.T = np.where(truck, 1.8, 1.3)
        self.a = np.where(truck, 0.8, 1.4)
        self.b = 2.0
        self.s0 = 2.0
        self.veh_len = np.where(truck, 12.0, 4.5)
        self.detectors = np.array([0.1, 0.35, 0.6, 0.85]) * length

    @property
    def gaps(self):
        lead = np.roll(self.x, -1)
        gap = (lead - self.x) % self.length - np.roll(self.veh_len, -1)
        return gap

    @property
    def jammed(self):
        return self.gaps.min() < self.s0

    def accel(self):
        dv = self.v - np.roll(self.v, -1)
        s_star = self.s0 + np.maximum(0.0, self.v * self.T + self.v * dv / (2.0 * np.sqrt(self.a * self.b)))
        s = np.maximum(self.gaps, 0.1)
        return self.a * (1.0 - (self.v / self.v0) ** 4 - (s_star / s) ** 2)

    def step(self, dt):
        acc = self.accel()
        if self.jammed:
            acc = np.minimum(acc, 0.0)
        self.v = np.maximum(self.v + acc * dt, 0.0)
        old = self.x
        self.x = (self.x + self.v * dt) % self.length
        wrapped = self.x < old
        passed = [np.count_nonzero(((old < d) & ((self.x >= d) | wrapped)) | (wrapped & (self.x >= d))) for d in self.detectors]
        return passed


def weighted_flow(counts):
    return sum(w * c for w, c in zip(DETECTOR_WEIGHTS, counts)) / sum(DETECTOR_WEIGHTS)


rng = np.random.default_rng(5)
road = RingRoad(2000, 60000.0, rng)
flow = 0.0
speeds = []
for t in range(16000):
    counts = road.step(0.25)
    flow += weighted_flow(counts)
    if t % 100 == 0:
        speeds.append(road.v.mean())
print(f"mean speed {np.mean(speeds):.3f} m/s, detector flow {flow:.1f} vehicles")
print(f"result: {flow + sum(speeds) + road.x.sum() / 1e3:.10e}")
