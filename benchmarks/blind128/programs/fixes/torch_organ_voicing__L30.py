# ruff: noqa
"""Voicing study for a pipe-organ workshop: a wind chest feeds a rank of pipes whose air columns
are coupled through the chest, each note's pressure response is solved from the coupling model,
and a small network learns to predict each pipe's speech (attack and brightness) from it."""
from dataclasses import dataclass

import torch
from torch import nn

torch.manual_seed(11)
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class ChestConfig:
    n_pipes: int = 640
    channel_loss: float = 0.08
    coupling_strength: float = 0.015


class WindChest:
    def __init__(self, cfg: ChestConfig):
        self.cfg = cfg
        pos = torch.linspace(0.0, 1.0, cfg.n_pipes, device=DEVICE)
        dist = (pos[:, None] - pos[None, :]).abs()
        self.coupling = torch.eye(cfg.n_pipes, device=DEVICE) * (1.0 + cfg.channel_loss) \
            - cfg.coupling_strength * torch.exp(-dist / 0.05)
        self.admittance = torch.linalg.inv(self.coupling)

    def pressure_response(self, excitation):
        return excitation @ self.admittance.T


class SpeechNet(nn.Module):
    def __init__(self, n_in, hidden=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, 2))

    def forward(self, x):
        return self.body(x)


def note_excitation(note, n_pipes, gen):
    base = torch.zeros(16, n_pipes, device=DEVICE)
    idx = (torch.arange(16, device=DEVICE) * 7 + note * 3) % n_pipes
    base[torch.arange(16, device=DEVICE), idx] = 1.0
    return base + 0.01 * torch.randn(16, n_pipes, generator=gen, device=DEVICE)


cfg = ChestConfig()
chest = WindChest(cfg)
gen = torch.Generator(device=DEVICE).manual_seed(5)
net = SpeechNet(cfg.n_pipes).to(DEVICE)
params = list(net.parameters())
true_w = torch.randn(cfg.n_pipes, 2, generator=gen, device=DEVICE) / cfg.n_pipes ** 0.5

history = []
for octave in range(6):
    running = torch.zeros((), device=DEVICE)
    for note in range(12 * octave, 12 * octave + 12):
        resp = chest.pressure_response(note_excitation(note, cfg.n_pipes, gen))
        target = torch.tanh(resp @ true_w)
        loss = nn.functional.mse_loss(net(resp), target)
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p -= 0.05 * g
        running = running + loss.detach()
    history.append(running.item() / 12)

for octave, h in enumerate(history):
    print(f"octave {octave}: mean loss {h:.5f}")

with torch.no_grad():
    final = net(chest.pressure_response(note_excitation(0, cfg.n_pipes, gen))).sum().item()
print(f"result: {sum(history) + final:.10e}")
