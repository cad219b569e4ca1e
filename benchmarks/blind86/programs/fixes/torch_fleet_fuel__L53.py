# ruff: noqa
"""Monte Carlo of fuel use for a container-ship rotation under uncertain weather.

Many scenarios of one rotation are simulated side by side: each scenario has its own hull
fouling (drag) and a weather process that moves its speed through the water; fuel burn follows
the cube of speed. The simulation reports the fuel needed for the voyage and the share of
scenarios that would run short of the planned bunker."""
from dataclasses import dataclass

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Scenarios:
    drag: torch.Tensor
    speed: torch.Tensor
    fuel: torch.Tensor
    distance: torch.Tensor


def sample_scenarios(n, rng):
    drag = torch.from_numpy(rng.uniform(0.9, 1.3, size=n) * 2.4e-3).to(device)
    speed = torch.full((n,), 18.0, device=device)
    fuel = torch.full((n,), 3600.0, device=device)
    return Scenarios(drag=drag, speed=speed, fuel=fuel, distance=torch.zeros(n, device=device))


class Voyage:
    def __init__(self, target_speed, dt_hours, generator):
        self.target = target_speed
        self.dt = dt_hours
        self.gen = generator

    def step(self, s):
        gust = torch.randn(s.speed.shape, generator=self.gen, device=device)
        s.speed = s.speed + 0.1 * (self.target - s.speed) - 8.0 * s.drag + 0.3 * gust
        burn = s.drag * s.speed**3 * self.dt
        s.fuel = s.fuel - burn
        s.distance = s.distance + s.speed * self.dt


rng = np.random.default_rng(8)
gen = torch.Generator(device=device).manual_seed(8)
scen = sample_scenarios(400_000, rng)
voyage = Voyage(target_speed=17.5, dt_hours=1.0, generator=gen)
low_marks = []
for hour in range(240):
    voyage.step(scen)
    if hour % 48 == 47:
        low_marks.append(scen.fuel.min())
short = (scen.fuel < 0).float().mean()
print(f"fuel left: mean {float(scen.fuel.mean()):.1f} t, short in {float(short):.4f} of scenarios")
print(f"result: {float(scen.fuel.mean()) + float(scen.distance.mean()) + float(torch.stack(low_marks).sum()) + float(short):.10e}")
