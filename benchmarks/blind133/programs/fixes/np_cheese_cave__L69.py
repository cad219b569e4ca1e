# ruff: noqa
"""Ripening-cave simulation for a small cheese dairy: each rack of wheels loses moisture towards
the cave's humidity, a humidity controller nudges the cave towards the target using the racks'
mean moisture every simulated hour, rind growth follows temperature, and a daily log is kept.
Prints a short ripening report."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class CaveConfig:
    target_moisture: float = 0.36
    gain: float = 0.08
    hours_per_day: int = 24
    days: int = 130
    n_racks: int = 4
    wheels_per_rack: int = 1500


@dataclass
class Rack:
    name: str
    moisture: np.ndarray
    rind: np.ndarray
    loss_rate: np.ndarray
    history: list = field(default_factory=list)

    @property
    def mean_moisture(self) -> float:
        return sum(self.moisture) / len(self.moisture)

    def age_one_hour(self, humidity: float, temp: float) -> None:
        drive = self.moisture - 0.25 * humidity
        self.moisture -= self.loss_rate * drive
        self.rind += 0.002 * np.clip(temp - 8.0, 0.0, None) * (1.0 - self.rind)


class HumidityController:
    def __init__(self, cfg: CaveConfig):
        self.cfg = cfg
        self.humidity = 0.92

    def update(self, racks):
        readings = [r.mean_moisture for r in racks]
        err = self.cfg.target_moisture - sum(readings) / len(readings)
        self.humidity = float(np.clip(self.humidity + self.cfg.gain * err, 0.75, 0.98))
        return self.humidity


def make_racks(cfg: CaveConfig, rng) -> list:
    racks = []
    for k in range(cfg.n_racks):
        n = cfg.wheels_per_rack
        racks.append(Rack(
            name=f"rack-{k + 1}",
            moisture=rng.uniform(0.42, 0.48, size=n),
            rind=np.zeros(n),
            loss_rate=rng.uniform(0.0008, 0.0015, size=n),
        ))
    return racks


def run_cave(cfg: CaveConfig, seed: int = 11):
    rng = np.random.default_rng(seed)
    racks = make_racks(cfg, rng)
    ctrl = HumidityController(cfg)
    daily_rind = []
    for day in range(cfg.days):
        for hour in range(cfg.hours_per_day):
            temp = 11.0 + 1.5 * np.sin(2 * np.pi * hour / cfg.hours_per_day)
            humidity = ctrl.update(racks)
            for rack in racks:
                rack.age_one_hour(humidity, temp)
        daily_rind.append(np.mean([r.rind.mean() for r in racks]))
    return racks, ctrl, np.array(daily_rind)


cfg = CaveConfig()
racks, ctrl, daily_rind = run_cave(cfg)
for rack in racks:
    print(f"{rack.name}: moisture {rack.moisture.mean():.4f}, rind {rack.rind.mean():.4f}")
print(f"final humidity {ctrl.humidity:.4f}, rind on day 30 {daily_rind[29]:.4f}")
checksum = sum(float(r.moisture.sum() + r.rind.sum()) for r in racks) + float(daily_rind.sum())
print(f"result: {checksum:.10e}")
