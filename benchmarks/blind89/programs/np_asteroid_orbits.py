# ruff: noqa
"""Survey planner for an asteroid-mining group: propagates three families of candidate
asteroids around the Sun with a Jupiter perturbation (leapfrog integrator), records every
body's heliocentric distance at each step through a recorder callback, and reports how often
each family comes within reach of a transfer orbit."""
import numpy as np

GM_SUN = 4.0 * np.pi**2
GM_JUP = GM_SUN / 1047.0


class DistanceRecorder:
    def __init__(self, n_bodies):
        self.track = np.empty((0, n_bodies))

    def __call__(self, step, pos):
        r = np.sqrt((pos**2).sum(axis=1))
        self.track = np.vstack([self.track, r[None, :]])


class Simulator:
    def __init__(self, pos, vel, dt=0.01):
        self.pos = pos.copy()
        self.vel = vel.copy()
        self.dt = dt

    def jupiter(self, t):
        a, w = 5.2, 2.0 * np.pi / 11.86
        return np.array([a * np.cos(w * t), a * np.sin(w * t)])

    def accel(self, t):
        r3 = ((self.pos**2).sum(axis=1, keepdims=True)) ** 1.5
        d = self.pos - self.jupiter(t)
        d3 = ((d**2).sum(axis=1, keepdims=True)) ** 1.5
        return -GM_SUN * self.pos / r3 - GM_JUP * d / d3

    def run(self, n_steps, callback=None):
        t = 0.0
        for step in range(n_steps):
            self.vel += 0.5 * self.dt * self.accel(t)
            self.pos += self.dt * self.vel
            t += self.dt
            self.vel += 0.5 * self.dt * self.accel(t)
            if callback is not None:
                callback(step, self.pos)


def family(rng, n, a_lo, a_hi):
    a = rng.uniform(a_lo, a_hi, n)
    phase = rng.uniform(0, 2 * np.pi, n)
    pos = np.stack([a * np.cos(phase), a * np.sin(phase)], axis=1)
    speed = np.sqrt(GM_SUN / a) * rng.uniform(0.9, 1.1, n)
    vel = np.stack([-speed * np.sin(phase), speed * np.cos(phase)], axis=1)
    return pos, vel


rng = np.random.default_rng(5)
summaries = np.empty((0, 3))
for a_lo, a_hi in [(1.8, 2.4), (2.4, 3.0), (3.0, 3.5)]:
    pos, vel = family(rng, 1200, a_lo, a_hi)
    rec = DistanceRecorder(len(pos))
    Simulator(pos, vel).run(900, callback=rec)
    reach = (rec.track < 2.0).mean(axis=0)
    summaries = np.concatenate([summaries, [[reach.mean(), rec.track.min(), rec.track.max()]]])
print(np.round(summaries, 4))
print(f"result: {summaries.sum():.10e}")
