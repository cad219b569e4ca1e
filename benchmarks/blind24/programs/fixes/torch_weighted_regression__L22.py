"""Heteroscedastic regression: a small network fitted with a per-observation weighted loss.

Observation weights come from a calibration table kept as a plain Python list (one weight per
training row). A WeightedMSE loss module applies them batch by batch; the training loop logs the
loss every few steps and the result is the final weighted loss plus the mean prediction.
"""
import math

import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class WeightedMSE(nn.Module):
    def __init__(self, weight_table):
        super().__init__()
        self.weight_table = weight_table
        self._weights = torch.tensor(weight_table, dtype=torch.float32, device=device)

    @property
    def weights(self):
        return self._weights

    def forward(self, pred, target, idx):
        w = self.weights[idx]
        return (w * (pred - target) ** 2).sum() / w.sum()


def make_data(n, d, seed):
    g = torch.Generator().manual_seed(seed)
    X = torch.randn(n, d, generator=g)
    beta = torch.randn(d, generator=g)
    noise_scale = 0.1 + X[:, 0].abs()
    y = torch.sin(X @ beta) + noise_scale * torch.randn(n, generator=g)
    table = [1.0 / (0.1 + math.fabs(v)) ** 2 for v in X[:, 0].tolist()]
    return X.to(device), y.to(device), table


def main():
    torch.manual_seed(0)
    X, y, table = make_data(120000, 16, seed=4)
    model = nn.Sequential(nn.Linear(16, 64), nn.Tanh(), nn.Linear(64, 1)).to(device)
    loss_fn = WeightedMSE(table)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    g = torch.Generator().manual_seed(1)
    history = []
    for step in range(200):
        idx = torch.randint(0, X.shape[0], (512,), generator=g).to(device)
        pred = model(X[idx]).squeeze(1)
        loss = loss_fn(pred, y[idx], idx)
        opt.zero_grad()
        loss.backward()
        clip = torch.tensor([1.0], device=device)
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip.item() * 5.0)
        opt.step()
        if step % 50 == 0:
            history.append(loss.item())
    with torch.no_grad():
        final = loss_fn(model(X).squeeze(1), y, torch.arange(X.shape[0], device=device)).item()
        mean_pred = model(X).mean().item()
    print("result:", round(final + mean_pred + sum(history) * 1e-3, 5))


if __name__ == "__main__":
    main()
