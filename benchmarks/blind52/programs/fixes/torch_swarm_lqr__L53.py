# ruff: noqa
"""Closed-loop simulation of a large swarm of quadrotor-like point masses (linearised 6-state
dynamics) under an LQR controller designed with SciPy; reports the swarm's final spread and the
control effort."""
import functools

import numpy as np
import scipy.linalg
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def lqr_gain(A, B, Q, R):
    P = scipy.linalg.solve_continuous_are(A, B, Q, R)
    return np.linalg.solve(R, B.T @ P)


def double_integrator(dt):
    A = np.zeros((6, 6))
    A[:3, 3:] = np.eye(3)
    B = np.zeros((6, 3))
    B[3:] = np.eye(3)
    return A, B


def pd_control(pos, vel, kp, kd):
    return -kp * pos - kd * vel


class Swarm:
    def __init__(self, n, dt, controller, gen):
        self.dt = dt
        self.controller = controller
        self.pos = torch.randn(n, 3, generator=gen).to(device)
        self.vel = torch.zeros(n, 3, device=device)
        self.effort = torch.zeros((), device=device)

    def step(self, wind):
        u = self.controller(self.pos, self.vel)
        self.vel = self.vel + self.dt * (u + wind)
        self.pos = self.pos + self.dt * self.vel
        self.effort = self.effort + (u * u).sum()


A, B = double_integrator(0.01)
K_np = lqr_gain(A, B, np.diag([4.0, 4.0, 4.0, 1.0, 1.0, 1.0]), 0.5 * np.eye(3))
kp = torch.from_numpy(np.diag(K_np[:, :3]).copy()).to(device)
kd = torch.tensor(np.diag(K_np[:, 3:]).tolist(), dtype=torch.float32, device=device)
gen = torch.Generator().manual_seed(4)
swarm = Swarm(2_000_000, 0.01, functools.partial(pd_control, kp=kp, kd=kd), gen)
wind = 0.01 * torch.tensor([1.0, -0.5, 0.0], device=device)
for t in range(10):
    swarm.step(wind)
    if t % 3 == 0:
        print(f"step {t}: mean |x| {swarm.pos.abs().mean().item():.5f}")
spread = swarm.pos.std(dim=0).sum()
print(f"final spread {float(spread):.5f}, effort {float(swarm.effort):.3e}")
print(f"result: {float(spread) + float(swarm.effort) * 1e-6:.10e}")
