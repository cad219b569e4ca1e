# ruff: noqa
"""Climate control for a commercial greenhouse split into growing zones. A small learned
controller maps each zone's sensor state (temperature, humidity, CO2, light, soil moisture and
their trends) to vent, heater and mister settings; a simple physical model then advances every
zone by one 5-minute step. The run covers several simulated days and reports the comfort error."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(5)


@dataclass
class ClimateConfig:
    n_zones: int = 96
    steps_per_day: int = 144
    days: int = 2
    setpoint_temp: float = 24.0
    setpoint_rh: float = 0.7


class Controller(nn.Module):
    def __init__(self, n_in=10, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU())
        self.head = nn.Linear(width, 3)

    def forward(self, x):
        return torch.sigmoid(self.head(self.body(x)))


def zone_features(state, prev, cfg):
    temp_err = state[:, 0:1] - cfg.setpoint_temp
    rh_err = state[:, 1:2] - cfg.setpoint_rh
    trend = state - prev
    return torch.cat([temp_err / 5, rh_err * 4, state[:, 2:5] / torch.tensor([800.0, 1000.0, 1.0]),
                      trend[:, :5]], dim=1)


def physics(state, action, outside, dt=5.0):
    vent, heat, mist = action[:, 0:1], action[:, 1:2], action[:, 2:3]
    temp = state[:, 0:1] + dt * (0.02 * (outside - state[:, 0:1]) * (1 + 3 * vent) + 0.15 * heat)
    rh = (state[:, 1:2] + dt * (0.01 * mist - 0.004 * vent - 0.001 * (temp - 20))).clamp(0.2, 1.0)
    co2 = state[:, 2:3] + dt * (-4.0 * vent * (state[:, 2:3] - 420) / 400 + 1.5)
    light = state[:, 3:4]
    soil = (state[:, 4:5] - dt * 0.0004 * temp / 24 + 0.002 * mist).clamp(0.0, 1.0)
    return torch.cat([temp, rh, co2, light, soil], dim=1)


def run(cfg, controller):
    state = torch.stack([torch.full((cfg.n_zones,), 18.0), torch.full((cfg.n_zones,), 0.6),
                         torch.full((cfg.n_zones,), 500.0), torch.rand(cfg.n_zones) * 900,
                         torch.rand(cfg.n_zones) * 0.5 + 0.3], dim=1).to(device)
    prev = state.clone()
    errors = []
    for day in range(cfg.days):
        daily = torch.zeros((), device=device)
        for step in range(cfg.steps_per_day):
            outside = 12 + 8 * torch.sin(torch.tensor(2 * torch.pi * step / cfg.steps_per_day))
            feats = zone_features(state, prev, cfg)
            with torch.no_grad():
                action = torch.cat(list(map(lambda z: controller(z.unsqueeze(0)), feats)))
            prev, state = state, physics(state, action, outside)
            daily += ((state[:, 0] - cfg.setpoint_temp) ** 2).mean()
        errors.append(daily / cfg.steps_per_day)
        print(f"day {day}: mean squared temperature error {float(errors[-1]):.3f}")
    return state, [float(e) for e in errors]


cfg = ClimateConfig()
controller = Controller().to(device)
state, errors = run(cfg, controller)
print(f"result: {sum(errors) + state.sum().item():.10e}")
