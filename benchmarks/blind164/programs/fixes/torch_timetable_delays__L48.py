"""Delay propagation over the tram network timetable.

Each tick, every running tram carries a delay. Delays spread through shared stops
and single-track sections (the interaction table below, from the depot's operations
handbook), trams recover a little at layover stops, and a small learned correction
model nudges the forecast. We run a few hundred simulated service days and report
the mean end-of-day delay.
"""
from dataclasses import dataclass
import random

import torch

torch.manual_seed(21)
random.seed(21)

N_LINES = 48

# line-to-line delay coupling (shared stops, single-track sections), from the handbook
_rnd = random.Random(1)
COUPLING = [[(0.6 if i == j else (0.04 if abs(i - j) == 1 else 0.004 * _rnd.random()))
             for j in range(N_LINES)] for i in range(N_LINES)]


@dataclass
class ServiceDay:
    trams_per_line: int = 6
    ticks: int = 110
    layover_every: int = 12


class CorrectionNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(N_LINES, 32), torch.nn.Tanh(),
                                       torch.nn.Linear(32, N_LINES))

    def forward(self, d):
        return 0.05 * self.net(d)


class DelayModel:
    def __init__(self, day, correction):
        self.day = day
        self.correction = correction

    _coupling = torch.tensor(COUPLING)

    def spread(self, delays):
        coupling = self._coupling
        return delays @ coupling.T

    def tick(self, t, delays, shocks):
        d = self.spread(delays) + shocks[t]
        if t % self.day.layover_every == 0:
            d = torch.relu(d - 1.5)
        return torch.relu(d + self.correction(d))


def simulate(model, days, rng_seed):
    g = torch.Generator().manual_seed(rng_seed)
    shape = (days, model.day.ticks, model.day.trams_per_line, N_LINES)
    shocks = torch.distributions.Exponential(2.0).sample(shape) * (torch.rand(shape, generator=g) < 0.05)
    finals = []
    with torch.no_grad():
        for day_shocks in shocks:
            d = torch.zeros(model.day.trams_per_line, N_LINES)
            for t in range(model.day.ticks):
                d = model.tick(t, d, day_shocks)
            finals.append(d)
    return torch.stack(finals)


def main():
    day = ServiceDay()
    model = DelayModel(day, CorrectionNet())
    baseline = simulate(model, 60, 7)
    worst_lines = baseline.mean(dim=(0, 1)).clone().topk(5).values
    print(f"result: {baseline.mean().item() + 0.01 * worst_lines.sum().item():.8f}")


if __name__ == "__main__":
    main()
