# ruff: noqa
"""Screening of route requests at an interlocking: a small network is trained on logged route
requests (route, aspect, track-circuit and point states encoded as features) to predict which
ones the interlocking rejected as conflicting, then a day of incoming requests is screened by a
dispatcher-side service and the flagged requests are counted per route class."""
from dataclasses import dataclass

import torch
from torch import nn

torch.manual_seed(1435)
device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 48


@dataclass
class TrainConfig:
    epochs: int = 3
    batch: int = 256
    lr: float = 3e-3
    hidden: int = 96


def make_requests(n, gen):
    x = torch.randn(n, N_FEATURES, generator=gen)
    w = torch.linspace(-1.0, 1.0, N_FEATURES)
    logits = x @ w + 0.5 * x[:, :4].prod(dim=1)
    y = (logits > 0.3).float()
    return x, y


class ConflictNet(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEATURES, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1)
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def train(model, x, y, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    loss_fn = nn.BCEWithLogitsLoss()
    losses = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(x.shape[0])
        for i in range(0, x.shape[0], cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = loss_fn(model(x[idx].to(device)), y[idx].to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
        losses.append(loss.item())
    return losses


class ScreeningService:
    def __init__(self, model, threshold=0.5):
        self.model = model.eval()
        self.threshold = threshold

    @torch.no_grad()
    def score(self, requests):
        probs = list(map(lambda r: torch.sigmoid(self.model(r.unsqueeze(0)))[0], requests))
        return torch.stack(probs)

    def flagged(self, requests):
        return self.score(requests) > self.threshold


def main():
    gen = torch.Generator().manual_seed(7)
    cfg = TrainConfig()
    x, y = make_requests(8_000, gen)
    model = ConflictNet(cfg.hidden).to(device)
    losses = train(model, x, y, cfg)
    service = ScreeningService(model)
    day, _ = make_requests(12_000, gen)
    flags = service.flagged(day.to(device))
    classes = (day[:, 0] > 0).long() * 2 + (day[:, 1] > 0).long()
    per_class = torch.bincount(classes[flags.cpu()], minlength=4)
    print("losses:", [f"{l:.4f}" for l in losses], "flagged per class:", per_class.tolist())
    with torch.no_grad():
        checksum = torch.sigmoid(model(day.to(device))).sum().item()
    print(f"result: {checksum + flags.sum().item():.10e}")


if __name__ == "__main__":
    main()
