# ruff: noqa
"""Rind culture growth on the wheels of a cheese cave: each wheel's rind is a strip of cells where
the washed-rind bacteria grow logistically, are knocked back by each brine wash and spread to
neighbouring cells. Wheels sit on shelves at slightly different temperatures, which sets their
growth rates. The program ripens a batch of wheels for a few weeks and prints rind coverage."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class RipeningPlan:
    wheels: int = 64
    cells: int = 2560
    days: int = 24
    steps_per_day: int = 24
    capacity: float = 1.0
    spread: float = 0.08
    wash_every: int = 4


def make_growth_step(plan, shelf_temps):
    dt = 1.0 / plan.steps_per_day
    rates = torch.tensor(np.interp(shelf_temps, [10.0, 14.0], [0.15, 0.35])).to(device)[:, None]

    def step(pop):
        left = torch.roll(pop, 1, dims=1)
        right = torch.roll(pop, -1, dims=1)
        growth = rates * pop * (1.0 - pop / plan.capacity)
        inhibition = pop * torch.exp(-3.0 * pop) * torch.sigmoid(8.0 * (pop - 0.5))
        return pop + dt * (growth - 0.05 * inhibition) + plan.spread * dt * (left + right - 2 * pop)

    return step


def brine_wash(pop, strength=0.35):
    return pop * (1.0 - strength * torch.tanh(3.0 * pop))


def main():
    plan = RipeningPlan()
    torch.manual_seed(8)
    rng = np.random.default_rng(8)
    shelf_temps = np.repeat(np.linspace(10.5, 13.5, plan.wheels // 8), 8)
    pop = (0.02 * torch.rand(plan.wheels, plan.cells)).to(device)
    step = make_growth_step(plan, shelf_temps)
    coverage = []
    for day in range(plan.days):
        for _ in range(plan.steps_per_day):
            pop = step(pop)
        if day % plan.wash_every == plan.wash_every - 1:
            pop = brine_wash(pop)
        coverage.append(pop.mean(1, dtype=torch.float64))
    coverage = torch.stack(coverage)
    final = coverage[-1]
    print(f"day {plan.days}: mean coverage {float(final.mean()):.4f}, "
          f"range {float(final.min()):.4f}..{float(final.max()):.4f}")
    print(f"result: {float(pop.double().sum()) + float(coverage.double().sum()):.10e}")


if __name__ == "__main__":
    main()
