# ruff: noqa
"""Swarm-risk forecasting for a beekeeping cooperative.

Each hive's weekly inspection gives a feature vector (brood frames, queen cells, weight gain,
hive temperature, forage index, colony age...). A small network is trained on past seasons'
inspections labelled with whether the colony swarmed, then this week's inspections of every
apiary are scored and the hives above the alert threshold are counted. Prints the number of
alerts and a checksum of the risks.
"""

from dataclasses import dataclass

import torch
from torch import nn

N_FEATURES = 12


@dataclass
class ForecastConfig:
    hidden: int = 48
    epochs: int = 20
    batch_size: int = 256
    lr: float = 3e-3
    alert_threshold: float = 0.6


class SwarmNet(nn.Module):
    def __init__(self, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEATURES, hidden),
            nn.GELU(),
            nn.Linear(hidden, hidden),
            nn.GELU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.body(x)).squeeze(-1)


def synthetic_inspections(n: int, gen: torch.Generator):
    x = torch.randn(n, N_FEATURES, generator=gen)
    logit = 1.4 * x[:, 0] + 0.9 * x[:, 1] - 0.7 * x[:, 3] + 0.5 * x[:, 4] * x[:, 5]
    y = (logit + 0.3 * torch.randn(n, generator=gen) > 0.4).float()
    return x, y


class SwarmForecaster:
    def __init__(self, cfg: ForecastConfig) -> None:
        self.cfg = cfg
        self.model = SwarmNet(cfg.hidden)

    def fit(self, x: torch.Tensor, y: torch.Tensor, gen: torch.Generator) -> float:
        opt = torch.optim.Adam(self.model.parameters(), lr=self.cfg.lr)
        loss_fn = nn.BCELoss()
        for _ in range(self.cfg.epochs):
            idx = torch.randint(0, x.shape[0], (self.cfg.batch_size,), generator=gen)
            loss = loss_fn(self.model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.detach()

    @torch.no_grad()
    def score_apiary(self, inspections: torch.Tensor) -> torch.Tensor:
        return self.model(inspections)


def main() -> None:
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(3)
    cfg = ForecastConfig()
    forecaster = SwarmForecaster(cfg)
    x, y = synthetic_inspections(20_000, gen)
    final_loss = forecaster.fit(x, y, gen)
    alerts = 0
    checksum = 0.0
    for apiary in range(18):
        week, _ = synthetic_inspections(1_000, gen)
        risks = forecaster.score_apiary(week)
        alerts += int((risks > cfg.alert_threshold).sum())
        checksum += risks.sum().item()
    print(f"final loss {float(final_loss):.4f}, alerts this week: {alerts}")
    print(f"result: {checksum:.6f}")


if __name__ == "__main__":
    main()
