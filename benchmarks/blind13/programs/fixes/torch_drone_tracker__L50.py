# ruff: noqa
"""Tracking a swarm of delivery drones from a recorded flight log: a constant-acceleration model
predicts each drone's position, velocity and acceleration every tick, the logged GPS fix of that
tick is blended in with fixed gains, and the tracking error against the true path is printed."""

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

DT = 0.02
N_TICKS = 120_000
N_DRONES = 48
ALPHA, BETA, GAMMA = 0.3, 0.05, 0.002  # alpha-beta-gamma filter gains

# the flight log: true paths (constant acceleration) and noisy GPS fixes, one row per tick
torch.manual_seed(3)
p0 = torch.randn(N_DRONES, 2) * 50.0
v0 = torch.randn(N_DRONES, 2) * 3.0
a0 = torch.randn(N_DRONES, 2) * 0.002
clock = (torch.arange(1, N_TICKS + 1, dtype=torch.float64) * DT)[:, None, None]
true_pos = (p0 + v0 * clock + 0.5 * a0 * clock**2).float().to(device)
gps = true_pos + torch.randn(N_TICKS, N_DRONES, 2, device=device)

est = torch.cat([p0, v0, a0], dim=1).to(device) + 0.5 * torch.randn(N_DRONES, 6, device=device)
K = torch.tensor(
    [
        [ALPHA, 0.0, BETA / DT, 0.0, GAMMA / (2 * DT * DT), 0.0],
        [0.0, ALPHA, 0.0, BETA / DT, 0.0, GAMMA / (2 * DT * DT)],
    ],
    device=device,
)

axis_w = torch.tensor([1.0, 0.5], device=device)
sq_err = 0.0
tick = 0
while tick < N_TICKS:
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
    pred = est @ F.T
    est = pred + (gps[tick] - pred[:, :2]) @ K
    if tick % 5000 == 4999:
        sq_err += float((((est[:, :2] - true_pos[tick]) ** 2) * axis_w).mean())
    tick += 1

rmse = float(((est[:, :2] - true_pos[-1]) ** 2).mean().sqrt())
print(f"{tick} ticks, final position RMSE {rmse:.4f} m")
print(f"result: {rmse + sq_err:.10e}")
