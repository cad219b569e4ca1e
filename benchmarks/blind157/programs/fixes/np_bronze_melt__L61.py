# ruff: noqa
"""Melt-shop log for a bell foundry's bronze heats: thermocouple traces from each furnace are
smoothed, the tin lost to oxidation over the heat is integrated with an Arrhenius rate law, and
each heat's tin top-up is computed to bring the alloy back to 22% tin before the pour. Prints
the mean top-up per furnace and a checksum."""
import math
from dataclasses import dataclass, field
from functools import partial

import numpy as np

GAS_CONSTANT = 8.314


@dataclass
class Furnace:
    name: str
    charge_kg: float
    setpoint_c: float


@dataclass
class MeltConfig:
    heats: int = 36
    readings_per_heat: int = 160_000
    sample_s: float = 0.05
    target_tin: float = 0.22
    furnaces: list = field(
        default_factory=lambda: [
            Furnace("north crucible", 1800.0, 1150.0),
            Furnace("south crucible", 2400.0, 1165.0),
            Furnace("reverb", 5200.0, 1140.0),
            Furnace("small pot", 350.0, 1180.0),
        ]
    )


class OxidationModel:
    def __init__(self, k0=2.4e3, activation_j=1.55e5):
        self.k0 = k0
        self.activation_j = activation_j

    def rate(self, temps_k):
        arrhenius = partial(lambda ea, t: self.k0 * math.exp(-ea / (GAS_CONSTANT * t)), self.activation_j)
        return np.fromiter(map(arrhenius, temps_k), dtype=np.float64, count=len(temps_k))


def thermocouple_trace(furnace, n, rng):
    ramp = np.minimum(np.arange(n) / (0.3 * n), 1.0)
    drift = np.cumsum(rng.normal(0.0, 0.4, size=n))
    return 20.0 + ramp * (furnace.setpoint_c - 20.0) + drift - drift.mean()


def smooth(trace, width=101):
    kernel = np.hanning(width)
    return np.convolve(trace, kernel / kernel.sum(), mode="same")


def total_charge(furnaces):
    return float(np.sum([f.charge_kg for f in furnaces]))


def run_heats(cfg, rng):
    model = OxidationModel()
    topups = {f.name: [] for f in cfg.furnaces}
    shop_charge = total_charge(cfg.furnaces)
    for h in range(cfg.heats):
        furnace = cfg.furnaces[h % len(cfg.furnaces)]
        temps_c = smooth(thermocouple_trace(furnace, cfg.readings_per_heat, rng))
        loss_rate = model.rate(temps_c + 273.15)
        tin_lost = furnace.charge_kg * cfg.target_tin * (1.0 - math.exp(-loss_rate.sum() * cfg.sample_s / 3600.0))
        tin_left = furnace.charge_kg * cfg.target_tin - tin_lost
        topup = (cfg.target_tin * (furnace.charge_kg - tin_lost) - tin_left) / (1.0 - cfg.target_tin)
        topups[furnace.name].append(topup * furnace.charge_kg / shop_charge)
    return topups


cfg = MeltConfig()
rng = np.random.default_rng(1700)
topups = run_heats(cfg, rng)
for name, values in topups.items():
    print(f"{name:15s} mean top-up {np.mean(values):.4f} kg (weighted)")
checksum = sum(sum(v) for v in topups.values())
print(f"result: {checksum:.10e}")
