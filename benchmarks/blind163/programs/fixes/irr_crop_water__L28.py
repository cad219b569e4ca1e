"""Crop water use per plot for the co-op's planning sheet: daily reference ET from the
weather station, a half-monthly crop coefficient per crop, a soil-water stress factor from
the soil's readily available water, and the season's water need per plot."""
from dataclasses import dataclass
from functools import cached_property, partial

import torch

CROPS = ["lettuce", "tomato", "leek", "squash", "brassica", "bean", "onion", "chard"]


@dataclass
class Station:
    tmax: torch.Tensor
    tmin: torch.Tensor
    rad: torch.Tensor     # MJ/m2/day

    @cached_property
    def et0(self):
        """Hargreaves reference ET (mm/day) for every day of the record."""
        tmean = 0.5 * (self.tmax + self.tmin)
        spread = (self.tmax - self.tmin).clamp_min(0.0)
        return 0.0023 * self.rad * (tmean + 17.8) * spread.sqrt() * 0.408


KC_TABLE = torch.tensor([
    [0.00, 0.00, 0.00, 0.00, 0.45, 0.57, 0.70, 0.82, 0.95, 0.97, 1.00, 0.97, 0.95, 0.88, 0.80, 0.70, 0.60, 0.60, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00],  # lettuce
    [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.60, 0.70, 0.80, 0.95, 1.10, 1.12, 1.15, 1.10, 1.05, 0.93, 0.80, 0.80, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00],  # tomato
    [0.70, 0.70, 0.70, 0.72, 0.75, 0.80, 0.85, 0.90, 0.95, 0.97, 1.00, 1.00, 1.00, 1.00, 1.00, 0.97, 0.95, 0.93, 0.90, 0.85, 0.80, 0.75, 0.70, 0.70],  # leek
    [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.50, 0.70, 0.90, 0.97, 1.05, 1.02, 1.00, 0.88, 0.75, 0.75, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00],  # squash
    [0.60, 0.62, 0.65, 0.70, 0.75, 0.82, 0.90, 0.95, 1.00, 1.02, 1.05, 1.02, 1.00, 0.97, 0.95, 0.95, 0.95, 0.93, 0.90, 0.85, 0.80, 0.72, 0.65, 0.62],  # brassica
    [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.45, 0.60, 0.75, 0.90, 1.05, 1.07, 1.10, 1.00, 0.90, 0.90, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00],  # bean
    [0.00, 0.00, 0.65, 0.70, 0.75, 0.82, 0.90, 0.95, 1.00, 1.00, 1.00, 0.93, 0.85, 0.80, 0.75, 0.75, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00],  # onion
    [0.75, 0.78, 0.80, 0.82, 0.85, 0.90, 0.95, 0.97, 1.00, 1.00, 1.00, 1.00, 1.00, 0.97, 0.95, 0.93, 0.90, 0.90, 0.90, 0.88, 0.85, 0.82, 0.80, 0.78],  # chard
])


def half_month_kc(period):
    """Crop coefficient of every crop for one half-month period (0-23)."""
    table = KC_TABLE
    return table[:, period]


def make_stress(wilting=0.10, capacity=0.34, depletion=0.5):
    """FAO-56 water stress coefficient Ks as a closure over the co-op's soil numbers."""
    readily = depletion * (capacity - wilting)

    def ks(moisture):
        return ((moisture - wilting) / readily).clamp(0.0, 1.0)

    return ks


def plot_day(stress, station, crop_idx, moisture, day):
    et0 = station.et0[day]
    kc = half_month_kc(min(day // 15, 23))[crop_idx]
    use = et0 * kc * stress(moisture)
    moisture = (moisture - use / 300.0 + 0.004).clamp(0.05, 0.40)
    return use, moisture


def season(stress, station, crop_idx, n_days):
    moisture = torch.full(crop_idx.shape, 0.25)
    total = torch.zeros(crop_idx.shape)
    step = partial(plot_day, stress, station, crop_idx)
    for day in range(n_days):
        use, moisture = step(moisture, day)
        total += use
    return total


def main():
    torch.manual_seed(5)
    g = torch.Generator().manual_seed(5)
    days = 360
    doy = torch.arange(days, dtype=torch.float32)
    station = Station(
        tmax=22 + 8 * torch.sin((doy - 100) / 58) + torch.randn(days, generator=g),
        tmin=9 + 6 * torch.sin((doy - 100) / 58) + torch.randn(days, generator=g),
        rad=15 + 9 * torch.sin((doy - 80) / 58).clamp_min(-0.8),
    )
    stress = make_stress()
    blocks = [torch.randint(0, len(CROPS), (12,), generator=g) for _ in range(60)]
    totals = [season(stress, station, crop_idx, days) for crop_idx in blocks]
    per_crop = torch.zeros(len(CROPS))
    for crop_idx, total in zip(blocks, totals):
        per_crop.index_add_(0, crop_idx, total)
    need = {name: per_crop[i].item() for i, name in enumerate(CROPS)}
    print(f"result: {sum(need.values()) / 1000:.10e}")


main()
