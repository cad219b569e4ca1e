# ruff: noqa
"""Search grid for a missing-hiker call-out. The search area is a grid of 100 m cells holding the
probability that the subject is there (POA). Every minute the subject may have moved (the POA
spreads with a movement kernel skewed downhill) and every five minutes each field team sweeps
its cell: the POA there drops by the team's probability of detection (POD). Prints the cumulative
probability of success after the operational period."""
import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

torch.manual_seed(21)


@dataclass(frozen=True)
class SearchConfig:
    grid: int = 20
    minutes_per_step: int = 1
    hours: int = 96
    sweep_every: int = 5  # minutes for a team to search one cell
    walk_sigma_cells: float = 2.4
    kernel_radius: int = 7
    downhill_rad: float = 2.2  # the drainages run south-west
    downhill_bias: float = 0.35


@dataclass
class Team:
    callsign: str
    pod: float  # probability of detection for one sweep of one cell
    row: int
    col: int
    found: list = field(default_factory=list)

    def next_cell(self, poa):
        """Teams move to the most likely neighbouring cell (or stay)."""
        r0, r1 = max(self.row - 1, 0), min(self.row + 2, poa.shape[0])
        c0, c1 = max(self.col - 1, 0), min(self.col + 2, poa.shape[1])
        window = poa[r0:r1, c0:c1]
        k = int(torch.argmax(window))
        self.row, self.col = r0 + k // window.shape[1], c0 + k % window.shape[1]


def walk_weight(dx, dy, sigma, downhill, bias):
    """Lost hikers drift downhill: Gaussian in distance, skewed towards the fall line."""
    if dx == 0 and dy == 0:
        return 1.0
    heading = math.atan2(dy, dx)
    return math.exp(-(dx * dx + dy * dy) / (2.0 * sigma * sigma)) * (1.0 + bias * math.cos(heading - downhill))


def movement_kernel(sigma, radius, downhill, bias):
    span = range(-radius, radius + 1)
    k = torch.tensor([[walk_weight(dx, dy, sigma, downhill, bias) for dx in span] for dy in span], dtype=torch.float32)
    return (k / k.sum()).view(1, 1, 2 * radius + 1, 2 * radius + 1)


class SearchArea:
    def __init__(self, cfg):
        self.cfg = cfg
        g = cfg.grid
        yy, xx = torch.meshgrid(torch.arange(g, dtype=torch.float32), torch.arange(g, dtype=torch.float32), indexing="ij")
        # last known point near the trailhead, subject more likely down the drainages
        self.poa = torch.exp(-((yy - 0.3 * g) ** 2 + (xx - 0.5 * g) ** 2) / (2 * (0.15 * g) ** 2))
        self.poa += 0.2 * torch.rand(g, g)
        self.poa /= self.poa.sum()
        self.mobility = 0.6 + 0.4 * torch.rand(g, g)  # how easily the subject crosses the cell
        self.success = 0.0

    def drift(self):
        kernel = movement_kernel(self.cfg.walk_sigma_cells, self.cfg.kernel_radius, self.cfg.downhill_rad, self.cfg.downhill_bias)
        r = self.cfg.kernel_radius
        moved = F.conv2d(F.pad(self.poa.view(1, 1, *self.poa.shape), (r, r, r, r), mode="replicate"), kernel)[0, 0]
        self.poa = self.mobility * moved + (1.0 - self.mobility) * self.poa

    def sweep(self, team):
        p = float(self.poa[team.row, team.col]) * team.pod
        self.poa[team.row, team.col] -= p
        self.success += p
        team.found.append(p)


def main():
    cfg = SearchConfig()
    area = SearchArea(cfg)
    teams = [Team("Alpha", 0.55, 5, 9), Team("Bravo", 0.45, 7, 12), Team("Charlie", 0.7, 4, 10), Team("Dog 1", 0.8, 6, 7)]
    steps_per_hour = 60 // cfg.minutes_per_step
    hourly = torch.empty(0, len(teams))
    for hour in range(cfg.hours):
        for step in range(steps_per_hour):
            area.drift()
            if step % cfg.sweep_every == 0:
                for team in teams:
                    area.sweep(team)
                    team.next_cell(area.poa)
        row = torch.tensor([[sum(t.found[-steps_per_hour:]) for t in teams]])
        hourly = torch.cat([hourly, row])
    for team, total in zip(teams, hourly.sum(dim=0).tolist()):
        print(f"{team.callsign:8s} found {total:.4f} of the POA")
    print(f"result: {area.success:.10e}")


if __name__ == "__main__":
    main()
