# ruff: noqa
"""Fits a small decoder that maps latent codes to curves expressed in a fixed B-spline-like
basis (the basis rows are tabulated once as plain Python lists); trains with Adam on synthetic
curves and prints the final reconstruction error."""
import math
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_BASIS, N_POINTS = 64, 512


def tabulate_basis(n_basis, n_points):
    rows = []
    for i in range(n_points):
        t = i / (n_points - 1)
        rows.append([math.exp(-((t - k / (n_basis - 1)) ** 2) * 400.0) for k in range(n_basis)])
    return rows


class CurveDecoder(nn.Module):
    def __init__(self, latent=8, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, hidden), nn.Tanh(), nn.Linear(hidden, N_BASIS))
        self._basis_rows = tabulate_basis(N_BASIS, N_POINTS)

    @property
    def basis(self):
        return torch.tensor(self._basis_rows, device=device)

    def forward(self, z):
        return self.net(z) @ self.basis.T


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def step(self, z, target):
        self.opt.zero_grad()
        loss = ((self.model(z) - target) ** 2).mean()
        loss.backward()
        self.opt.step()
        return loss.detach()


torch.manual_seed(0)
true_w = torch.randn(8, N_BASIS)
model = CurveDecoder().to(device)
trainer = Trainer(model)
basis_ref = torch.tensor(tabulate_basis(N_BASIS, N_POINTS))
total = torch.zeros(())
for it in range(400):
    z = torch.randn(64, 8)
    target = (torch.tanh(z @ true_w) @ basis_ref.T).to(device)
    total += trainer.step(z.to(device), target)
print(f"mean loss {float(total) / 400:.6f}")
print("result:", f"{float(total):.10e}")
