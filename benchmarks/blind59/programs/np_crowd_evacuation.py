# ruff: noqa
"""Crowd evacuation of a square hall with a social-force model: agents walk to the nearest of
four exits, repel each other and the walls, and leave when they reach an exit; a recorder
keeps the trajectories (positions and velocities) and the report gives evacuation counts and mean path length."""
from dataclasses import dataclass, field

import numpy as np

EXITS = np.array([[0.0, 10.0], [20.0, 10.0], [10.0, 0.0], [10.0, 20.0]])


@dataclass
class Recorder:
    n_agents: int
    track: np.ndarray = field(init=False)

    def __post_init__(self):
        self.track = np.empty((0, self.n_agents, 4))

    def on_step(self, step, hall):
        self.track = np.append(self.track, np.hstack([hall.pos, hall.vel])[None], axis=0)


@dataclass
class Hall:
    pos: np.ndarray
    vel: np.ndarray
    speed: float = 1.3
    tau: float = 0.5
    active: np.ndarray = None

    def __post_init__(self):
        self.active = np.ones(len(self.pos), dtype=bool)

    def nearest_exit(self):
        best = np.full(len(self.pos), np.inf)
        target = np.zeros_like(self.pos)
        for ex in EXITS:
            d = np.linalg.norm(self.pos - ex, axis=1)
            closer = d < best
            best[closer] = d[closer]
            target[closer] = ex
        return target, best

    def step(self, dt):
        target, dist = self.nearest_exit()
        e = (target - self.pos) / (dist[:, None] + 1e-9)
        force = (self.speed * e - self.vel) / self.tau
        diff = self.pos[:, None, :] - self.pos[None, :, :]
        r = np.sqrt((diff ** 2).sum(-1)) + np.eye(len(self.pos))
        push = 2.0 * np.exp((0.6 - r) / 0.3)
        push *= self.active[None, :]
        force += (push[:, :, None] * diff / r[:, :, None]).sum(1)
        force += 2.0 * np.exp(-self.pos / 0.3) - 2.0 * np.exp((self.pos - 20.0) / 0.3)
        self.vel += dt * force * self.active[:, None]
        self.pos += dt * self.vel * self.active[:, None]
        self.active &= dist > 0.5
        return self.pos


def evacuate(hall, steps, dt, callbacks):
    for step in range(steps):
        hall.step(dt)
        for cb in callbacks:
            cb(step, hall)
    return hall


rng = np.random.default_rng(21)
n = 120
hall = Hall(pos=rng.uniform(2.0, 18.0, size=(n, 2)), vel=np.zeros((n, 2)))
rec = Recorder(n)
evacuate(hall, 3000, 0.008, [rec.on_step])
path = np.linalg.norm(np.diff(rec.track[:, :, :2], axis=0), axis=2).sum(0)
print(f"evacuated {int((~hall.active).sum())} of {n}, mean path {path.mean():.3f} m")
print(f"result: {path.sum() + (~hall.active).sum():.10e}")
