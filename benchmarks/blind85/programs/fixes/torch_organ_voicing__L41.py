# ruff: noqa
"""Voicing study for a rank of organ pipes: the air column of every pipe is simulated as a 1-D
lossy wave equation (finite differences) driven by a jet at the mouth, with a per-pipe wall loss
set by the pipe's scaling; prints the radiated energy of the loudest and softest pipes."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class PipeRank:
    def __init__(self, n_pipes, n_cells, courant=0.9):
        self.c2 = courant ** 2
        scale = np.linspace(0.6, 1.4, n_pipes)
        self.loss = torch.from_numpy(np.exp(-2e-3 * scale))[:, None].to(device)
        self.p = torch.zeros(n_pipes, n_cells, device=device)
        self.p_prev = torch.zeros(n_pipes, n_cells, device=device)
        self.radiated = torch.zeros(n_pipes, device=device)

    def step(self, drive):
        p = self.p
        lap = torch.zeros_like(p)
        lap[:, 1:-1] = p[:, 2:] - 2.0 * p[:, 1:-1] + p[:, :-2]
        p_next = (2.0 * p - self.p_prev + self.c2 * lap) * self.loss
        p_next[:, 0] += drive
        p_next[:, -1] = 0.0
        self.p_prev, self.p = p, p_next
        self.radiated += p_next[:, 1] ** 2


def jet_drive(t, n_pipes):
    return 0.01 * torch.sin(torch.full((n_pipes,), 0.05 * t) * torch.arange(1, n_pipes + 1) / n_pipes)


torch.manual_seed(0)
rank = PipeRank(n_pipes=512, n_cells=1400)
checkpoints = []
for t in range(300):
    rank.step(jet_drive(t, 512).to(device))
    if t % 100 == 0:
        checkpoints.append(rank.p.pow(2).sum())
energy = rank.radiated.float().cpu()
print(f"loudest pipe {int(energy.argmax())}: {float(energy.max()):.6e}, softest {int(energy.argmin())}: {float(energy.min()):.6e}")
print(f"result: {float(energy.sum()) + float(sum(checkpoints)):.10e}")
