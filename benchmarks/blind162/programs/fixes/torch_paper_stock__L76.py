# ruff: noqa
"""Paper stock conditioning: the shop's stacks of cotton and rag paper sit in the stockroom for a
day before they go on the press. Each lot is a stack of sheets whose moisture is tracked on a grid
across the sheet; edges take up the room's humidity faster than the middle. Estimates how far each
lot's sheets grow across the grain by the time they reach the press, and prints the mean growth in
micrometres."""
from dataclasses import dataclass

import numpy as np
import torch

torch.manual_seed(3)


@dataclass(frozen=True)
class Room:
    humidity: float = 0.55  # relative humidity of the stockroom
    temp_c: float = 19.0
    minutes_per_step: float = 6.0


@dataclass
class Lot:
    name: str
    sheets: int
    width_mm: float
    grain_coeff: float  # micrometres of growth per mm of width per unit moisture
    start_moisture: float


class StackModel:
    def __init__(self, grid=48, room=Room()):
        self.grid = grid
        self.room = room
        # edge exposure: sheets breathe at the edges, hardly at all in the middle
        u = np.linspace(-1.0, 1.0, grid)
        edge = np.maximum(np.abs(u)[:, None], np.abs(u)[None, :]) ** 6
        self.exposure = torch.from_numpy(0.02 + 0.25 * edge)

    def rate(self):
        return self.room.minutes_per_step / 60.0 * (1.0 + 0.03 * (self.room.temp_c - 20.0))

    def condition(self, lot, hours):
        m = lot.start_moisture + 0.02 * torch.randn(lot.sheets, self.grid, self.grid)
        k = self.rate()
        steps = int(hours * 60 / self.room.minutes_per_step)
        for _ in range(steps):
            m = m + k * self.exposure * (self.room.humidity - m)
            # fibres relax: moisture smooths a little across the sheet
            m = 0.9 * m + 0.05 * (torch.roll(m, 1, dims=2) + torch.roll(m, -1, dims=2))
        return m

    def growth_um(self, lot, m):
        swell = torch.tanh(4.0 * (m - lot.start_moisture))
        return lot.grain_coeff * lot.width_mm * swell.mean(dim=(1, 2))


def stockroom():
    return [
        Lot("Somerset 250", 60, 560.0, 0.9, 0.40),
        Lot("Lettra 300", 50, 510.0, 1.1, 0.35),
        Lot("Arches 88", 40, 560.0, 0.8, 0.45),
        Lot("Rives BFK", 60, 500.0, 1.0, 0.42),
        Lot("Mohawk Superfine", 70, 635.0, 0.7, 0.38),
    ]


def main():
    model = StackModel()
    report = {}
    growths = []
    for lot in stockroom():
        m = model.condition(lot, hours=24)
        g = model.growth_um(lot, m)
        growths.append(g)
        report[lot.name] = g.mean()
    report = dict(zip(report, torch.stack(list(report.values())).tolist()))
    for name, um in report.items():
        print(f"{name:18s} {um:8.2f} um across the grain")
    print(f"result: {torch.cat(growths).mean().item():.10e}")


if __name__ == "__main__":
    main()
