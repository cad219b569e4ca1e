# ruff: noqa
"""Proofing-time model for a sourdough bakery: a small network learns how long a dough takes to
proof from its recipe (hydration, starter share, salt, dough temperature, room temperature and the
flour blend). The flour blend is described by the miller's spec sheet, a table of properties per
flour, mixed in by a hook in front of the network. Trains for a few epochs and reports the error."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"

# miller's spec sheet: 300 flours x 48 properties (protein, ash, falling number, ...)
FLOUR_SPECS = [[round(math.sin(0.37 * i + 0.11 * j) * 0.5 + 0.5, 4) for j in range(48)] for i in range(300)]


class ProofNet(nn.Module):
    def __init__(self, n_recipe=5, n_blend=48, width=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_recipe + n_blend, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1)
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def blend_hook(n_recipe):
    def hook(module, args):
        (x,) = args
        recipe, shares = x[:, :n_recipe], x[:, n_recipe:]
        specs = torch.tensor(FLOUR_SPECS, device=shares.device)
        return (torch.cat([recipe, shares @ specs], dim=1),)

    return hook


def make_bakes(gen, n):
    recipe = torch.rand(n, 5, generator=gen)
    shares = torch.softmax(3.0 * torch.rand(n, 300, generator=gen), dim=1)
    hours = 3.0 + 4.0 * recipe[:, 1] - 2.5 * recipe[:, 3] + 1.5 * shares[:, :8].sum(1) + 0.1 * torch.randn(n, generator=gen)
    return torch.cat([recipe, shares], dim=1), hours


def train(model, x, y, epochs, batch):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    n = x.shape[0]
    history = []
    for epoch in range(epochs):
        perm = torch.randperm(n, generator=torch.Generator().manual_seed(epoch))
        running = torch.zeros((), device=x.device)
        for start in range(0, n, batch):
            idx = perm[start : start + batch]
            loss = ((model(x[idx]) - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
        history.append(running.item() / math.ceil(n / batch))
    return history


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
x, y = make_bakes(gen, 16000)
model = ProofNet().to(device)
model.register_forward_pre_hook(blend_hook(5))
history = train(model, x.to(device), y.to(device), epochs=2, batch=64)
with torch.no_grad():
    xt, yt = make_bakes(gen, 4000)
    err = (model(xt.to(device)) - yt.to(device)).abs().mean()
print(f"final epoch loss {history[-1]:.4f}, test MAE {float(err):.4f} h")
print(f"result: {sum(history) + float(err):.10e}")
