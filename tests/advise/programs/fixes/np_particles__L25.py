# ruff: noqa
"""Particles falling under gravity in a box with drag, wall bounces and a speed limit; records the
trajectory and prints its mean height and the final kinetic energy."""
import numpy as np


def init_particles(n, box, rng):
    pos = rng.uniform(0.0, box, size=(n, 2))
    vel = rng.normal(0.0, 3.0, size=(n, 2))
    return pos, vel


def bounce(pos, vel, box):
    for d in range(pos.shape[1]):
        low = pos[:, d] < 0.0
        high = pos[:, d] > box
        pos[low, d] = -pos[low, d]
        vel[low, d] = -vel[low, d]
        pos[high, d] = 2.0 * box - pos[high, d]
        vel[high, d] = -vel[high, d]


def limit_speed(vel, vmax):
    speed = np.sqrt(vel[:, 0] ** 2 + vel[:, 1] ** 2)
    vel *= np.where(speed > vmax, vmax / speed, 0.999)[:, None]


def step(pos, vel, dt, box, vmax):
    vel[:, 1] -= 9.81 * dt
    limit_speed(vel, vmax)
    pos += vel * dt
    bounce(pos, vel, box)


def run(n, steps, dt, box, vmax, rng):
    pos, vel = init_particles(n, box, rng)
    traj = np.empty((0, n, 2))
    for t in range(steps):
        step(pos, vel, dt, box, vmax)
        traj = np.concatenate([traj, pos[None]], axis=0)
    return traj, vel


rng = np.random.default_rng(0)
traj, vel = run(3000, 400, 0.01, 10.0, 6.0, rng)
ke = 0.5 * float((vel ** 2).sum())
print(f"mean height {traj[..., 1].mean():.4f}, kinetic energy {ke:.4f}")
print(f"result: {float(traj[..., 1].mean()) + ke:.10e}")
