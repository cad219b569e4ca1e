# ruff: noqa
"""Plucked response of a harp soundboard. The spruce board is a tapered plate (thicker at the
bass end); its transverse vibration is stepped with a finite-difference wave equation with a
thickness-dependent wave speed and damping, driven by a pluck near the string bar. Probes along
the bar record the response, and the program reports the decay of the board's energy."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Board:
    ny: int = 900
    nx: int = 640
    dt: float = 0.2
    steps: int = 170
    probe_every: int = 10


def thickness_map(board):
    y = np.linspace(0.0, 1.0, board.ny)[:, None]
    x = np.linspace(0.0, 1.0, board.nx)[None, :]
    return 4.0 + 5.0 * y - 1.5 * (x - 0.5) ** 2


def make_stepper(c2, damp, dt):
    def step(u, v):
        lap = torch.zeros_like(u)
        lap[1:-1, 1:-1] = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]
                           - 4.0 * u[1:-1, 1:-1])
        v = (v + dt * c2 * lap) * damp
        u = u + dt * v
        return u, v
    return step


class ProbeBank:
    def __init__(self, row, cols):
        self.row = row
        self.cols = cols
        self.readings = []

    def __call__(self, u):
        line = u[self.row]
        self.readings.append(float(line[self.cols].abs().sum()))


def pluck(board):
    yy, xx = torch.meshgrid(torch.arange(board.ny), torch.arange(board.nx), indexing="ij")
    return torch.exp(-((yy - board.ny * 0.3) ** 2 + (xx - board.nx * 0.5) ** 2) / 80.0).float()


board = Board()
thick = thickness_map(board)
c2 = torch.from_numpy((0.9 / thick).astype(np.float32)).to(device)
damp = torch.from_numpy(1.0 - 0.002 / thick).to(device)
step = make_stepper(c2, damp, board.dt)
probes = ProbeBank(board.ny // 2, torch.arange(20, board.nx - 20, 40))
u = pluck(board).to(device)
v = torch.zeros_like(u)
energy = []
for t in range(board.steps):
    u, v = step(u, v)
    if t % board.probe_every == 0:
        probes(u)
        energy.append(float((v * v).sum()))
print(f"energy {energy[0]:.4f} -> {energy[-1]:.4f}, dtype {u.dtype}")
print(f"result: {sum(energy) + sum(probes.readings):.10e}")
