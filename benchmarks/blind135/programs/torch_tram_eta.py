# ruff: noqa
"""Tram arrival-time predictor for passenger displays: a small network trained offline maps a
tram's recent running state (speed, dwell, delay, stop spacing, hour) to the minutes until it
reaches each upcoming stop; here it serves a simulated morning of display refreshes across the
network and reports the mean predicted wait per line."""
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
N_STATE = 12


@dataclass
class Line:
    name: str
    stop_xy: torch.Tensor
    trams: torch.Tensor = None


class EtaService:
    def __init__(self, model):
        self.model = model.eval()

    def _predict_one(self, state):
        return self.model(state.unsqueeze(0))[0, 0]

    @torch.no_grad()
    def refresh(self, line):
        etas = list(map(self._predict_one, line.trams))
        return torch.stack(etas)


def spacing_profile(line):
    xy = line.stop_xy.clone()
    return torch.linalg.vector_norm(torch.diff(xy, dim=0), dim=1)


def make_lines(n_lines, n_trams, gen):
    lines = []
    for k in range(n_lines):
        stop_xy = torch.cumsum(torch.rand(30, 2, generator=gen), dim=0)
        line = Line(f"L{k + 1}", stop_xy)
        line.trams = torch.randn(n_trams, N_STATE, generator=gen)
        lines.append(line)
    return lines


def jitter(line, gen):
    line.trams = line.trams + 0.05 * torch.randn(line.trams.shape, generator=gen)


torch.manual_seed(0)
torch.set_num_threads(1)
gen = torch.Generator().manual_seed(8)
model = nn.Sequential(nn.Linear(N_STATE, 48), nn.Tanh(), nn.Linear(48, 48), nn.Tanh(),
                      nn.Linear(48, 1)).to(DEVICE)
service = EtaService(model)
lines = make_lines(n_lines=8, n_trams=240, gen=gen)
waits = {line.name: [] for line in lines}
for refresh in range(12):
    for line in lines:
        spacing = spacing_profile(line)
        etas = service.refresh(line)
        waits[line.name].append(float((etas.abs() * spacing.mean()).mean()))
        jitter(line, gen)
for name, w in waits.items():
    print(f"{name}: mean predicted wait {np.mean(w):.3f} min")
print(f"result: {sum(sum(w) for w in waits.values()):.10e}")
