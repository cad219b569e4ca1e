"""Streaming quality control for a production line: an MLP is trained for a few hundred steps
on synthetic 48-sample sensor windows labelled good/bad, then batches of incoming windows are
scored by a Scorer object and flagged, and the flag rate per validation split is reported."""
import torch
from torch import nn


def make_windows(g, n):
    x = torch.randn(n, 48, generator=g)
    drift = torch.linspace(0, 1, 48)
    bad = torch.rand(n, generator=g) < 0.2
    x[bad] += 1.5 * drift
    return x, bad.float()


class Scorer:
    def __init__(self, model, threshold):
        self.model = model
        self.threshold = threshold

    @torch.no_grad()
    def score(self, batch):
        return self.model(batch)

    def flags(self, batch):
        return torch.sigmoid(self.score(batch)).squeeze(1) > self.threshold


def main():
    g = torch.Generator().manual_seed(4)
    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(48, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(300):
        x, y = make_windows(g, 256)
        loss = nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    scorer = Scorer(model, 0.5)
    flagged = 0
    total_score = 0.0
    for batch_no in range(120):
        x, _ = make_windows(g, 512)
        f = scorer.flags(x)
        flagged += int(f.sum())
        total_score += float(scorer.score(x[:8]).sum())
    with torch.no_grad():
        rates = []
        for split in range(3):
            xv, yv = make_windows(g, 2000)
            pred = torch.sigmoid(model(xv)).squeeze(1) > 0.5
            rates.append(float((pred == yv.bool()).float().mean()))
    print("validation accuracy:", [round(r, 3) for r in rates])
    print(f"result: {flagged + sum(rates) + total_score:.10e}")


main()
