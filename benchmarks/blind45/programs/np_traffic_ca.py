# ruff: noqa
"""Nagel-Schreckenberg cellular automaton for traffic on a set of independent ring roads:
cars accelerate, brake to the gap ahead and dawdle at random; loop detectors, polled every
tenth step, count the flow and a fundamental diagram (flow against density) is built over several densities. Prints a
checksum of the flows."""
import numpy as np


class RingRoad:
    def __init__(self, n_lanes, length, density, vmax, p_slow, rng):
        self.length = length
        self.vmax = vmax
        self.p_slow = p_slow
        self.rng = rng
        n_cars = int(density * length)
        self.pos = np.sort(np.stack([rng.choice(length, n_cars, replace=False) for _ in range(n_lanes)]), axis=1)
        self.vel = np.zeros_like(self.pos)
        self.rule = np.vectorize(self._accelerate_and_brake)

    @staticmethod
    def _accelerate_and_brake(v, gap, vmax):
        return min(v + 1, vmax, gap)

    def gaps(self):
        ahead = np.roll(self.pos, -1, axis=1)
        ahead[:, -1] += self.length
        return ahead - self.pos - 1

    def step(self):
        v = self.rule(self.vel, self.gaps(), self.vmax)
        slow = (self.rng.random(v.shape) < self.p_slow) & (v > 0)
        v = np.where(slow, v - 1, v)
        self.vel = v
        self.pos = self.pos + v
        wrapped = self.pos >= self.length
        if wrapped.any():
            self.pos = np.where(wrapped, self.pos - self.length, self.pos)
            order = np.argsort(self.pos, axis=1)
            self.pos = np.take_along_axis(self.pos, order, axis=1)
            self.vel = np.take_along_axis(self.vel, order, axis=1)
        return v


class Detectors:
    def __init__(self, sites):
        self.sites = sites
        self.counts = np.zeros(len(sites))

    def record(self, old_pos, v, length):
        moved = old_pos + v
        for k, x in enumerate(self.sites):
            crossed = ((old_pos < x) & (moved >= x)) | ((old_pos < x + length) & (moved >= x + length))
            self.counts[k] += crossed.sum()


def simulate(density, steps, rng, poll=10):
    road = RingRoad(n_lanes=12, length=400, density=density, vmax=5, p_slow=0.25, rng=rng)
    det = Detectors(np.array([50, 150, 250, 350]))
    speed = 0.0
    for t in range(steps):
        old = road.pos.copy()
        v = road.step()
        if t % poll == 0:
            det.record(old, v, road.length)
        speed += v.mean()
    return det.counts / (steps // poll), speed / steps


rng = np.random.default_rng(5)
flows = []
for density in (0.08, 0.15, 0.3, 0.45):
    q, s = simulate(density, 2400, rng)
    flows.append(q.mean())
    print(f"density {density:.2f}: flow {q.mean():.4f} cars/step, mean speed {s:.3f}")
print(f"result: {np.sum(flows) * 1000 + s:.10e}")
