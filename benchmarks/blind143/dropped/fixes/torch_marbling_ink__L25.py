# ruff: noqa
"""Marbled-paper ink bath on a grid: pigment densities of a few colours are dropped on the bath,
dragged along by stylus strokes (each stroke shifts a band of the bath) and slowly diffuse.
A monitor callback samples the bath after every stroke at a ring of probe points, the way the
artist watches the pattern form; at the end the sheet's colour balance is reported."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Bath:
    size: int = 640
    colours: int = 6
    density: torch.Tensor = None
    strokes: int = 0

    def __post_init__(self):
        self.density = torch.zeros(self.colours, self.size, self.size, device=device)

    def snapshot(self):
        return self.density

    def drop(self, params):
        cx, cy, r, c = params.tolist()
        lo_x, hi_x = int(max(cx - r, 0)), int(min(cx + r, self.size))
        lo_y, hi_y = int(max(cy - r, 0)), int(min(cy + r, self.size))
        self.density[int(c), lo_y:hi_y, lo_x:hi_x] += 1.0

    def stroke(self, row, width, shift):
        band = self.density[:, row : row + width]
        self.density[:, row : row + width] = torch.roll(band, shifts=shift, dims=2)
        self.strokes += 1

    def diffuse(self, rate):
        band = self.density[:, ::8]
        band.mul_(1.0 - rate).add_(rate * band.mean())


@dataclass
class Monitor:
    probes: torch.Tensor
    readings: list = field(default_factory=list)

    def __call__(self, bath):
        snap = bath.snapshot()
        self.readings.append(snap[:, self.probes[:, 0], self.probes[:, 1]].sum(0))


def run_session(bath, monitor, gen, n_drops, n_strokes):
    for i in range(n_drops):
        xy = torch.rand(2, generator=gen) * bath.size
        params = torch.tensor([float(xy[0]), float(xy[1]), 12.0 + 8.0 * (i % 3), i % bath.colours])
        bath.drop(params)
    for s in range(n_strokes):
        row = int(torch.randint(0, bath.size - 24, (1,), generator=gen))
        bath.stroke(row, 24, 5 + s % 11)
        if s % 10 == 0:
            bath.diffuse(0.02)
        monitor(bath)


gen = torch.Generator().manual_seed(4)
bath = Bath()
theta = torch.linspace(0, 6.283, 32)
probes = torch.stack([320 + 200 * torch.sin(theta), 320 + 200 * torch.cos(theta)], 1).long()
monitor = Monitor(probes)
run_session(bath, monitor, gen, n_drops=90, n_strokes=900)
trace = torch.stack(monitor.readings)
balance = bath.density.sum(dim=(1, 2))
print(f"{bath.strokes} strokes, colour balance {[round(v, 1) for v in balance.tolist()]}")
print(f"result: {float(trace.sum() + balance.sum() + trace.std()):.10e}")
