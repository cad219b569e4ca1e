# ruff: noqa
"""Joint-space tracking control of a fleet of 7-joint robot arms: a learned residual dynamics
model corrects a nominal PD controller, and a safety monitor hook checks joint limits at every
control step; reports the tracking error and the number of limit events."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_ARMS, N_JOINTS = 64, 7


class Residual(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2 * N_JOINTS, width), nn.Tanh(), nn.Linear(width, N_JOINTS))

    def forward(self, q, dq):
        return 0.05 * self.net(torch.cat([q, dq], dim=1))


class JointLimitMonitor:
    def __init__(self, limit):
        self.limit = limit
        self.events = 0

    def __call__(self, q, dq):
        if bool((q.abs() > self.limit).any()):
            self.events += 1


class Controller:
    def __init__(self, model, kp=40.0, kd=6.0, dt=0.002, hooks=()):
        self.model, self.kp, self.kd, self.dt = model, kp, kd, dt
        self.hooks = list(hooks)

    @torch.no_grad()
    def run(self, q, dq, target_fn, steps):
        err = torch.zeros((), device=device)
        for k in range(steps):
            target = target_fn(k * self.dt)
            tau = self.kp * (target - q) - self.kd * dq + self.model(q, dq)
            dq = dq + self.dt * tau
            q = q + self.dt * dq
            err = err + (target - q).pow(2).mean()
            for hook in self.hooks:
                hook(q, dq)
        return q, dq, err / steps


torch.manual_seed(0)
phase = torch.linspace(0, math.pi, N_JOINTS, device=device)
amp = torch.rand(N_ARMS, 1, device=device) * 0.8 + 0.2
target_fn = lambda t: amp * torch.sin(2.0 * t + phase)
monitor = JointLimitMonitor(limit=2.6)
ctrl = Controller(Residual().to(device), hooks=[monitor])
q0 = 0.1 * torch.randn(N_ARMS, N_JOINTS, device=device)
q, dq, err = ctrl.run(q0, torch.zeros_like(q0), target_fn, steps=5000)
worst = max(q.abs().max(dim=1).values.tolist())
print(f"tracking mse {err.item():.6f}, worst joint {worst:.4f}, limit events {monitor.events}")
print(f"result: {err.item() * 1e3 + worst + monitor.events:.10e}")
