# ruff: noqa
"""Tracking a swarm of delivery drones with a constant-acceleration model: each tick predicts
every drone's position, velocity and acceleration, blends in a noisy GPS fix with a fixed gain,
and stops when the simulated clock reaches the end of the flight; prints the tracking error."""

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

DT = 0.02
T_END = 2000.0
N_DRONES = 48
GAIN = 0.25

torch.manual_seed(3)
truth = torch.zeros(N_DRONES, 6, device=device)
truth[:, 2:4] = torch.randn(N_DRONES, 2, device=device) * 3.0
truth[:, 4:] = torch.randn(N_DRONES, 2, device=device) * 0.01
est = truth + 0.5 * torch.randn(N_DRONES, 6, device=device)
H = torch.tensor([[1.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]], device=device)

t = 0.0
sq_err = 0.0
ticks = 0
F = torch.tensor(
    [
        [1.0, 0.0, DT, 0.0, 0.5 * DT * DT, 0.0],
        [0.0, 1.0, 0.0, DT, 0.0, 0.5 * DT * DT],
        [0.0, 0.0, 1.0, 0.0, DT, 0.0],
        [0.0, 0.0, 0.0, 1.0, 0.0, DT],
        [0.0, 0.0, 0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
    ],
    device=device,
)
while t < T_END:
    truth = truth @ F.T
    pred = est @ F.T
    fix = truth[:, :2] + torch.randn(N_DRONES, 2, device=device)
    est = pred + GAIN * ((fix - pred[:, :2]) @ H)
    ticks += 1
    t += DT
    if ticks % 5000 == 0:
        axis_w = torch.tensor([1.0, 0.5], device=device)
        sq_err += float((((est[:, :2] - truth[:, :2]) ** 2) * axis_w).mean())

rmse = float(((est[:, :2] - truth[:, :2]) ** 2).mean().sqrt())
print(f"{ticks} ticks, final position RMSE {rmse:.4f} m")
print(f"result: {rmse + sq_err:.10e}")
