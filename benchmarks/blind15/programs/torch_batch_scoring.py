# ruff: noqa
"""Scores a stream of tabular batches with a small trained-looking MLP and three calibration
heads; prints the mean calibrated probability."""
import torch
import torch.nn as nn


class Scorer(nn.Module):
    def __init__(self, d_in, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.heads = nn.ModuleList([nn.Linear(hidden, 1) for _ in range(3)])

    def forward(self, x):
        return self.body(x)


def score_batch(model, batch):
    feats = torch.cat([model(batch[i : i + 1]) for i in range(batch.shape[0])])
    heads = [torch.sigmoid(head(feats)) for head in model.heads]
    return torch.stack(heads).mean(dim=0)


torch.manual_seed(9)
torch.set_num_threads(1)
model = Scorer(20, 64).eval()
total = 0.0
count = 0
with torch.no_grad():
    for step in range(300):
        batch = torch.randn(256, 20)
        probs = score_batch(model, batch)
        total += probs.sum().item()
        count += probs.numel()
print(f"rows: {count}")
print(f"result: {total / count:.10e}")
