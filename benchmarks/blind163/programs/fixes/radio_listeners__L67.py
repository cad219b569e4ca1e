"""Listener-count model for the station's stream: each relay region's audience follows a
daily rhythm, reacts to what is on air and drifts with the weather; we simulate five days minute
by minute and report the average audience the sponsors are quoted."""
from dataclasses import dataclass, field

import torch

REGIONS = 64


@dataclass
class AudienceConfig:
    base: float = 40.0
    churn: float = 0.03
    show_boost: dict = field(default_factory=lambda: {"breakfast": 1.6, "drive": 1.4, "late": 0.7})


class Audience(torch.nn.Module):
    """A small recurrent model of how many people are tuned in, per relay region."""

    def __init__(self, n_regions, cfg):
        super().__init__()
        self.cfg = cfg
        self.mix = torch.nn.Linear(n_regions, n_regions, bias=False)
        with torch.no_grad():
            self.mix.weight.copy_(torch.eye(n_regions) * 0.9 + 0.1 / n_regions)
        self.loyalty = torch.nn.Parameter(torch.rand(n_regions) * 0.5 + 0.5)

    def forward(self, tuned_in, pull):
        stay = tuned_in * (1 - self.cfg.churn) * self.loyalty
        join = self.cfg.base * pull
        return torch.relu(self.mix(stay) + join)


def show_at(minute):
    hour = (minute // 60) % 24
    if 6 <= hour < 9:
        return "breakfast"
    if 16 <= hour < 19:
        return "drive"
    if hour >= 23 or hour < 5:
        return "late"
    return "daytime"


def daily_pull(minute, phase):
    t = torch.tensor(minute / 1440.0)
    return 0.5 + 0.5 * torch.sin(2 * torch.pi * (t - phase))


@torch.no_grad()
def simulate_week(model, phase, weather, minutes):
    tuned = torch.full((REGIONS,), model.cfg.base)
    history = torch.empty(0, REGIONS)
    for minute in range(minutes):
        boost = model.cfg.show_boost.get(show_at(minute), 1.0)
        pull = daily_pull(minute, phase) * boost * weather[minute // 60]
        tuned = model(tuned, pull)
        history = torch.cat([history, tuned.unsqueeze(0)])
    return history


def main():
    torch.manual_seed(42)
    cfg = AudienceConfig()
    model = Audience(REGIONS, cfg)
    initial_loyalty = model.loyalty.detach()
    phase = torch.rand(REGIONS) * 0.1 + 0.2
    minutes = 5 * 24 * 60
    weather = 1.0 + 0.1 * torch.randn(minutes // 60 + 1, REGIONS)
    history = simulate_week(model, phase, weather, minutes)
    hourly = history.reshape(-1, 60, REGIONS).mean(dim=1)
    peak_hour = hourly.sum(dim=1).argmax()
    drift = (model.loyalty.detach() - initial_loyalty).abs().sum()
    print(f"result: {hourly.mean().item() + hourly[peak_hour].mean().item() / 100 + drift.item():.10e}")


main()
