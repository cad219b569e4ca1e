# ruff: noqa
"""Surface map of a freshly figured telescope mirror: a small network is fitted to synthetic
interferometer heights (Zernike terms plus zonal ripple), then evaluated on a polar grid of
test points to give peak-to-valley and RMS surface error in waves for each mirror of the batch."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
WAVE_NM = 632.8


class SurfaceNet(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(self, xy):
        return self.body(xy).squeeze(-1)


def zernike_heights(xy, coeffs):
    x, y = xy[:, 0], xy[:, 1]
    r2 = x * x + y * y
    terms = torch.stack([2 * r2 - 1, 6 * r2 * r2 - 6 * r2 + 1, (3 * r2 - 2) * x, 0.2 * torch.sin(9 * r2)], 1)
    return terms @ coeffs


def polar_grid(n_r, n_t):
    r = torch.linspace(0.05, 0.98, n_r)
    t = torch.linspace(0.0, 2 * math.pi, n_t + 1)[:-1]
    rr, tt = torch.meshgrid(r, t, indexing="ij")
    return torch.stack([rr * torch.cos(tt), rr * torch.sin(tt)], -1).reshape(-1, 2)


def fit(model, xy, z, epochs, lr=0.05, beta=0.9):
    velocity = [torch.zeros_like(w) for w in model.parameters()]
    for _ in range(epochs):
        model.zero_grad()
        loss = ((model(xy) - z) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for w, v in zip(model.parameters(), velocity):
                v.mul_(beta).add_(w.grad)
                w.sub_(lr * v)
    return model


class Evaluator:
    def __init__(self, model):
        self.model = model

    def heights(self, points):
        with torch.no_grad():
            return torch.stack(list(map(lambda p: self.model(p), points)))


def main():
    torch.manual_seed(3)
    mirrors = [[0.12, -0.05, 0.03, 0.02], [0.08, 0.1, -0.02, 0.04], [-0.1, 0.04, 0.05, 0.01]]
    grid = polar_grid(50, 96).to(device)
    summary = []
    for spec in mirrors:
        coeffs = torch.tensor(spec, device=device)
        xy = (torch.rand(1024, 2, device=device) * 2 - 1) * 0.7
        model = fit(SurfaceNet().to(device), xy, zernike_heights(xy, coeffs), 60)
        h = Evaluator(model).heights(grid)
        summary.append(((h.max() - h.min()).item(), h.std().item()))
    for i, (pv, rms) in enumerate(summary):
        print(f"mirror {i}: P-V {pv:.4f} waves, RMS {rms:.4f} waves")
    print(f"result: {sum(pv + rms for pv, rms in summary):.10e}")


main()
