"""Wheel-speed forecast for the tidal mill trust: a small network maps each half-hour's tide
and sluice features to the expected wheel speed; every day's readings are scored, the day's
forecast error is logged, and the week's mean error is reported. Prints the mean absolute error
and a checksum."""

import functools
from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class ForecastConfig:
    features: int = 12
    hidden: int = 32
    days: int = 9
    readings_per_day: int = 1800
    device: str = "cuda" if torch.cuda.is_available() else "cpu"


class WheelSpeedNet(nn.Module):
    def __init__(self, cfg: ForecastConfig):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cfg.features, cfg.hidden),
            nn.Tanh(),
            nn.Linear(cfg.hidden, cfg.hidden),
            nn.Tanh(),
            nn.Linear(cfg.hidden, 1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x).squeeze(-1)


def forecast_one(model: nn.Module, reading: torch.Tensor) -> torch.Tensor:
    return model(reading.unsqueeze(0))[0]


def synth_day(cfg: ForecastConfig, day: int, gen: torch.Generator):
    t = torch.linspace(0.0, 24.0, cfg.readings_per_day) + day * 24.0
    phase = 2.0 * torch.pi * t / 12.42
    base = torch.stack([torch.sin(phase * (k + 1) / 3.0) for k in range(cfg.features)], dim=1)
    x = base + 0.05 * torch.randn(cfg.readings_per_day, cfg.features, generator=gen)
    speed = 4.0 + 2.5 * torch.sin(phase) + 0.1 * torch.randn(cfg.readings_per_day, generator=gen)
    return x.to(cfg.device), speed.to(cfg.device)


def score_day(model: nn.Module, x: torch.Tensor) -> torch.Tensor:
    predict = functools.partial(forecast_one, model)
    with torch.no_grad():
        return torch.stack([predict(row) for row in x])


def main() -> None:
    cfg = ForecastConfig()
    torch.manual_seed(158)
    gen = torch.Generator().manual_seed(1582)
    model = WheelSpeedNet(cfg).to(cfg.device).eval()
    errors = []
    checksum = 0.0
    for day in range(cfg.days):
        x, speed = synth_day(cfg, day, gen)
        pred = score_day(model, x)
        err = (pred - speed).abs().mean()
        errors.append(err)
        checksum += float(pred.sum())
    errors = torch.stack(errors).tolist()
    print(f"mean absolute error: {sum(errors) / len(errors):.4f}")
    print(f"result: {checksum + sum(errors):.4f}")


if __name__ == "__main__":
    main()
