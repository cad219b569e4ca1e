# ruff: noqa
"""Cooling of a blown glass vessel's wall in the studio's annealer.

The wall is cut into thin zones across its thickness and along its height; heat conduction and
the annealer's air are stepped with an explicit finite-difference scheme. At every checkpoint
the thermal stress of each zone (from its temperature gap to the wall's mean) is graded against
the glass's strain limit by an inspection hook, and the counts of zones at risk are kept. Prints
the worst checkpoint and a checksum of the final temperatures and grades.
"""

import functools
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class GlassSpec:
    diffusivity: float = 4.5e-7
    expansion: float = 9.0e-6
    modulus_mpa: float = 70_000.0
    strain_limit_mpa: float = 9.5
    caution_band_mpa: float = 3.0


@dataclass(frozen=True)
class AnnealerSettings:
    air_c: float = 480.0
    cool_rate_c_per_s: float = 0.08
    film_coeff: float = 0.6
    dt_s: float = 0.25


def grade_zones(stress: torch.Tensor, limit: float, band: float) -> torch.Tensor:
    grades = torch.empty_like(stress)
    for i in range(stress.shape[0]):
        if stress[i] > limit:
            grades[i] = 2.0
        elif stress[i] > limit - band:
            grades[i] = 1.0
        else:
            grades[i] = 0.0
    return grades


class WallModel:
    def __init__(self, zones_high: int, zones_deep: int, thickness_m: float, start_c: float):
        self.temp = torch.full((zones_high, zones_deep), start_c, dtype=torch.float64)
        self.temp += torch.linspace(0.0, 25.0, zones_high, dtype=torch.float64)[:, None]
        self.dx = thickness_m / zones_deep

    def step(self, spec: GlassSpec, air: AnnealerSettings, air_c: float) -> None:
        t = self.temp
        lap = torch.zeros_like(t)
        lap[:, 1:-1] = t[:, 2:] - 2 * t[:, 1:-1] + t[:, :-2]
        lap[:, 0] = t[:, 1] - t[:, 0] + air.film_coeff * (air_c - t[:, 0])
        lap[:, -1] = t[:, -2] - t[:, -1] + air.film_coeff * (air_c - t[:, -1])
        self.temp = t + spec.diffusivity * air.dt_s / self.dx**2 * lap

    def stress(self, spec: GlassSpec) -> torch.Tensor:
        gap = self.temp - self.temp.mean(dim=1, keepdim=True)
        return (spec.modulus_mpa * spec.expansion * gap.abs()).flatten()


def anneal(wall: WallModel, spec: GlassSpec, air: AnnealerSettings, steps: int, every: int, on_checkpoint):
    at_risk = []
    for k in range(steps):
        air_c = air.air_c - air.cool_rate_c_per_s * air.dt_s * k
        wall.step(spec, air, air_c)
        if k % every == 0:
            grades = on_checkpoint(wall.stress(spec))
            at_risk.append((grades > 0).sum())
    return torch.stack(at_risk).tolist(), grades


def main() -> None:
    spec = GlassSpec()
    air = AnnealerSettings()
    wall = WallModel(zones_high=32, zones_deep=8, thickness_m=0.006, start_c=520.0)
    inspect = functools.partial(grade_zones, limit=spec.strain_limit_mpa, band=spec.caution_band_mpa)
    at_risk, grades = anneal(wall, spec, air, steps=3000, every=6, on_checkpoint=inspect)
    worst = max(range(len(at_risk)), key=at_risk.__getitem__)
    print(f"worst checkpoint {worst}: {at_risk[worst]} zones at risk")
    print(f"result: {float(wall.temp.sum()) + float(grades.sum()) + sum(at_risk):.10e}")


if __name__ == "__main__":
    main()
