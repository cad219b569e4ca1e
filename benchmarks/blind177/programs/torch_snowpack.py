# ruff: noqa
"""Snowpack temperature model for a ski area's avalanche forecast: each slope's pack is eight
layers deep, heat moves between layers by an explicit conduction step (every ten minutes through
a season's nights and days), the surface follows the air temperature and radiation, and the model
reports the hours with a strong temperature gradient near the base (faceting risk) per slope."""
import math

import torch

torch.set_num_threads(1)

DT_H = 1.0 / 6.0
K = 0.3
STEPS = 50000
N_SLOPES = 48


def slope_aspect_factors(n_slopes):
    aspects = torch.tensor([0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0])
    return 0.6 + 0.4 * torch.cos(torch.deg2rad(aspects)).repeat(n_slopes // 8)


def conduction_step(temps, surface):
    A = torch.tensor(
        [
            [1.0 - 2.0 * K * DT_H, K * DT_H, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
            [K * DT_H, 1.0 - 2.0 * K * DT_H, K * DT_H, 0.0, 0.0, 0.0, 0.0, 0.0],
            [0.0, K * DT_H, 1.0 - 2.0 * K * DT_H, K * DT_H, 0.0, 0.0, 0.0, 0.0],
            [0.0, 0.0, K * DT_H, 1.0 - 2.0 * K * DT_H, K * DT_H, 0.0, 0.0, 0.0],
            [0.0, 0.0, 0.0, K * DT_H, 1.0 - 2.0 * K * DT_H, K * DT_H, 0.0, 0.0],
            [0.0, 0.0, 0.0, 0.0, K * DT_H, 1.0 - 2.0 * K * DT_H, K * DT_H, 0.0],
            [0.0, 0.0, 0.0, 0.0, 0.0, K * DT_H, 1.0 - 2.0 * K * DT_H, K * DT_H],
            [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, K * DT_H, 1.0 - K * DT_H],
        ]
    )
    new = A @ temps
    new[0] += K * DT_H * surface
    return new


class AvalancheForecast:
    def __init__(self, n_slopes, gen):
        self.gen = gen
        self.shade = slope_aspect_factors(n_slopes)
        self.temps = torch.full((8, n_slopes), -4.0)
        self.facet_hours = torch.zeros(n_slopes)

    def air_temperature(self, steps):
        hour = torch.arange(steps, dtype=torch.float32) * DT_H
        return -8.0 + 6.0 * torch.sin(2.0 * math.pi * (hour - 9.0) / 24.0) - 4.0 * torch.cos(2.0 * math.pi * hour / (24.0 * 120.0))

    def run(self, steps):
        air = self.air_temperature(steps) + 0.8 * torch.randn(steps, generator=self.gen)
        surface = air[:, None] + 2.0 * self.shade
        for step in range(steps):
            self.temps = conduction_step(self.temps, surface[step])
            if step % 6 == 5:
                gradient = (self.temps[7] - self.temps[5]).abs() / 0.3
                self.facet_hours += gradient > 10.0
        return self.facet_hours


def main():
    gen = torch.Generator().manual_seed(21)
    forecast = AvalancheForecast(N_SLOPES, gen)
    hours = forecast.run(STEPS)
    print(f"slopes with faceting risk over 100 h: {int((hours > 100.0).sum())} of {N_SLOPES}")
    print(f"mean base temperature {float(forecast.temps[7].mean()):.3f} C")
    print(f"result: {float(hours.sum()) + float(forecast.temps.sum()):.8e}")


main()
